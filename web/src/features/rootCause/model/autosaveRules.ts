/**
 * The rules behind the Root Cause Tool's autosave (see autosave.ts): the states of a box, how a
 * failed save goes on and the indicator's words. Pure, unit tested; the backoff is the app's one
 * (lib/autosave.ts).
 */
import { ApiError } from '../../../lib/api.js';
import { retryDelayMs } from '../../../lib/autosave.js';
import type { RootCauseField } from '../api/saveRootCause.js';

/** Where a box is: nothing to do, typed, being saved, saved, waiting to retry, refused, waiting for the password. */
export type BoxStatus = 'idle' | 'dirty' | 'saving' | 'saved' | 'retrying' | 'failed' | 'forbidden' | 'session';

/** One box of one stop. */
export interface BoxState {
  /** The text typed and not (known to be) on the server; null shows the saved text. */
  draft: string | null;
  status: BoxStatus;
  /** Failed attempts in a row; drives the backoff. */
  attempts: number;
  /** Delay before the next attempt while retrying, in ms. */
  retryInMs?: number;
  /** Why the server refused, when failed or forbidden. */
  message?: string;
}

/** How a failed save goes on. */
export type SaveErrorKind = { kind: 'retry' } | { kind: 'session' } | { kind: 'forbidden'; message: string } | { kind: 'failed'; message: string };

/** Message of a save refused for the role (403): the tool becomes read-only. */
export const FORBIDDEN_MESSAGE = 'Il tuo ruolo non può modificare causa radice e soluzione: il testo non è stato salvato.';

export { retryDelayMs };

/** The first retry's delay. */
export const FIRST_RETRY_MS = retryDelayMs(1);

/** The server trims both boxes, so texts that differ only around the edges are the same. */
export function sameText(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

/**
 * How to go on after a failed save: 403 is final for the role; 400/404/413/422 are final for this
 * text (the server's message, the field's own one when it names the box); 401 waits for the
 * password prompt; anything else — the network, 408, 409, 429, 5xx — is worth another attempt.
 */
export function classifySaveError(error: unknown, field: RootCauseField): SaveErrorKind {
  if (!(error instanceof ApiError)) return { kind: 'retry' };
  if (error.status === 401) return { kind: 'session' };
  if (error.status === 403) return { kind: 'forbidden', message: FORBIDDEN_MESSAGE };
  if ([400, 404, 413, 422].includes(error.status)) {
    const fieldMessage = error.fields?.[field];
    const message = typeof fieldMessage === 'string' && fieldMessage ? fieldMessage : error.message || 'richiesta rifiutata';
    return { kind: 'failed', message };
  }
  return { kind: 'retry' };
}

/** The small indicator under a box; '' when there is nothing to say. */
export function statusText(box: BoxState): string {
  switch (box.status) {
    case 'saving':
      return 'Salvataggio…';
    case 'saved':
      return 'Salvato';
    case 'retrying':
      return `Non salvato: nuovo tentativo tra ${Math.max(1, Math.round((box.retryInMs ?? FIRST_RETRY_MS) / 1000))} s`;
    case 'failed':
      return `Non salvato: ${box.message ?? 'richiesta rifiutata'}`;
    case 'forbidden':
      return 'Non salvato';
    case 'session':
      return 'Non salvato: sessione scaduta, il testo resta qui';
    case 'idle':
    case 'dirty':
      return '';
    default: {
      const never: never = box.status;
      return never;
    }
  }
}
