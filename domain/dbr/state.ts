import type { DbrConstants } from './constants.js';
import type { DbrEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

export interface DbrState {
  constants: DbrConstants | null;
}

export const initialDbrState: DbrState = { constants: null };

export function evolveDbr(state: DbrState, event: DbrEvent): DbrState {
  switch (event.type) {
    case 'DbrConstantsSet':
      return { constants: event.data.constants };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/** How the aggregate's stream folds into DbrState: what its commands decide on. */
export const dbrFold: Fold<DbrState, DbrEvent> = {
  initialState: initialDbrState,
  evolve: evolveDbr,
};
