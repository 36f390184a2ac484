import { DateTime } from 'luxon';

/** The plant's clock: shift times are wall-clock times in Italy (line log §4.1). */
export const PLANT_ZONE = 'Europe/Rome';

/** Longest range one generation may cover, in days, both ends included. */
export const MAX_GENERATION_DAYS = 366;

/** Room for a million shifts per shop floor (900 years of four shifts a day). */
const PER_SHOP_FLOOR = 1_000_000;

/**
 * A shift id that is unique across shop floors and identical after any rebuild:
 * the shop floor's block plus the calendar's own sequence (1000001, 1000002, ...).
 */
export function shiftId(shopFloorId: number, sequence: number): number {
  return shopFloorId * PER_SHOP_FLOOR + sequence;
}

/** A real calendar day written YYYY-MM-DD (2025-02-30 is not). */
export function parseDay(value: string): DateTime | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const d = DateTime.fromISO(value, { zone: PLANT_ZONE });
  return d.isValid ? d : null;
}

/** Days from start to end, both included (1 for a single day). */
export function daysInRange(start: string, end: string): number {
  return Math.round(parseDay(end)!.diff(parseDay(start)!, 'days').days) + 1;
}

export function eachDay(start: string, end: string): string[] {
  const out: string[] = [];
  for (let d = parseDay(start)!, last = parseDay(end)!; d <= last; d = d.plus({ days: 1 })) out.push(d.toISODate()!);
  return out;
}

/**
 * Start and end instants of a pattern on a day. A shift whose end is not after its
 * start (22:00-06:00) ends the next day and still belongs to the day it starts.
 */
export function shiftTimes(day: string, pattern: { start: string; end: string }): { startTime: string; endTime: string } {
  const start = DateTime.fromISO(`${day}T${pattern.start}`, { zone: PLANT_ZONE });
  let end = DateTime.fromISO(`${day}T${pattern.end}`, { zone: PLANT_ZONE });
  if (pattern.end <= pattern.start) end = DateTime.fromISO(`${start.plus({ days: 1 }).toISODate()}T${pattern.end}`, { zone: PLANT_ZONE });
  return { startTime: start.toISO({ suppressMilliseconds: true })!, endTime: end.toISO({ suppressMilliseconds: true })! };
}
