import { sequenceOf } from './ids.js';
import type { UnplannedStopEvent } from './events.js';

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

/** Deleted stops leave the map, so they no longer count for overlap; the sequence stays. */
export function evolveUnplannedStops(state: UnplannedStopsState, event: UnplannedStopEvent): UnplannedStopsState {
  switch (event.type) {
    case 'UnplannedStopRecorded': {
      const { stopId, shopFloorId, lineId, startTime, endTime, failureMode, correctiveAction } = event.data;
      const stops = new Map(state.stops).set(stopId, { id: stopId, shopFloorId, lineId, startTime, endTime, failureMode, correctiveAction });
      return { lastSequence: Math.max(state.lastSequence, sequenceOf(stopId)), stops };
    }
    case 'UnplannedStopDetailEdited': {
      const current = state.stops.get(event.data.stopId);
      if (!current) return state;
      return { ...state, stops: new Map(state.stops).set(current.id, { ...current, [event.data.field]: event.data.value }) };
    }
    case 'UnplannedStopDeleted': {
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
