import type { EventStore } from '../domain/shared/eventStore.js';
import { KeyedQueue } from './keyedQueue.js';

/**
 * The turns of one event store connection (one app instance): appends to one stream from
 * this process are made one at a time, so distinct commands on a busy stream (ten stops
 * of one machine and day recorded at once) follow each other instead of racing for the
 * same revision until their retries run out. Keyed by store, so two instances on one
 * database (or two stores in a test) keep separate turns and still meet at the append.
 */
const turns = new WeakMap<EventStore, KeyedQueue>();

export function turnsOf(store: EventStore): KeyedQueue {
  let queue = turns.get(store);
  if (!queue) turns.set(store, (queue = new KeyedQueue()));
  return queue;
}

/** The first wait after a conflict with another instance, and the most any one wait grows to. */
export const RETRY_BASE_MS = 10;
export const RETRY_CAP_MS = 200;

/**
 * How long to wait before the n-th retry (1-based) after a write from elsewhere: a random
 * while in the upper half of a window that doubles each time up to the cap. Random, so two
 * instances that met once do not meet again at the same instant; never zero, so the other
 * writer has time to commit; bounded, so a command gives up within a second or so.
 */
export function retryDelayMs(retry: number, random: () => number = Math.random): number {
  const window = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, retry - 1));
  return window / 2 + random() * (window / 2);
}

export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
