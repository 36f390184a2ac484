/**
 * The web app's one date module. Days travel as 'YYYY-MM-DD' strings (the spec's internal format)
 * and are shifted as calendar days, so no device zone or daylight-saving change can move them;
 * "today" and every instant shown on screen are the plant's wall clock whatever the device's zone.
 *
 * Written out rather than through luxon or Intl (the server keeps luxon, domain/shifts/calendar.ts):
 * the first Intl date format of a page loads the locale's and the zone's data, about 70 ms on this
 * machine and four times that on a tablet's CPU, at every load of every page that shows a day, and
 * luxon would add 20 KB of JavaScript to each. The plant zone's clock follows Italy's rule, the
 * EU's since 1996 (Directive 2000/84/EC): summer time (UTC+2) from 01:00 UTC on the last Sunday of
 * March to 01:00 UTC on the last Sunday of October, UTC+1 otherwise. dates.unit.test.ts checks it
 * against the tz database (Intl) hour by hour around every change from 1997 to 2040; a change of
 * the law needs a change here.
 */

/** The plant's time zone (line log §4.1, §9), the server's PLANT_ZONE; written nowhere else in the web app. */
export const PLANT_ZONE = 'Europe/Rome';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Date, optional time, optional zone: '2025-03-03T14:05:00', '2025-03-03 14:05', '...Z', '...+01:00'. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A wall-clock reading: year, month 1-12, day, hours, minutes, seconds. */
interface Wall {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The instant of a day's midnight in UTC, or NaN when the fields are not a real day (years below 100 kept as written). */
function utcDay(year: number, month: number, day: number): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d.getTime() : NaN;
}

/** The UTC fields of an instant. */
function utcWall(ms: number): Wall {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes(), second: d.getUTCSeconds() };
}

/** 01:00 UTC of a month's last Sunday (month 1-12): when Italy's clocks change. */
function lastSundayOneUtc(year: number, month: number): number {
  const lastDay = utcDay(year, month, 31) + 3_600_000;
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS;
}

/** The plant's offset from UTC in minutes at an instant: 120 in summer time, else 60. */
export function plantOffsetMinutes(ms: number): number {
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayOneUtc(year, 3) && ms < lastSundayOneUtc(year, 10) ? 120 : 60;
}

/** An instant on the plant's wall clock. */
function plantWall(ms: number): Wall {
  return utcWall(ms + plantOffsetMinutes(ms) * MINUTE_MS);
}

const isoDayOf = (w: Wall) => `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}`;

/** A YYYY-MM-DD day as its UTC midnight, or NaN when not a real day. */
function dayOf(value: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? utcDay(Number(m[1]), Number(m[2]), Number(m[3])) : NaN;
}

/** True for a real calendar day written YYYY-MM-DD (not '2025-02-30'). */
export function isIsoDay(value: string): boolean {
  return !Number.isNaN(dayOf(value));
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. Throws on an invalid day. */
export function addDays(day: string, days: number): string {
  const d = dayOf(day);
  if (Number.isNaN(d)) throw new RangeError(`Not a YYYY-MM-DD day: '${day}'`);
  return isoDayOf(utcWall(d + days * DAY_MS));
}

/** Today's day in the plant (Europe/Rome), YYYY-MM-DD; `now` is injectable for tests. */
export function todayInRome(now: Date = new Date()): string {
  return isoDayOf(plantWall(now.getTime()));
}

/** A future day per foundations §5: a valid YYYY-MM-DD after today (the plant's by default). */
export function isFutureDay(value: string, today: string = todayInRome()): boolean {
  return isIsoDay(value) && value > today;
}

type DateInput = string | Date | null | undefined;

/**
 * Reads a server value: a Date or a string with a zone is shown on the plant's clock; a day or a
 * zoneless date-time is taken as written (the server's local time). `timed` tells whether it
 * carries a time of day. Null when it is not a real date and time.
 */
function read(value: string | Date): { at: Wall; timed: boolean } | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { at: plantWall(value.getTime()), timed: true };
  const m = ISO_DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0', m[6] ?? '0'].map(Number) as [number, number, number, number, number, number];
  const midnight = utcDay(year, month, day);
  if (Number.isNaN(midnight) || hour > 23 || minute > 59 || second > 59) return null;
  const zone = m[8];
  if (!zone) return { at: { year, month, day, hour, minute, second }, timed: m[4] !== undefined };
  const sign = zone === 'Z' ? 0 : zone.startsWith('-') ? -1 : 1;
  const digits = zone.replace(/[^0-9]/g, '');
  const offsetMinutes = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
  const ms = midnight + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + Number(`0.${m[7] ?? '0'}`) * 1000;
  return { at: plantWall(ms), timed: true };
}

function formatWith(value: DateInput, format: (w: Wall) => string): string {
  if (value === null || value === undefined || value === '') return '';
  const r = read(value);
  return r ? format(r.at) : String(value);
}

const italianDate = (w: Wall) => `${two(w.day)}/${two(w.month)}/${String(w.year).padStart(4, '0')}`;
const clock = (w: Wall) => `${two(w.hour)}:${two(w.minute)}`;

/** dd/mm/yyyy (Italian format, §9); '' for an empty value, the input itself if unreadable. */
export function formatItalianDate(value: DateInput): string {
  return formatWith(value, italianDate);
}

/** dd/mm, the dashboard's short day; '' for an empty value, the input itself if unreadable. */
export function formatDayMonth(value: DateInput): string {
  return formatWith(value, (w) => `${two(w.day)}/${two(w.month)}`);
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
  return r.timed ? clock(r.at) : '';
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
  const r = read(value);
  return r ? `${isoDayOf(r.at)}T${clock(r.at)}` : '';
}

/** An instant on the plant's clock, '24/11/2026 00:15'; '' when unreadable. */
export function formatPlantDateTime(value: Date | string): string {
  const r = read(value);
  return r ? `${italianDate(r.at)} ${clock(r.at)}` : '';
}

/** An instant on the plant's clock as its day ('YYYY-MM-DD') and time ('HH:MM:SS'); null when unreadable. */
export function plantDayTime(value: Date | string): { day: string; time: string } | null {
  const r = read(value);
  return r ? { day: isoDayOf(r.at), time: `${clock(r.at)}:${two(r.at.second)}` } : null;
}
