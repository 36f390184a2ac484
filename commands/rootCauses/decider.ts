import type { RootCauseEvent } from '../../domain/rootCauses/events.js';
import { evolveRootCause, initialRootCauseState, type RootCauseState } from '../../domain/rootCauses/state.js';
import type { Decider } from '../handleCommand.js';
import { decideRecordRootCause, type RecordRootCause } from './recordRootCause.js';

export type RootCauseCommand = RecordRootCause;

/** One stop's analysis (stream `root-cause-<stopId>`). */
export const rootCauseDecider: Decider<RootCauseCommand, RootCauseState, RootCauseEvent> = {
  initialState: initialRootCauseState,
  evolve: evolveRootCause,
  decide(command, state) {
    switch (command.type) {
      case 'RecordRootCause':
        return decideRecordRootCause(command, state);
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
