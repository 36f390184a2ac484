import type { StationEvent } from '../../domain/station/events.js';
import { evolveStation, initialStationState, type StationState } from '../../domain/station/state.js';
import type { Decider } from '../handleCommand.js';
import { decideChooseDefaultStation, type ChooseDefaultStation } from './chooseDefaultStation.js';

export type StationCommand = ChooseDefaultStation;

export const stationDecider: Decider<StationCommand, StationState, StationEvent> = {
  initialState: initialStationState,
  evolve: evolveStation,
  decide(command, state) {
    switch (command.type) {
      case 'ChooseDefaultStation':
        return decideChooseDefaultStation(command, state);
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
