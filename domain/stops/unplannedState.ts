import { sequenceOf } from './ids.js';
import type { UnplannedStopEvent } from './events.js';
import { stopsFold, type StopsState } from './stopsFold.js';

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

export type UnplannedStopsState = StopsState<UnplannedStopFacts>;

/** What one unplanned-stop event does to the stops: the part of the fold that is the kind's own. */
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
export const unplannedFold = stopsFold(applyUnplanned);

/** Deleted stops leave the map, so they no longer count for overlap; the sequence stays. */
export const { initialState: initialUnplannedStopsState, evolve: evolveUnplannedStops, evolveMany: evolveUnplannedStopsMany } = unplannedFold;
