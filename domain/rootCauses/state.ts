import { WHY_COUNT, type RootCauseEvent, type SixM } from './events.js';
import type { Fold } from '../shared/fold.js';

export interface RootCauseState {
  rootCause: string;
  troubleshooting: string;
  /** The 5-why chain, always five entries ('' where not answered). */
  whys: string[];
  /** The 6M category, '' when none was chosen. */
  category: SixM | '';
}

/** Five unanswered whys. */
export const NO_WHYS: readonly string[] = Object.freeze(Array<string>(WHY_COUNT).fill(''));

/** A stop without an analysis reads as empty boxes, no why and no category. */
export const initialRootCauseState: RootCauseState = { rootCause: '', troubleshooting: '', whys: [...NO_WHYS], category: '' };

/** Each event holds the whole analysis, so the latest one is the analysis. */
export function evolveRootCause(_state: RootCauseState, event: RootCauseEvent): RootCauseState {
  switch (event.type) {
    case 'RootCauseRecorded':
      return { rootCause: event.data.rootCause, troubleshooting: event.data.troubleshooting, whys: [...event.data.whys], category: event.data.category };
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
