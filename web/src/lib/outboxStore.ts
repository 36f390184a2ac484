/**
 * Where the writes made offline wait (lib/outbox.ts, docs/offline.md): one box per user in local
 * storage, 'outbox:<username>', holding the queue in the order the writes were made and the
 * writes the server refused, kept with their text until the user dismisses them.
 */
import { readStoredJson, writeStoredJson } from './drafts.js';

/** A write waiting for the network. Its id is its Idempotency-Key, the same for every try. */
export interface QueuedWrite {
  id: string;
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** What the user sees in the lists, e.g. 'Note del turno · Linea 1 · 03/03/2031 · Turno A'. */
  label: string;
  /** The text written, shown again if the server refuses it. */
  content: string;
  /**
   * Writes of one document (a shift report) replace each other while not yet tried, and a later
   * one carries the revision the earlier one's answer gave.
   */
  doc?: string;
  /** Sent at least once: the server may have run it, so it is never changed, only sent again with its key. */
  tried: boolean;
  /** ISO instant it was made. */
  at: string;
}

/** A queued write the server refused (a conflict, a report sent meanwhile, bad data). */
export interface RefusedWrite {
  write: QueuedWrite;
  status: number;
  /** The server's message, as it gave it. */
  message: string;
  at: string;
}

export interface OutboxBox {
  queue: QueuedWrite[];
  refused: RefusedWrite[];
}

const KEY = (user: string) => `outbox:${user}`;

function isBox(value: unknown): value is OutboxBox {
  return !!value && typeof value === 'object' && Array.isArray((value as OutboxBox).queue) && Array.isArray((value as OutboxBox).refused);
}

/** The user's box (empty when none or unreadable). */
export function readBox(user: string): OutboxBox {
  const value = readStoredJson(KEY(user));
  return isBox(value) ? value : { queue: [], refused: [] };
}

/** Stores the user's box; an empty one leaves nothing behind. */
export function writeBox(user: string, box: OutboxBox): void {
  writeStoredJson(KEY(user), box.queue.length === 0 && box.refused.length === 0 ? null : box);
}

/** The revision a write's body carries (a shift report's save), if any. */
export function revisionOf(value: unknown): number | null {
  const r = value && typeof value === 'object' ? (value as { revision?: unknown }).revision : undefined;
  return typeof r === 'number' ? r : null;
}

/**
 * After a write of a document was answered with `revision`, the later untried writes of the same
 * document that were made on the revision it was sent with go on from the new one.
 */
export function chainRevision(queue: QueuedWrite[], sent: QueuedWrite, answer: unknown): void {
  const from = revisionOf(sent.body);
  const to = revisionOf(answer);
  if (!sent.doc || from === null || to === null) return;
  for (const w of queue) {
    if (w.doc === sent.doc && !w.tried && revisionOf(w.body) === from) w.body = { ...(w.body as object), revision: to };
  }
}
