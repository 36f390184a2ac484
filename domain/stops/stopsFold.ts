import type { EventOf } from '../shared/catalog.js';
import type { Fold } from '../shared/fold.js';

/** One equipment's stops of one kind on one day stream, as their commands decide on them. */
export interface StopsState<F> {
  /** Highest sequence given so far; deleted stops keep theirs, so ids are never reused. */
  lastSequence: number;
  /** Stops not deleted, by id. */
  stops: ReadonlyMap<number, F>;
}

/** Applies one event to a map the caller owns; returns the highest sequence given. */
export type ApplyStopEvent<F, E> = (stops: Map<number, F>, lastSequence: number, event: E) => number;

/**
 * Planned and unplanned stops fold alike and differ only in what one event does to the map.
 * Many events copy the map once (a per-event copy made a long fold quadratic); the state
 * passed in is left as it was.
 */
export function stopsFold<F, E extends EventOf>(apply: ApplyStopEvent<F, E>): Required<Fold<StopsState<F>, E>> {
  const evolveMany = (state: StopsState<F>, events: readonly E[]): StopsState<F> => {
    const stops = new Map(state.stops);
    let lastSequence = state.lastSequence;
    for (const event of events) lastSequence = apply(stops, lastSequence, event);
    return { lastSequence, stops };
  };
  return { initialState: { lastSequence: 0, stops: new Map() }, evolve: (state, event) => evolveMany(state, [event]), evolveMany };
}
