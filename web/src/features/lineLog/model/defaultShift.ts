/**
 * The operator's default shift (line log §4.1, §9): the shift whose window holds the current
 * time, where a window opens 30 minutes after its shift starts and lasts until 30 minutes after
 * the next shift starts. So an operator finishing the shift at 13:55 still lands on it, and the
 * one arriving at 14:10 for the handover too. 'Turno E' (the extra shift lying over A and B) is
 * never the default. Shift times are instants with the Italian offset, so comparing instants is
 * comparing Europe/Rome wall-clock times, summer time included.
 */

/** The parts of a shift (GET /factory/shifts) the choice needs. */
export interface ShiftLike {
  name: string;
  code: string;
  start_time: string;
  end_time: string;
}

/** Minutes after a shift's start at which it becomes the default (spec §9). */
export const SHIFT_DETECTION_DELAY_MINUTES = 30;

/** The shift the spec leaves out of the default choice. */
export const EXCLUDED_DEFAULT_SHIFT = 'Turno E';

const MINUTE_MS = 60_000;

/** A shift's window: [start + 30 min, next shift's start + 30 min); the last one ends 30 min after its end. */
export function shiftWindows(shifts: readonly ShiftLike[]): Array<{ code: string; from: number; to: number }> {
  const eligible = shifts
    .filter((s) => s.name.trim() !== EXCLUDED_DEFAULT_SHIFT)
    .map((s) => ({ code: s.code, start: Date.parse(s.start_time), end: Date.parse(s.end_time) }))
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start);
  const delay = SHIFT_DETECTION_DELAY_MINUTES * MINUTE_MS;
  return eligible.map((s, i) => ({
    code: s.code,
    from: s.start + delay,
    to: (eligible[i + 1]?.start ?? s.end) + delay,
  }));
}

/**
 * The default shift code for a day's shifts at `now`: the one whose window holds it, else the
 * first shift (by start, 'Turno E' excluded); undefined when no eligible shift exists.
 */
export function defaultShiftCode(shifts: readonly ShiftLike[], now: Date): string | undefined {
  const windows = shiftWindows(shifts);
  const t = now.getTime();
  return (windows.find((w) => t >= w.from && t < w.to) ?? windows[0])?.code;
}
