import type { DbrEvent } from '../../domain/dbr/events.js';
import { evolveDbr, initialDbrState, type DbrState } from '../../domain/dbr/state.js';
import type { Decider } from '../handleCommand.js';
import { decideSetDbrConstants, type SetDbrConstants } from './setDbrConstants.js';

export type DbrCommand = SetDbrConstants;

export const dbrDecider: Decider<DbrCommand, DbrState, DbrEvent> = {
  initialState: initialDbrState,
  evolve: evolveDbr,
  decide(command, state) {
    switch (command.type) {
      case 'SetDbrConstants':
        return decideSetDbrConstants(command, state);
      default: {
        const never: never = command.type;
        return never;
      }
    }
  },
};
