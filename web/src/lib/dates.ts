/**
 * The web app's one date module, on luxon like the server (domain/shifts/calendar.ts). Days travel
 * as 'YYYY-MM-DD' strings (the spec's internal format) and are shifted as calendar days, so no
 * device zone or daylight-saving change can move them; "today" and every instant shown on screen
 * are the plant's wall clock whatever the device's zone.
 */
import { DateTime } from 'luxon';

/** The plant's time zone (line log §4.1, §9), the server's PLANT_ZONE; written nowhere else in the web app. */
export const PLANT_ZONE = 'Europe/Rome';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Date, optional time, optional zone: '2025-03-03T14:05:00', '2025-03-03 14:05', '...Z', '...+01:00'. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A YYYY-MM-DD day as a luxon date (UTC, where every day has 24 hours), or null when not a real day. */
function dayOf(value: string): DateTime | null {
  if (!ISO_DAY.test(value)) return null;
  const d = DateTime.fromISO(value, { zone: 'utc' });
  return d.isValid ? d : null;
}

/** True for a real calendar day written YYYY-MM-DD (not '2025-02-30'). */
export function isIsoDay(value: string): boolean {
  return dayOf(value) !== null;
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. Throws on an invalid day. */
export function addDays(day: string, days: number): string {
  const d = dayOf(day);
  if (!d) throw new RangeError(`Not a YYYY-MM-DD day: '${day}'`);
  return d.plus({ days }).toISODate()!;
}

/** An instant on the plant's wall clock. */
export function inPlant(instant: Date): DateTime {
  return DateTime.fromJSDate(instant, { zone: PLANT_ZONE });
}

/** Today's day in the plant (Europe/Rome), YYYY-MM-DD; `now` is injectable for tests. */
export function todayInRome(now: Date = new Date()): string {
  return inPlant(now).toISODate()!;
}

/** A future day per foundations §5: a valid YYYY-MM-DD after today (the plant's by default). */
export function isFutureDay(value: string, today: string = todayInRome()): boolean {
  return isIsoDay(value) && value > today;
}

type DateInput = string | Date | null | undefined;

/**
 * Reads a server value: a Date or a string with a zone is shown on the plant's clock; a day or a
 * zoneless date-time is taken as written (the server's local time). `timed` tells whether it
 * carries a time of day.
 */
function read(value: string | Date): { at: DateTime; timed: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { at: inPlant(value), timed: true };
  const text = value.trim();
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  const iso = text.replace(' ', 'T');
  const at = m[1] ? DateTime.fromISO(iso, { setZone: true }).setZone(PLANT_ZONE) : DateTime.fromISO(iso, { zone: 'utc' });
  return at.isValid ? { at, timed: iso.length > 10 } : null;
}

function formatWith(value: DateInput, format: string): string {
  if (value === null || value === undefined || value === '') return '';
  const r = read(value);
  return r ? r.at.toFormat(format) : String(value);
}

/** dd/mm/yyyy (Italian format, §9); '' for an empty value, the input itself if unreadable. */
export function formatItalianDate(value: DateInput): string {
  return formatWith(value, 'dd/LL/yyyy');
}

/** dd/mm, the dashboard's short day; '' for an empty value, the input itself if unreadable. */
export function formatDayMonth(value: DateInput): string {
  return formatWith(value, 'dd/LL');
}

/**
 * HH:MM (two-digit hours and minutes, §9) of a time ('8:05:00') or a date-time; '' for an empty
 * value or a bare day, the input itself if unreadable.
 */
export function formatTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const t = TIME_ONLY.exec(value.trim());
    if (t) return `${t[1]!.padStart(2, '0')}:${t[2]}`;
  }
  const r = read(value);
  if (!r) return String(value);
  return r.timed ? r.at.toFormat('HH:mm') : '';
}

/** Bounds for stepping a day, all YYYY-MM-DD. */
export interface DayBounds {
  min?: string;
  max?: string;
}

/**
 * The day a previous/next button leads to, or null when it would leave the bounds. From an
 * empty or invalid value it starts at `today` (the next button then gives tomorrow).
 */
export function stepDay(value: string, delta: number, bounds: DayBounds = {}, today: string = todayInRome()): string | null {
  const base = isIsoDay(value) ? value : today;
  const next = addDays(base, delta);
  if (bounds.max && next > bounds.max) return null;
  if (bounds.min && next < bounds.min) return null;
  return next;
}

/** An instant with a zone as the plant's wall clock, 'YYYY-MM-DDTHH:MM' (sorts as text); '' when unreadable. */
export function plantWallClock(value: string): string {
  const at = DateTime.fromISO(value.trim(), { setZone: true });
  return at.isValid ? at.setZone(PLANT_ZONE).toFormat("yyyy-LL-dd'T'HH:mm") : '';
}
