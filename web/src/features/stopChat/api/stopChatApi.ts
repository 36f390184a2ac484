/**
 * The chatbots' calls (line log §7, docs/line-log.md): the two creations. The option lists are
 * read through SWR with the keys of ../options.ts.
 */
import { apiFetch } from '../../../lib/api.js';
import type { PlannedStopBody, UnplannedStopBody } from '../model/payload.js';

/** POST /factory/stop_events: 201 with the unplanned stop, or an ApiError carrying the server's refusal. */
export function recordUnplannedStop(body: UnplannedStopBody): Promise<unknown> {
  return apiFetch('/factory/stop_events', { method: 'POST', json: body, creates: true });
}

/** POST /factory/planned_stops: 201 with the planned stop, or an ApiError carrying the server's refusal. */
export function recordPlannedStop(body: PlannedStopBody): Promise<unknown> {
  return apiFetch('/factory/planned_stops', { method: 'POST', json: body, creates: true });
}
