/**
 * 'Rendimento' over one or more lines (docs/dashboard.md, "Rendimento over several lines").
 * The spec (000 §5) writes it for a selection as volume / (def_speed × working hours) with
 * def_speed averaged over the selected lines, so a line that worked no hour still moves the
 * average speed and the result. Here each line's design-speed output is its own def_speed
 * times its own hours, and Rendimento is Σ volume / Σ (def_speed × hours): for one line it
 * is the spec's formula, and a line that did not work adds nothing to either sum.
 */

/** GET /factory/dashboard-improvement (spec 000 §3): times in minutes, and the rated volume Rendimento divides by. */
export interface ImprovementSummary {
  volume: number;
  working_time: number;
  waste: number;
  stop_count: number;
  total_unplanned_downtime: number;
  total_planned_downtime: number;
  /** Σ def_speed × working hours of each selected line (ratedVolume): Rendimento is volume / rated_volume. */
  rated_volume: number;
}

/** One line's sums over the chosen days and shifts; def_speed null when the line has no constants. */
export interface LineOutput {
  volume: number;
  workingMinutes: number;
  defSpeed: number | null;
}

const positive = (v: number | null) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0);

/** Σ def_speed × working hours: what the lines would have made at design speed (a line without a design speed adds 0). */
export function ratedVolume(lines: readonly LineOutput[]): number {
  return lines.reduce((sum, l) => sum + (positive(l.defSpeed) * positive(l.workingMinutes)) / 60, 0);
}

/** Σ volume / Σ (def_speed × hours); 0 when the lines had no design-speed output. */
export function efficiencyOver(volume: number, rated: number): number {
  return rated > 0 && Number.isFinite(volume) ? volume / rated : 0;
}
