/**
 * The queue of writes made without network (docs/offline.md). A write goes straight to the server
 * when the network is there and nothing waits before it; otherwise, or when the network fails on
 * the way, it waits in the user's box (outboxStore.ts) with its Idempotency-Key and is sent once
 * the network is back, in the order made, one at a time. The key makes a write that reached the
 * server before the answer was lost run once only: the server answers its retry with the first
 * answer. A write the server refuses (409, 400, ...) leaves the queue for the list of refused
 * writes, with its text and the server's message; the writes after it go on.
 */
import { ApiError, apiFetch, newIdempotencyKey } from './api.js';
import { retryDelayMs } from './failures.js';
import { isNetworkFailure } from './offlineReads.js';
import { chainRevision, readBox, writeBox, type OutboxBox, type QueuedWrite, type RefusedWrite } from './outboxStore.js';
import { getStoredRole, onSessionRenewed } from './session.js';

export type { QueuedWrite, RefusedWrite } from './outboxStore.js';

/** A write to make: the call, and what the user sees of it. */
export type WriteRequest = Pick<QueuedWrite, 'method' | 'path' | 'body' | 'label' | 'content' | 'doc'>;

/** Sent now (with the answer), or queued (with the answer to come, when it is sent). */
export type WriteResult<T> = { queued: false; body: T } | { queued: true; sent: Promise<T> };

/** What the status line shows. */
export interface OutboxState {
  online: boolean;
  pending: readonly QueuedWrite[];
  refused: readonly RefusedWrite[];
  /** When the queue was last emptied by sending, while this page ran; null before. */
  syncedAt: number | null;
}

const waiters = new Map<string, Array<{ resolve(v: unknown): void; reject(e: unknown): void }>>();
const listeners = new Set<() => void>();
const settledListeners = new Set<(write: QueuedWrite) => void>();
let state: OutboxState = { online: true, pending: [], refused: [], syncedAt: null };
let running = false;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** Failed tries in a row: the next waits 2 s, doubling to 30 s, as the autosave does (the 'online' event starts one at once). */
let failedTries = 0;
let stopSessionWait: (() => void) | null = null;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

function publish(box: OutboxBox | null, synced = false): void {
  const user = getStoredRole();
  const b = box ?? (user ? readBox(user) : { queue: [], refused: [] });
  state = { online: isOnline(), pending: b.queue, refused: b.refused, syncedAt: synced ? Date.now() : state.syncedAt };
  for (const l of [...listeners]) l();
}

/** Subscribes to the state (useSyncExternalStore). */
export function subscribeOutbox(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const outboxState = (): OutboxState => state;

/** Runs `listener` after each queued write the server answered, accepted or refused (pages read their lists again). */
export function onQueuedWriteSettled(listener: (write: QueuedWrite) => void): () => void {
  settledListeners.add(listener);
  return () => settledListeners.delete(listener);
}

function settle(id: string, outcome: { ok: true; body: unknown } | { ok: false; error: unknown }): void {
  for (const w of waiters.get(id) ?? []) {
    if (outcome.ok) w.resolve(outcome.body);
    else w.reject(outcome.error);
  }
  waiters.delete(id);
}

function wait<T>(id: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    waiters.set(id, [...(waiters.get(id) ?? []), { resolve: resolve as (v: unknown) => void, reject }]);
  });
}

/** Puts a write in the user's queue; an untried write of the same document takes the new content. */
function enqueue(user: string, request: WriteRequest, id: string, tried: boolean): string {
  const box = readBox(user);
  const older = request.doc && !tried ? box.queue.find((w) => w.doc === request.doc && !w.tried) : undefined;
  if (older) Object.assign(older, { ...request, at: new Date().toISOString() });
  else box.queue.push({ ...request, id, tried, at: new Date().toISOString() });
  writeBox(user, box);
  publish(box);
  return older?.id ?? id;
}

/** Makes a write: at once when it can, else queued (see the module's comment). */
export async function sendWrite<T>(request: WriteRequest): Promise<WriteResult<T>> {
  const user = getStoredRole();
  const id = newIdempotencyKey();
  const call = () => apiFetch<T>(request.path, { method: request.method, json: request.body, idempotencyKey: id });
  if (!user) return { queued: false, body: await call() };
  if (isOnline() && readBox(user).queue.length === 0) {
    try {
      return { queued: false, body: await call() };
    } catch (err) {
      if (!isNetworkFailure(err)) throw err;
    }
    const queuedId = enqueue(user, request, id, true);
    scheduleRetry();
    return { queued: true, sent: wait<T>(queuedId) };
  }
  const queuedId = enqueue(user, request, id, false);
  void flushOutbox();
  return { queued: true, sent: wait<T>(queuedId) };
}

function scheduleRetry(): void {
  if (retryTimer !== null) clearTimeout(retryTimer);
  failedTries += 1;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void flushOutbox();
  }, retryDelayMs(failedTries));
}

/** Whether a failed try is tried again later (no answer, the server busy or down, the key's first try still running). */
function tryAgainLater(err: unknown): boolean {
  if (isNetworkFailure(err)) return true;
  return err instanceof ApiError && (err.status >= 500 || err.status === 408 || err.status === 429 || err.code === 'IDEMPOTENCY_KEY_IN_USE');
}

/** Sends one write; true to go on with the next. */
async function sendNext(user: string, next: QueuedWrite): Promise<boolean> {
  let answer: unknown;
  try {
    answer = await apiFetch(next.path, { method: next.method, json: next.body, idempotencyKey: next.id });
  } catch (err) {
    if (tryAgainLater(err)) {
      scheduleRetry();
      return false;
    }
    if (err instanceof ApiError && err.status === 401) {
      // The password prompt is open (api.ts): the queue goes on once the session is renewed.
      stopSessionWait ??= onSessionRenewed(() => {
        stopSessionWait?.();
        stopSessionWait = null;
        void flushOutbox();
      });
      return false;
    }
    const box = readBox(user);
    box.queue = box.queue.filter((w) => w.id !== next.id);
    const status = err instanceof ApiError ? err.status : 0;
    const message = err instanceof ApiError && err.message ? err.message : `Modifica rifiutata dal server (${status || 'errore'})`;
    box.refused.push({ write: next, status, message, at: new Date().toISOString() });
    writeBox(user, box);
    publish(box);
    settle(next.id, { ok: false, error: err });
    for (const l of [...settledListeners]) l(next);
    return true;
  }
  failedTries = 0;
  const box = readBox(user);
  box.queue = box.queue.filter((w) => w.id !== next.id);
  chainRevision(box.queue, next, answer);
  writeBox(user, box);
  publish(box, box.queue.length === 0);
  settle(next.id, { ok: true, body: answer });
  for (const l of [...settledListeners]) l(next);
  return true;
}

/** Sends the queue in order until it is empty or the network fails again. */
export async function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return;
  }
  running = true;
  try {
    do {
      again = false;
      const user = getStoredRole();
      if (!user || !isOnline()) break;
      for (;;) {
        const box = readBox(user);
        const next = box.queue[0];
        if (!next) break;
        if (!next.tried) {
          next.tried = true;
          writeBox(user, box);
        }
        if (!(await sendNext(user, next))) break;
      }
    } while (again);
  } finally {
    running = false;
    publish(null);
  }
}

/** Dismisses a refused write the user has read (its text was shown until then). */
export function dismissRefused(at: string, id: string): void {
  const user = getStoredRole();
  if (!user) return;
  const box = readBox(user);
  box.refused = box.refused.filter((r) => !(r.write.id === id && r.at === at));
  writeBox(user, box);
  publish(box);
}

/** Starts the queue: sends what waits now and whenever the network comes back (main.tsx). */
export function startOutbox(): void {
  window.addEventListener('online', () => void flushOutbox());
  window.addEventListener('offline', () => publish(null));
  publish(null);
  void flushOutbox();
}
