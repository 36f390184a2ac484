/**
 * The chatbots' calls (line log §7, docs/line-log.md): the two creations. The option lists are
 * read through SWR with the keys of ../options.ts. Offline, a creation waits in the queue
 * (lib/outbox.ts) with its Idempotency-Key and is recorded once the network is back.
 */
import { sendWrite, type WriteResult } from '../../../lib/outbox.js';
import type { PlannedStopBody, UnplannedStopBody } from '../model/payload.js';

/** What the offline lists show of a stop: its kind, and the chat's summary of it. */
export interface StopDescription {
  label: string;
  content: string;
}

/** POST /factory/stop_events: 201 with the unplanned stop (or queued), or an ApiError carrying the server's refusal. */
export function recordUnplannedStop(body: UnplannedStopBody, described: StopDescription): Promise<WriteResult<unknown>> {
  return sendWrite({ method: 'POST', path: '/factory/stop_events', body, ...described });
}

/** POST /factory/planned_stops: 201 with the planned stop (or queued), or an ApiError carrying the server's refusal. */
export function recordPlannedStop(body: PlannedStopBody, described: StopDescription): Promise<WriteResult<unknown>> {
  return sendWrite({ method: 'POST', path: '/factory/planned_stops', body, ...described });
}
