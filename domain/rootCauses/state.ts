import type { RootCauseEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

export interface RootCauseState {
  rootCause: string;
  troubleshooting: string;
}

/** A stop without an analysis reads as two empty boxes. */
export const initialRootCauseState: RootCauseState = { rootCause: '', troubleshooting: '' };

/** Each event holds both texts, so the latest one is the analysis. */
export function evolveRootCause(_state: RootCauseState, event: RootCauseEvent): RootCauseState {
  switch (event.type) {
    case 'RootCauseRecorded':
      return { rootCause: event.data.rootCause, troubleshooting: event.data.troubleshooting };
    default: {
      const never: never = event.type;
      return never;
    }
  }
}

/** How the aggregate's stream folds into RootCauseState: what its commands decide on. */
export const rootCauseFold: Fold<RootCauseState, RootCauseEvent> = {
  initialState: initialRootCauseState,
  evolve: evolveRootCause,
};
