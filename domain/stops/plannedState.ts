import { sequenceOf } from './ids.js';
import type { PlannedStopEvent } from './events.js';
import type { Fold } from '../shared/fold.js';

/** What the planned-stop rules need: the place and start for the lock, the note for "nothing changed". */
export interface PlannedStopFacts {
  id: number;
  shopFloorId: number;
  lineId: number;
  startTime: string;
  endTime: string;
  notes: string | null;
}

export interface PlannedStopsState {
  /** Highest sequence given so far; ids of deleted stops are never reused. */
  lastSequence: number;
  /** Stops not deleted, by id. */
  stops: ReadonlyMap<number, PlannedStopFacts>;
}

export const initialPlannedStopsState: PlannedStopsState = { lastSequence: 0, stops: new Map() };

/**
 * Folds many events copying the map once (a per-event copy made a long fold quadratic).
 * The state passed in is left as it was.
 */
export function evolvePlannedStopsMany(state: PlannedStopsState, events: readonly PlannedStopEvent[]): PlannedStopsState {
  const stops = new Map(state.stops);
  let lastSequence = state.lastSequence;
  for (const event of events) lastSequence = applyPlanned(stops, lastSequence, event);
  return { lastSequence, stops };
}

/** Deleted stops leave the map (they can be neither edited nor deleted again); the sequence stays. */
export function evolvePlannedStops(state: PlannedStopsState, event: PlannedStopEvent): PlannedStopsState {
  return evolvePlannedStopsMany(state, [event]);
}

/** Applies one event to a map the caller owns; returns the highest sequence given. */
function applyPlanned(stops: Map<number, PlannedStopFacts>, lastSequence: number, event: PlannedStopEvent): number {
  switch (event.type) {
    case 'PlannedStopRecorded': {
      const { stopId, shopFloorId, lineId, startTime, endTime, notes } = event.data;
      stops.set(stopId, { id: stopId, shopFloorId, lineId, startTime, endTime, notes });
      return Math.max(lastSequence, sequenceOf(stopId));
    }
    case 'PlannedStopNoteEdited': {
      const current = stops.get(event.data.stopId);
      if (current) stops.set(current.id, { ...current, notes: event.data.notes });
      return lastSequence;
    }
    case 'PlannedStopDeleted':
      stops.delete(event.data.stopId);
      return lastSequence;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** How the aggregate's stream folds into PlannedStopsState: what its commands decide on. */
export const plannedFold: Fold<PlannedStopsState, PlannedStopEvent> = {
  initialState: initialPlannedStopsState,
  evolve: evolvePlannedStops,
  evolveMany: evolvePlannedStopsMany,
};
