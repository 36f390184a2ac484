import { sequenceOf } from './ids.js';
import type { PlannedStopEvent } from './events.js';

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

/** Deleted stops leave the map (they can be neither edited nor deleted again); the sequence stays. */
export function evolvePlannedStops(state: PlannedStopsState, event: PlannedStopEvent): PlannedStopsState {
  switch (event.type) {
    case 'PlannedStopRecorded': {
      const { stopId, shopFloorId, lineId, startTime, endTime, notes } = event.data;
      const stops = new Map(state.stops).set(stopId, { id: stopId, shopFloorId, lineId, startTime, endTime, notes });
      return { lastSequence: Math.max(state.lastSequence, sequenceOf(stopId)), stops };
    }
    case 'PlannedStopNoteEdited': {
      const current = state.stops.get(event.data.stopId);
      if (!current) return state;
      return { ...state, stops: new Map(state.stops).set(current.id, { ...current, notes: event.data.notes }) };
    }
    case 'PlannedStopDeleted': {
      const stops = new Map(state.stops);
      stops.delete(event.data.stopId);
      return { ...state, stops };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}
