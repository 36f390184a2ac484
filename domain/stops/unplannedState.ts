import { sequenceOf } from './ids.js';
import type { UnplannedStopEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

/** What the rules of one equipment's unplanned stops need: times for overlap, texts for "nothing changed". */
export interface UnplannedStopFacts {
  id: number;
  shopFloorId: number;
  lineId: number;
  startTime: string;
  endTime: string;
  failureMode: string;
  correctiveAction: string;
}

export interface UnplannedStopsState {
  /** Highest sequence given so far; deleted stops keep theirs, so ids are never reused. */
  lastSequence: number;
  /** Stops not deleted, by id. */
  stops: ReadonlyMap<number, UnplannedStopFacts>;
}

export const initialUnplannedStopsState: UnplannedStopsState = { lastSequence: 0, stops: new Map() };

/**
 * Folds many events copying the map once (a per-event copy made a long fold quadratic).
 * The state passed in is left as it was.
 */
export function evolveUnplannedStopsMany(state: UnplannedStopsState, events: readonly UnplannedStopEvent[]): UnplannedStopsState {
  const stops = new Map(state.stops);
  let lastSequence = state.lastSequence;
  for (const event of events) lastSequence = applyUnplanned(stops, lastSequence, event);
  return { lastSequence, stops };
}

/** Deleted stops leave the map, so they no longer count for overlap; the sequence stays. */
export function evolveUnplannedStops(state: UnplannedStopsState, event: UnplannedStopEvent): UnplannedStopsState {
  return evolveUnplannedStopsMany(state, [event]);
}

/** Applies one event to a map the caller owns; returns the highest sequence given. */
function applyUnplanned(stops: Map<number, UnplannedStopFacts>, lastSequence: number, event: UnplannedStopEvent): number {
  switch (event.type) {
    case 'UnplannedStopRecorded': {
      const { stopId, shopFloorId, lineId, startTime, endTime, failureMode, correctiveAction } = event.data;
      stops.set(stopId, { id: stopId, shopFloorId, lineId, startTime, endTime, failureMode, correctiveAction });
      return Math.max(lastSequence, sequenceOf(stopId));
    }
    case 'UnplannedStopDetailEdited': {
      const current = stops.get(event.data.stopId);
      if (current) stops.set(current.id, { ...current, [event.data.field]: event.data.value });
      return lastSequence;
    }
    case 'UnplannedStopDeleted':
      stops.delete(event.data.stopId);
      return lastSequence;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** How the aggregate's stream folds into UnplannedStopsState: what its commands decide on. */
export const unplannedFold: Fold<UnplannedStopsState, UnplannedStopEvent> = {
  initialState: initialUnplannedStopsState,
  evolve: evolveUnplannedStops,
  evolveMany: evolveUnplannedStopsMany,
};
