/**
 * Day and time helpers for the screens. Days travel as 'YYYY-MM-DD' strings (the spec's internal
 * format) and are shifted with UTC arithmetic, so no local time zone or daylight-saving change can
 * move them; "today" is the plant's day in Europe/Rome whatever the device's zone.
 */

/** The plant's time zone (line log §4.1, §9). */
export const PLANT_TIME_ZONE = 'Europe/Rome';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Date, optional time, optional zone: '2025-03-03T14:05:00', '2025-03-03 14:05', '...Z', '...+01:00'. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const TIME_ONLY = /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** True for a real calendar day written YYYY-MM-DD (not '2025-02-30'). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The day `days` after (negative: before) a YYYY-MM-DD day. Throws on an invalid day. */
export function addDays(day: string, days: number): string {
  if (!isIsoDay(day)) throw new RangeError(`Not a YYYY-MM-DD day: '${day}'`);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** The wall-clock date and time of an instant in Europe/Rome. */
function romeWallClock(instant: Date): WallClock {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: PLANT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** Today's day in the plant (Europe/Rome), YYYY-MM-DD; `now` is injectable for tests. */
export function todayInRome(now: Date = new Date()): string {
  const { year, month, day } = romeWallClock(now);
  return `${year}-${month}-${day}`;
}

/** A future day per foundations §5: a valid YYYY-MM-DD after today (Europe/Rome by default). */
export function isFutureDay(value: string, today: string = todayInRome()): boolean {
  return isIsoDay(value) && value > today;
}

/**
 * Reads a server value into wall-clock parts: a Date or a string with a zone is shown in
 * Europe/Rome; a day or a zoneless date-time is taken as written (the server's local time).
 */
function wallClockOf(value: string | Date): Partial<WallClock> | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : romeWallClock(value);
  const text = value.trim();
  const m = ISO_DATE_TIME.exec(text);
  if (!m) return null;
  if (m[6]) {
    const instant = new Date(text.replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? null : romeWallClock(instant);
  }
  return { year: m[1], month: m[2], day: m[3], hour: m[4], minute: m[5] };
}

type DateInput = string | Date | null | undefined;

/** dd/mm/yyyy (Italian format, §9); '' for an empty value, the input itself if unreadable. */
export function formatItalianDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const w = wallClockOf(value);
  if (!w) return String(value);
  return `${w.day}/${w.month}/${w.year}`;
}

/** dd/mm, the dashboard's short day; '' for an empty value, the input itself if unreadable. */
export function formatDayMonth(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const w = wallClockOf(value);
  if (!w) return String(value);
  return `${w.day}/${w.month}`;
}

/**
 * HH:MM (two-digit hours and minutes, §9) of a time ('8:05:00') or a date-time; '' for an empty
 * value or a bare day, the input itself if unreadable.
 */
export function formatTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string') {
    const t = TIME_ONLY.exec(value.trim());
    if (t) return `${pad2(Number(t[1]))}:${t[2]}`;
  }
  const w = wallClockOf(value);
  if (!w) return String(value);
  return w.hour !== undefined && w.minute !== undefined ? `${w.hour}:${w.minute}` : '';
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
