/**
 * How a failed call goes on, the same for every autosave and explicit save of the app (line log
 * §8, web/README.md "Session expiry and drafts"): the kinds of failure, the backoff and the
 * notices. Pure, unit tested.
 */
import { ApiError } from './api.js';

/** What the screen does after a failed save. */
export type FailureKind = 'retry' | 'refused' | 'conflict' | 'forbidden' | 'session';

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
/** Default text of a 409 without a body. */
export const CONCURRENT_DEFAULT = 'I dati sono stati modificati da un altro utente: ricarica e riprova';
/** Shown while a save waits for the password to be given again. */
export const SESSION_NOTICE = 'Sessione scaduta: il testo è al sicuro, verrà salvato dopo la password';

/**
 * Sorts a thrown value: 401 waits for the session, 409 is a conflict, the network, 408, 429 and
 * 5xx are retried, anything else (400, 403, 404) is a refusal with the server's message.
 */
export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) return { kind: 'retry', message: RETRY_NOTICE, code: 'NETWORK' };
  const base = { code: error.code, fields: error.fields };
  if (error.status === 401) return { ...base, kind: 'session', message: SESSION_NOTICE };
  if (error.status === 409) return { ...base, kind: 'conflict', message: error.message || CONCURRENT_DEFAULT };
  if (error.status === 408 || error.status === 429 || error.status >= 500) return { ...base, kind: 'retry', message: RETRY_NOTICE };
  return { ...base, kind: 'refused', message: error.message || 'Richiesta non accettata dal server' };
}

/** Delay before retry number `attempt` (1, 2, ...): 2 s doubling, at most 30 s apart. */
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
