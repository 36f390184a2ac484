/**
 * The times step (§5 "Times"): four required fields, the end strictly after the start, else
 * 'Controlla le date'. Defaults: the end is now and the start 15 minutes earlier (our choice: the
 * spec names no start default), on today, or on the day the line log passed (`?day=`). Times are
 * the plant's wall clock (Europe/Rome), sent without an offset, which the server reads as Italian
 * time (docs/line-log.md), so a tablet in another zone cannot shift them.
 */
import { addDays, formatItalianDate, formatTime, isIsoDay, todayInRome } from '../../../lib/dates.js';
import type { TimesInput } from './draft.js';
import { CHECK_DATES } from './steps.js';

/** A wall-clock moment of the plant: YYYY-MM-DD and HH:MM. */
export interface WallClock {
  day: string;
  time: string;
}

/** How long before the end the default start lies (our choice). */
export const DEFAULT_START_OFFSET_MINUTES = 15;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** True for an HH:MM time of day (the time input's value). */
export function isTimeOfDay(value: string): boolean {
  return TIME.test(value);
}

/** The plant's wall clock at an instant. */
export function romeWallClock(now: Date): WallClock {
  return { day: todayInRome(now), time: formatTime(now) };
}

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** A wall-clock moment moved by whole minutes, across midnight when needed. */
export function shiftWallClock(at: WallClock, minutes: number): WallClock {
  const total = minutesOf(at.time) + minutes;
  const days = Math.floor(total / 1440);
  const rest = total - days * 1440;
  const time = `${String(Math.floor(rest / 60)).padStart(2, '0')}:${String(rest % 60).padStart(2, '0')}`;
  return { day: days === 0 ? at.day : addDays(at.day, days), time };
}

/**
 * The form's defaults: end = now, start = 15 minutes before, on today. With a valid `day` from
 * the line log that is not after today, that day instead (the start goes to the day before
 * when now is within the first 15 minutes of a day). A future or malformed day is ignored.
 */
export function defaultTimes(now: WallClock, day?: string | null): TimesInput {
  const endDay = day && isIsoDay(day) && day <= now.day ? day : now.day;
  const end: WallClock = { day: endDay, time: now.time };
  const start = shiftWallClock(end, -DEFAULT_START_OFFSET_MINUTES);
  return { startDate: start.day, startTime: start.time, endDate: end.day, endTime: end.time };
}

/** A valid form: ISO wall-clock start and end ('2031-06-10T08:10') and the whole minutes between. */
export interface ValidTimes {
  ok: true;
  start: string;
  end: string;
  minutes: number;
}

/** Why the form was refused: always the spec's 'Controlla le date'. */
export interface InvalidTimes {
  ok: false;
  message: string;
}

function wallMinutes(day: string, time: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 60000 + minutesOf(time);
}

/**
 * §5: all four fields required and real, the end strictly after the start. The duration is
 * counted on the wall clock (a stop across a daylight-saving change is off by an hour in the
 * bubble only; the server keeps the true instants).
 */
export function validateTimes(t: TimesInput): ValidTimes | InvalidTimes {
  const filled = isIsoDay(t.startDate) && isIsoDay(t.endDate) && isTimeOfDay(t.startTime) && isTimeOfDay(t.endTime);
  if (!filled) return { ok: false, message: CHECK_DATES };
  const minutes = wallMinutes(t.endDate, t.endTime) - wallMinutes(t.startDate, t.startTime);
  if (minutes <= 0) return { ok: false, message: CHECK_DATES };
  return { ok: true, start: `${t.startDate}T${t.startTime}`, end: `${t.endDate}T${t.endTime}`, minutes };
}

/** 'dd/mm/yyyy HH:MM' of one end of the form, or the raw values when incomplete. */
export function formatMoment(day: string, time: string): string {
  const d = isIsoDay(day) ? formatItalianDate(day) : day || '—';
  return `${d} ${time || '—'}`.trim();
}

/** The user's bubble for a times answer: 'Dal 10/06/2031 08:10 al 10/06/2031 08:25 (15 min)'. */
export function timesText(t: TimesInput): string {
  const base = `Dal ${formatMoment(t.startDate, t.startTime)} al ${formatMoment(t.endDate, t.endTime)}`;
  const valid = validateTimes(t);
  return valid.ok ? `${base} (${valid.minutes} min)` : base;
}
