import type { DbrActionEvent } from '../../domain/dbrActions/events.js';
import { evolveDbrAction, initialDbrActionState, type DbrActionState } from '../../domain/dbrActions/state.js';
import type { Decider } from '../handleCommand.js';
import { decideCreateDbrAction, type CreateDbrAction } from './createDbrAction.js';
import { decideDeleteDbrAction, type DeleteDbrAction } from './deleteDbrAction.js';
import { decideMarkDbrExecuted, type MarkDbrExecuted } from './markDbrExecuted.js';
import { decideSetDbrActionTarget, type SetDbrActionTarget } from './setDbrActionTarget.js';
import { decideUnmarkDbrExecuted, type UnmarkDbrExecuted } from './unmarkDbrExecuted.js';

export type DbrActionCommand = CreateDbrAction | MarkDbrExecuted | UnmarkDbrExecuted | DeleteDbrAction | SetDbrActionTarget;

/** One DBR action (stream `dbr-action-<id>`). */
export const dbrActionDecider: Decider<DbrActionCommand, DbrActionState, DbrActionEvent> = {
  initialState: initialDbrActionState,
  evolve: evolveDbrAction,
  decide(command, state, now) {
    switch (command.type) {
      case 'CreateDbrAction':
        return decideCreateDbrAction(command, state);
      case 'MarkDbrExecuted':
        return decideMarkDbrExecuted(command, state, now);
      case 'UnmarkDbrExecuted':
        return decideUnmarkDbrExecuted(command, state);
      case 'SetDbrActionTarget':
        return decideSetDbrActionTarget(command, state);
      case 'DeleteDbrAction':
        return decideDeleteDbrAction(command, state);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
