import { overlapMinutes, type Interval } from './board.js';

/**
 * Short-interval control (docs/board.md): each clock hour of the shift so far, the pieces the
 * line's counting machine made against the pieces the line's design speed makes in that hour.
 *
 * - the hours are the clock hours that start in the shift and have begun (the current one included);
 * - an hour's target = def_speed × its minutes inside the shift and up to now, less the planned
 *   stops in them, / 60: a whole hour's def_speed, the current hour prorated to this minute, an hour
 *   with a planned stop less its minutes (an unplanned stop is a loss, so it lowers no target);
 * - pieces are the counting machine's good ones; `counted` false: the machine sent nothing that hour.
 */
export interface HourCount {
  hourStart: number;
  good: number;
  reject: number;
  counted: boolean;
}

export interface HourlyInput {
  shift: Interval;
  now: Date;
  /** Pieces an hour; null without DBR constants. */
  defSpeed: number | null;
  plannedStops: Interval[];
  hours: HourCount[];
}

export interface HourlyRow extends HourCount {
  target: number | null;
}

const HOUR = 3_600_000;

export function hourlyControl(input: HourlyInput): HourlyRow[] {
  const until = Math.min(input.now.getTime(), input.shift.end.getTime());
  const speed = input.defSpeed && input.defSpeed > 0 ? input.defSpeed : null;
  return input.hours
    .filter((h) => h.hourStart < until && h.hourStart >= input.shift.start.getTime())
    .map((h) => {
      const from = new Date(h.hourStart);
      const to = new Date(Math.min(h.hourStart + HOUR, until));
      const planned = input.plannedStops.reduce((sum, s) => sum + overlapMinutes(s, from, to), 0);
      const minutes = Math.max(0, (to.getTime() - from.getTime()) / 60_000 - planned);
      return { ...h, target: speed === null ? null : Math.round((speed * minutes) / 60) };
    });
}
