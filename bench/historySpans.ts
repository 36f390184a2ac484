/**
 * Where the history generator (bench/historyGenerate.ts) puts stops in a plant day: the
 * free windows, and wall-clock minutes as instants across the clock changes.
 */
import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import type { Random } from '../seed/random.js';

/**
 * Wall-clock minutes of a plant day where the generator puts unplanned stops: never
 * 02:00-03:00 (missing or doubled on the days the clocks change) and never the
 * reserved half hour, which stays free on every equipment and day so the measured
 * commands always find a free slot in the past.
 */
export const RESERVED = { from: 12 * 60, to: 12 * 60 + 30 } as const;
const WINDOWS: ReadonlyArray<readonly [number, number]> = [
  [0, 120],
  [180, RESERVED.from],
  [RESERVED.to, 1440],
];
export const MINUTE = 60_000;

/** A wall-clock minute of a plant day as an instant: plain arithmetic except on the two days the offset changes. */
export function clockOf(day: string): (minute: number) => number {
  const midnight = DateTime.fromISO(`${day}T00:00`, { zone: PLANT_ZONE });
  const lastMinute = DateTime.fromISO(`${day}T23:59`, { zone: PLANT_ZONE });
  if (midnight.offset === lastMinute.offset) {
    const base = midnight.toMillis();
    return (m) => base + m * MINUTE;
  }
  return (m) => midnight.set({ hour: Math.floor(m / 60), minute: m % 60 }).toMillis();
}

/** `n` non-overlapping [start, end) minute spans inside WINDOWS, spread over the day. */
export function placeSpans(random: Random, n: number): Array<[number, number]> {
  const total = WINDOWS.reduce((s, [a, b]) => s + b - a, 0);
  const spans: Array<[number, number]> = [];
  for (let k = 0; k < n; k++) {
    // The k-th share of the free minutes, cut to the largest piece that lies in one window.
    const lo = (k * total) / n;
    const hi = ((k + 1) * total) / n;
    let best: [number, number] = [0, 0];
    let offset = 0;
    for (const [a, b] of WINDOWS) {
      const from = a + Math.max(0, Math.ceil(lo - offset));
      const to = a + Math.min(b - a, Math.floor(hi - offset));
      if (to - from > best[1] - best[0]) best = [from, to];
      offset += b - a;
    }
    const room = best[1] - best[0];
    if (room < 2) continue;
    const minutes = Math.min(room - 1, 3 + Math.floor(42 * random.next() ** 2.2));
    const start = best[0] + random.int(0, room - minutes - 1);
    spans.push([start, start + minutes]);
  }
  return spans;
}
