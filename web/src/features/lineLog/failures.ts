/**
 * How the line log reacts to a failed call (line log §8 and the resilience rules in
 * web/README.md): a network or server failure is tried again with a growing delay and the typed
 * text stays on screen; a refusal (400, 403, 404) shows the server's message; a 409 means someone
 * else changed or closed the report, so the user is offered a reload. Pure, so it is unit tested.
 */
import { ApiError } from '../../lib/api.js';

/** retry: try again later; refused: show and wait for a change; conflict: offer a reload; session: the login takes over. */
export type FailureKind = 'retry' | 'refused' | 'conflict' | 'session';

/** A failure as the screen handles it. */
export interface Failure {
  kind: FailureKind;
  /** The server's Italian message, or ours when it sent none. */
  message: string;
  code: string;
  fields?: Record<string, unknown>;
}

/** The notice of a failed autosave that is being tried again. */
export const RETRY_NOTICE = 'Salvataggio non riuscito: nuovo tentativo tra pochi secondi';
/** The notice of a failed explicit save (the improvement role's 'Salva Report'). */
export const SAVE_FAILED = 'Salvataggio non riuscito: i dati inseriti sono ancora qui, riprova tra poco';
/** Default text of a 409 without a body. */
export const CONCURRENT_DEFAULT = 'I dati sono stati modificati da un altro utente: ricarica e riprova';

/** Sorts a thrown value into what the screen does next. */
export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { kind: 'retry', message: RETRY_NOTICE, code: 'NETWORK' };
  const base = { code: error.code, fields: error.fields };
  if (error.status === 401) return { ...base, kind: 'session', message: error.message || 'Sessione scaduta' };
  if (error.status === 409) return { ...base, kind: 'conflict', message: error.message || CONCURRENT_DEFAULT };
  if (error.status === 408 || error.status === 429 || error.status >= 500) return { ...base, kind: 'retry', message: RETRY_NOTICE };
  return { ...base, kind: 'refused', message: error.message || 'Richiesta non accettata dal server' };
}

/** First retry after 2 s, then 4, 8, 16, at most 30 s apart. */
export function retryDelayMs(attempt: number): number {
  const n = Math.max(1, Math.floor(attempt));
  return Math.min(30_000, 2000 * 2 ** (n - 1));
}

/** The server's per-field messages as text, e.g. { working_time: 'Al massimo 8 ore' }. */
export function fieldMessages(fields: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields ?? {})) if (typeof v === 'string') out[k] = v;
  return out;
}
