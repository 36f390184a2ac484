import type { PlannedStopEvent } from '../../domain/stops/events.js';
import { evolvePlannedStops, initialPlannedStopsState, type PlannedStopsState } from '../../domain/stops/plannedState.js';
import type { Decider } from '../handleCommand.js';
import { decideDeletePlannedStop, type DeletePlannedStop } from './deletePlannedStop.js';
import { decideEditPlannedStopNote, type EditPlannedStopNote } from './editPlannedStopNote.js';
import { decideRecordPlannedStop, type RecordPlannedStop } from './recordPlannedStop.js';

export type PlannedStopCommand = RecordPlannedStop | EditPlannedStopNote | DeletePlannedStop;

/** One equipment's planned stops of one plant day (stream `planned-stops-<equipmentId>-<day>`, or the equipment's stream from before day streams). */
export const plannedStopsDecider: Decider<PlannedStopCommand, PlannedStopsState, PlannedStopEvent> = {
  initialState: initialPlannedStopsState,
  evolve: evolvePlannedStops,
  decide(command, state, now) {
    switch (command.type) {
      case 'RecordPlannedStop':
        return decideRecordPlannedStop(command, state, now);
      case 'EditPlannedStopNote':
        return decideEditPlannedStopNote(command, state);
      case 'DeletePlannedStop':
        return decideDeletePlannedStop(command, state);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
