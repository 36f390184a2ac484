/**
 * Stops go where the operator expects (issue 22): the times default inside the shift the line log
 * is open on, a stop starting in another shift is asked about before it is saved ('Lo stop cade
 * nel Turno A del 26/11: registrarlo lì?'), and after saving the log opens on the shift holding
 * the stop. A stop belongs to the shifts whose [start, end) holds its start (docs/line-log.md,
 * "The lock"); compared on the plant's wall clock, as the chat's times are typed.
 */
import { formatDayMonth, plantWallClock } from '../../../lib/dates.js';
import type { ShiftRef, TimesInput } from './draft.js';
import { DEFAULT_START_OFFSET_MINUTES, defaultTimes, shiftWallClock, type WallClock } from './times.js';

/** A shift as GET /factory/shifts gives it (times are instants with the Italian offset). */
export interface ShiftSpan {
  name: string;
  code: string;
  shift_day: string;
  start_time: string;
  end_time: string;
}

export type { ShiftRef } from './draft.js';

/** The shift that the extra shift lies over (A or B) is the stop's home rather than 'Turno E'. */
const EXTRA_SHIFT = 'Turno E';

export const refOf = (s: ShiftSpan): ShiftRef => ({ day: s.shift_day, code: s.code, name: s.name });

export const sameShift = (a: Pick<ShiftRef, 'day' | 'code'> | null, b: Pick<ShiftRef, 'day' | 'code'> | null): boolean => !!a && !!b && a.day === b.day && a.code === b.code;

/** True when the shift's [start, end) holds the wall-clock moment 'YYYY-MM-DDTHH:MM'. */
export function holds(shift: ShiftSpan, at: string): boolean {
  return plantWallClock(shift.start_time) <= at && at < plantWallClock(shift.end_time);
}

/**
 * The shift holding a stop that starts at `at`: the log's own shift when it holds it, else the
 * earliest holding one, 'Turno E' only when no other holds it; null when none does.
 */
export function shiftOfStop(shifts: readonly ShiftSpan[], at: string, own: Pick<ShiftRef, 'day' | 'code'> | null): ShiftSpan | null {
  const holding = shifts.filter((s) => holds(s, at));
  const mine = holding.find((s) => sameShift(refOf(s), own));
  if (mine) return mine;
  const sorted = [...holding].sort((a, b) => Number(a.name.trim() === EXTRA_SHIFT) - Number(b.name.trim() === EXTRA_SHIFT) || a.start_time.localeCompare(b.start_time));
  return sorted[0] ?? null;
}

const asWall = (wall: string): WallClock => ({ day: wall.slice(0, 10), time: wall.slice(11, 16) });

/**
 * The times form's defaults inside the log's shift: the end is now, or the shift's end when it is
 * over; the start 15 minutes earlier, not before the shift's start. A shift not begun yet (or no
 * shift) gives the usual defaults (times.ts).
 */
export function defaultTimesInShift(now: WallClock, shift: ShiftSpan | null, day: string | null): TimesInput {
  if (!shift) return defaultTimes(now, day);
  const [from, to] = [plantWallClock(shift.start_time), plantWallClock(shift.end_time)];
  const nowWall = `${now.day}T${now.time}`;
  if (!from || !to || nowWall <= from) return defaultTimes(now, day);
  const end = asWall(nowWall < to ? nowWall : to);
  const early = shiftWallClock(end, -DEFAULT_START_OFFSET_MINUTES);
  const start = `${early.day}T${early.time}` < from ? asWall(from) : early;
  return { startDate: start.day, startTime: start.time, endDate: end.day, endTime: end.time };
}

/** The question before saving a stop outside the log's shift. */
export function otherShiftQuestion(shift: ShiftSpan | null): string {
  return shift ? `Lo stop cade nel ${shift.name} del ${formatDayMonth(shift.shift_day)}: registrarlo lì?` : 'Lo stop non cade in nessun turno pianificato: registrarlo comunque?';
}

/** The summary's words for where the stop goes: 'Turno A del 26/11'. */
export function shiftText(ref: ShiftRef): string {
  return `${ref.name} del ${formatDayMonth(ref.day)}`;
}
