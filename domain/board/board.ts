/**
 * The TV board's figures for one line in its current shift (docs/board.md), from the shift's
 * window, the line's design speed, what the shift's report says so far and the shift's stops.
 *
 * - elapsed: from the shift's start to now (or to its end, once over);
 * - planned: planned stops inside that time (not production time), so
 *   run time so far = elapsed − planned, and the target to this minute = def_speed × run time;
 * - Rendimento = pieces / (def_speed × elapsed hours), the dashboard's formula over the time so far;
 * - Scarto = waste / (pieces + waste), as the dashboard's gauge reads it.
 */
export interface Interval {
  start: Date;
  end: Date;
}

export interface BoardLineInput {
  shift: Interval;
  now: Date;
  /** Design speed, unit1 per hour; null when the line has no DBR constants. */
  defSpeed: number | null;
  pieces: number | null;
  waste: number | null;
  plannedStops: Interval[];
}

export interface BoardFigures {
  elapsedMinutes: number;
  plannedMinutes: number;
  runMinutes: number;
  /** Pieces the line would have made at design speed in its run time so far; null without a design speed. */
  targetNow: number | null;
  /** Fractions 0..; null when there is nothing to divide by yet. */
  rendimento: number | null;
  scarto: number | null;
}

const MINUTE = 60_000;

/** Minutes of `interval` that fall between `from` and `to`. */
export function overlapMinutes(interval: Interval, from: Date, to: Date): number {
  const start = Math.max(interval.start.getTime(), from.getTime());
  const end = Math.min(interval.end.getTime(), to.getTime());
  return Math.max(0, end - start) / MINUTE;
}

export function boardFigures(input: BoardLineInput): BoardFigures {
  const until = new Date(Math.min(input.now.getTime(), input.shift.end.getTime()));
  const elapsedMinutes = Math.max(0, until.getTime() - input.shift.start.getTime()) / MINUTE;
  const plannedMinutes = Math.min(
    elapsedMinutes,
    input.plannedStops.reduce((sum, s) => sum + overlapMinutes(s, input.shift.start, until), 0),
  );
  const runMinutes = elapsedMinutes - plannedMinutes;
  const speed = input.defSpeed && input.defSpeed > 0 ? input.defSpeed : null;
  const pieces = input.pieces ?? 0;
  const waste = input.waste ?? 0;
  return {
    elapsedMinutes: Math.round(elapsedMinutes),
    plannedMinutes: Math.round(plannedMinutes),
    runMinutes: Math.round(runMinutes),
    targetNow: speed === null ? null : Math.round((speed * runMinutes) / 60),
    rendimento: speed === null || elapsedMinutes === 0 ? null : pieces / ((speed * elapsedMinutes) / 60),
    scarto: pieces + waste > 0 ? waste / (pieces + waste) : null,
  };
}
