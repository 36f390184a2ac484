/** The shift before another (docs/offline.md): the one with the latest start before its start. */
import type { Shift } from '../api/useLineLogPlant.js';

/** Among `shifts` (a day's and the day before's), the one that started last before `current`; null when none. */
export function previousShift(current: Pick<Shift, 'start_time'>, shifts: readonly Shift[]): Shift | null {
  const start = Date.parse(current.start_time);
  let best: Shift | null = null;
  for (const s of shifts) {
    const t = Date.parse(s.start_time);
    if (t < start && (!best || t > Date.parse(best.start_time))) best = s;
  }
  return best;
}
