import type { EventOf } from './catalog.js';

/**
 * How a stream's events fold into an aggregate's state: evolve one at a time, or a whole
 * run at once. Every aggregate's fold sits beside its state, so the commands that decide
 * on it and the readers that show it fold the same way.
 */
export interface Fold<S, E extends EventOf> {
  initialState: S;
  evolve(state: S, event: E): S;
  /** Folds many events at once (e.g. copying a map once instead of per event); defaults to evolve. */
  evolveMany?(state: S, events: readonly E[]): S;
}
