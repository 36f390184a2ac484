import { DateTime } from 'luxon';
import { PLANT_ZONE } from './calendar.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
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

/** ISO text (YYYY-MM-DD) of a UTC day number (days since 1970-01-01), cached: a batch or a rebuild asks for the same few days thousands of times. */
const isoDays = new Map<number, string>();
export function utcDayText(n: number): string {
  let s = isoDays.get(n);
  if (s === undefined) {
    if (isoDays.size >= 100_000) isoDays.clear();
    isoDays.set(n, (s = new Date(n * DAY).toISOString().slice(0, 10)));
  }
  return s;
}

/** The Italian day of an instant, as `(t at time zone 'Europe/Rome')::date` gives it. */
export function italianDay(ms: number): string {
  return utcDayText(Math.floor((ms + plantOffsetMinutes(ms) * 60_000) / DAY));
}
