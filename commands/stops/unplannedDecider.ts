import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { evolveUnplannedStops, initialUnplannedStopsState, type UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import type { Decider } from '../handleCommand.js';
import { decideDeleteUnplannedStop, type DeleteUnplannedStop } from './deleteUnplannedStop.js';
import { decideEditUnplannedStopDetail, type EditUnplannedStopDetail } from './editUnplannedStopDetail.js';
import { decideRecordUnplannedStop, type RecordUnplannedStop } from './recordUnplannedStop.js';

export type UnplannedStopCommand = RecordUnplannedStop | EditUnplannedStopDetail | DeleteUnplannedStop;

/** One equipment's unplanned stops of one plant day (stream `unplanned-stops-<equipmentId>-<day>`, or the equipment's stream from before day streams). */
export const unplannedStopsDecider: Decider<UnplannedStopCommand, UnplannedStopsState, UnplannedStopEvent> = {
  initialState: initialUnplannedStopsState,
  evolve: evolveUnplannedStops,
  decide(command, state, now) {
    switch (command.type) {
      case 'RecordUnplannedStop':
        return decideRecordUnplannedStop(command, state, now);
      case 'EditUnplannedStopDetail':
        return decideEditUnplannedStopDetail(command, state);
      case 'DeleteUnplannedStop':
        return decideDeleteUnplannedStop(command, state);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
