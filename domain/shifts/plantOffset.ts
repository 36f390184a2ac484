import { DateTime } from 'luxon';
import { PLANT_ZONE } from './calendar.js';

const HOUR = 3_600_000;
/** UTC hour number -> the plant's offset in minutes during that hour. */
const offsets = new Map<number, number>();

/**
 * The plant zone's UTC offset in minutes at an instant. Luxon asks Intl (about 5 µs a call),
 * so it is asked once per UTC hour: Italy's clocks change on a whole UTC hour (01:00 UTC), so
 * the offset at an hour's start holds for the whole hour. Lists and rebuilds format or place
 * thousands of instants over a few hours each.
 */
export function plantOffsetMinutes(ms: number): number {
  const hour = Math.floor(ms / HOUR);
  let offset = offsets.get(hour);
  if (offset === undefined) {
    if (offsets.size >= 200_000) offsets.clear();
    offset = DateTime.fromMillis(hour * HOUR, { zone: PLANT_ZONE }).offset;
    offsets.set(hour, offset);
  }
  return offset;
}
