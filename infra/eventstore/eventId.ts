import { randomBytes } from 'node:crypto';

/**
 * A time-ordered event id (UUID version 7, RFC 9562): 48 bits of Unix milliseconds, then
 * random bits. Ids of new events land at the right edge of the `event_id` index instead of
 * on a random page of it, so an append touches the same few index pages at any size of the
 * store rather than reading a cold page once the index outgrows the cache.
 */
export function newEventId(nowMs: number = Date.now()): string {
  const b = randomBytes(16);
  let t = nowMs;
  for (let i = 5; i >= 0; i--) {
    b[i] = t % 256;
    t = Math.floor(t / 256);
  }
  b[6] = (b[6]! & 0x0f) | 0x70;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
