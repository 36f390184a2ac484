import type { DbrActionCreatedData, DbrActionEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

/** An action as its stream tells it: what was planned and when it was ticked (null: open). */
export interface DbrActionFacts extends DbrActionCreatedData {
  executedAt: string | null;
  /** The loss it targets (DbrActionTargetSet): a machine of its line and one of its stop codes, each null when not named. */
  targetEquipmentId: number | null;
  targetStopCodeId: number | null;
}

/** 'none': the stream does not exist; 'deleted': it existed and was removed (404 from then on). */
export type DbrActionState = { status: 'none' } | { status: 'active'; action: DbrActionFacts } | { status: 'deleted'; action: DbrActionFacts };

export const initialDbrActionState: DbrActionState = { status: 'none' };

export function evolveDbrAction(state: DbrActionState, event: DbrActionEvent): DbrActionState {
  switch (event.type) {
    case 'DbrActionCreated':
      return { status: 'active', action: { ...event.data, executedAt: null, targetEquipmentId: null, targetStopCodeId: null } };
    case 'DbrActionMarkedExecuted':
      return state.status === 'active' ? { status: 'active', action: { ...state.action, executedAt: event.data.executedAt } } : state;
    case 'DbrActionUnmarkedExecuted':
      return state.status === 'active' ? { status: 'active', action: { ...state.action, executedAt: null } } : state;
    case 'DbrActionTargetSet':
      return state.status === 'active'
        ? { status: 'active', action: { ...state.action, targetEquipmentId: event.data.equipmentId, targetStopCodeId: event.data.stopCodeId } }
        : state;
    case 'DbrActionDeleted':
      return state.status === 'active' ? { status: 'deleted', action: state.action } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** How the aggregate's stream folds into DbrActionState: what its commands decide on. */
export const dbrActionFold: Fold<DbrActionState, DbrActionEvent> = {
  initialState: initialDbrActionState,
  evolve: evolveDbrAction,
};
