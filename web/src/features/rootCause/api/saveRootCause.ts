/**
 * The autosave call of the Root Cause Tool (line log §2.5, §7): POST /factory/root_cause. Only the
 * box that lost focus is sent; the server keeps the other one as saved, so two people filling
 * different boxes of the same stop never undo each other (docs/line-log.md "Root cause").
 */
import { apiFetch } from '../../../lib/api.js';
import type { RootCauseTexts } from './unplannedStops.js';

/** The five whys, each saved on its own like a box. */
export const WHY_FIELDS = ['why_1', 'why_2', 'why_3', 'why_4', 'why_5'] as const;
export type WhyField = (typeof WHY_FIELDS)[number];

/** Every field of an analysis the tool autosaves: the two boxes (named as the call names them), the five whys and the 6M category. */
export type RootCauseField = 'root_cause' | 'troubleshooting' | WhyField | 'category';

/** The 6M categories (docs/line-log.md, "Root cause"). */
export const SIX_M = ['Macchina', 'Metodo', 'Materiale', 'Manodopera', 'Misura', 'Ambiente'] as const;

/** The body of one field's save: a why goes in its place of `whys`, the others kept (null). */
export function saveBody(stopEventId: number, field: RootCauseField, text: string): Record<string, unknown> {
  const why = WHY_FIELDS.indexOf(field as WhyField);
  if (why < 0) return { stop_event_id: stopEventId, [field]: text };
  return { stop_event_id: stopEventId, whys: WHY_FIELDS.map((_, i) => (i === why ? text : null)) };
}

/** The server's answer: both boxes as saved (trimmed). */
export interface SavedRootCause extends RootCauseTexts {
  stop_event_id: number;
}

/** Saves one field of one stop's analysis. Throws ApiError (or a network TypeError) on failure. */
export function saveRootCause(stopEventId: number, field: RootCauseField, text: string): Promise<SavedRootCause> {
  return apiFetch<SavedRootCause>('/factory/root_cause', {
    method: 'POST',
    json: saveBody(stopEventId, field, text),
  });
}
