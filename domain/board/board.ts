/**
 * The TV board's figures for one line in its current shift (docs/board.md), from the shift's
 * window, the line's design speed, what the shift's report says so far and the shift's stops.
 *
 * - elapsed: from the shift's start to now (or to its end, once over);
 * - planned: planned stops inside that time (not production time), so
 *   run time so far = elapsed − planned, and the target to this minute = def_speed × run time;
 * - Rendimento = pieces / (def_speed × elapsed hours), the dashboard's formula over the time so far;
 * - Scarto = waste / (pieces + waste), as the dashboard's gauge reads it.
 * Pieces nobody knows yet are not zero pieces: both are then null (shown '–'), never 0 %.
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
  const { pieces } = input;
  const waste = input.waste ?? 0;
  return {
    elapsedMinutes: Math.round(elapsedMinutes),
    plannedMinutes: Math.round(plannedMinutes),
    runMinutes: Math.round(runMinutes),
    targetNow: speed === null ? null : Math.round((speed * runMinutes) / 60),
    rendimento: speed === null || elapsedMinutes === 0 || pieces === null ? null : pieces / ((speed * elapsedMinutes) / 60),
    scarto: pieces === null || pieces + waste <= 0 ? null : waste / (pieces + waste),
  };
}

/** Where the board's 'Pezzi' (and so Rendimento and Scarto) come from. */
export type PiecesSource = 'report' | 'machine';

/**
 * The pieces and waste the board shows: the report's once the operator has given them (a volume
 * above 0, or the report sent), the operator's word being the one that counts; otherwise the
 * line's counting machine's (good and rejected pieces of the shift's hours so far), so a line that
 * counts shows its pieces before anyone types them, but only when the machine counted in every
 * hour begun so far (the one in progress may not have sent yet): a count with holes (the machine
 * connected mid-shift, or fell silent) would pass for a line that made almost nothing. Otherwise
 * none (nulls). `hours`: the shift's clock hours begun so far, in order.
 */
export function boardPieces(
  report: { pieces: number | null; waste: number | null; confirmed: boolean } | null,
  hours: readonly { good: number; reject: number; counted: boolean }[],
): { pieces: number | null; waste: number | null; source: PiecesSource | null } {
  if (report && (report.confirmed || (report.pieces ?? 0) > 0)) return { pieces: report.pieces, waste: report.waste, source: 'report' };
  const whole = hours.slice(0, -1).every((h) => h.counted) && hours.some((h) => h.counted);
  if (whole) {
    return { pieces: hours.reduce((sum, h) => sum + h.good, 0), waste: hours.reduce((sum, h) => sum + h.reject, 0), source: 'machine' };
  }
  return report ? { pieces: report.pieces, waste: report.waste, source: report.pieces === null ? null : 'report' } : { pieces: null, waste: null, source: null };
}
