import type { DbrConstants } from './constants.js';
import type { DbrEvent } from './events.js';

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
