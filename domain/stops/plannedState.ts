import { sequenceOf } from './ids.js';
import type { PlannedStopEvent } from './events.js';
import { stopsFold, type StopsState } from './stopsFold.js';

/** What the planned-stop rules need: the place and start for the lock, the note for "nothing changed". */
export interface PlannedStopFacts {
  id: number;
  shopFloorId: number;
  lineId: number;
  startTime: string;
  endTime: string;
  notes: string | null;
}

export type PlannedStopsState = StopsState<PlannedStopFacts>;

/** What one planned-stop event does to the stops: the part of the fold that is the kind's own. */
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
export const plannedFold = stopsFold(applyPlanned);

/** Deleted stops leave the map (they can be neither edited nor deleted again); the sequence stays. */
export const { initialState: initialPlannedStopsState, evolve: evolvePlannedStops, evolveMany: evolvePlannedStopsMany } = plannedFold;
