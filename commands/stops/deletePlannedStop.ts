import type { PlannedStopEvent } from '../../domain/stops/events.js';
import type { PlannedStopsState } from '../../domain/stops/plannedState.js';
import { assertMayChange } from '../../domain/stops/rules.js';
import { plannedStopNotFound } from './editPlannedStopNote.js';

/** Delete after the confirmation modal; the event keeps the history. */
export interface DeletePlannedStop {
  type: 'DeletePlannedStop';
  stopId: number;
  role: string;
  shiftSubmitted: boolean;
}

/** An unknown or already deleted stop is a 404; a submitted shift locks it for the operator. */
export function decideDeletePlannedStop(command: DeletePlannedStop, state: PlannedStopsState): PlannedStopEvent[] {
  if (!state.stops.has(command.stopId)) throw plannedStopNotFound();
  assertMayChange(command.role, command.shiftSubmitted);
  return [{ type: 'PlannedStopDeleted', data: { stopId: command.stopId } }];
}
