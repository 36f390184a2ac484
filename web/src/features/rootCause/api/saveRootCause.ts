/**
 * The autosave call of the Root Cause Tool (line log §2.5, §7): POST /factory/root_cause. Only the
 * box that lost focus is sent; the server keeps the other one as saved, so two people filling
 * different boxes of the same stop never undo each other (docs/line-log.md "Root cause").
 */
import { apiFetch } from '../../../lib/api.js';
import type { RootCauseTexts } from './unplannedStops.js';

/** The two boxes, named as the call names them. */
export type RootCauseField = keyof RootCauseTexts;

/** The server's answer: both boxes as saved (trimmed). */
export interface SavedRootCause extends RootCauseTexts {
  stop_event_id: number;
}

/** Saves one box of one stop's analysis. Throws ApiError (or a network TypeError) on failure. */
export function saveRootCause(stopEventId: number, field: RootCauseField, text: string): Promise<SavedRootCause> {
  return apiFetch<SavedRootCause>('/factory/root_cause', {
    method: 'POST',
    json: { stop_event_id: stopEventId, [field]: text },
  });
}
