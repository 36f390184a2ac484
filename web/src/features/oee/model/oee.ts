/**
 * What 'Analisi perdite' shows of GET /factory/oee and its Pareto (docs/oee.md), as pure
 * functions: the answers' types, Italian figures, the loss waterfall's steps, the daily trend
 * and which stops stand behind a Pareto bar.
 */
import type { OeeAnswer, OeeLosses, OeeRow } from '../../../../../domain/oee/figures.js';
import type { UnplannedStop } from '../../../lib/stops.js';
import { formatNumber } from '../../../lib/numbers.js';

export type OeeGroup = 'none' | 'line' | 'equipment' | 'day' | 'shift';
export type ParetoBy = 'stop_code' | 'failure_mode' | 'equipment' | 'shift';

export type { OeeAnswer, OeeLosses, OeeRow };

export interface ParetoBar {
  key: string;
  label: string;
  minutes: number;
  count: number;
  cumulative_share: number;
}

export interface ParetoAnswer {
  by: ParetoBy;
  total_minutes: number;
  total_count: number;
  bars: ParetoBar[];
}

const it = (n: number, digits: number) => formatNumber(n, { min: digits, max: digits });

/** A fraction as an Italian percentage with one decimal ('74,8 %'); '–' when there is none. */
export function percent(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : `${it(x * 100, 1)} %`;
}

/** Minutes with one decimal ('12,5'); '–' when there are none. */
export function minutes(x: number | null | undefined): string {
  return x === null || x === undefined ? '–' : it(x, 1);
}

/** Performance above 100 %: a line faster than its design speed, or a design speed set too low. */
export const overSpeed = (performance: number | null | undefined): boolean => performance !== null && performance !== undefined && performance > 1;

/** MTBF under its line's `mtbf_threshold` (failures come too often). */
export const belowTarget = (mtbf: number | null, target: number | null): boolean => mtbf !== null && target !== null && mtbf < target;

/** One bar of the waterfall: it floats from `base` up `size` minutes. */
export interface WaterfallStep {
  label: string;
  base: number;
  size: number;
  /** 'total' for the first and last bars, 'loss' for a step down, 'gain' for a step up (performance above 100 %). */
  kind: 'total' | 'loss' | 'gain';
  /** The minutes as the step changes the level: negative for a loss. */
  delta: number;
}

const LOSS_STEPS: ReadonlyArray<[keyof OeeLosses, string]> = [
  ['setup_minutes', 'Setup'],
  ['breakdown_minutes', 'Guasti'],
  ['minor_stop_minutes', 'Microfermate (registrate)'],
  ['micro_stop_minutes', 'Microfermate (rilevate)'],
  ['speed_loss_minutes', 'Perdita di velocità'],
  ['quality_loss_minutes', 'Perdita di qualità'],
];

/**
 * From the planned busy time, each loss as a step down (a negative speed loss as a step up), to
 * the fully productive time. The micro-stops the machines detected are a step of their own only
 * when there are some (`detected`, the measured minutes): lines without signals keep the
 * waterfall they had.
 */
export function waterfallSteps(l: OeeLosses, detected = 0): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ label: 'Tempo disponibile', base: 0, size: l.planned_busy_minutes, kind: 'total', delta: l.planned_busy_minutes }];
  let level = l.planned_busy_minutes;
  for (const [field, label] of LOSS_STEPS) {
    if (field === 'micro_stop_minutes' && detected <= 0) continue;
    const loss = l[field];
    const next = level - loss;
    steps.push({ label, base: Math.min(level, next), size: Math.abs(loss), kind: loss < 0 ? 'gain' : 'loss', delta: loss === 0 ? 0 : -loss });
    level = next;
  }
  steps.push({ label: 'Tempo pienamente produttivo', base: 0, size: l.fully_productive_minutes, kind: 'total', delta: l.fully_productive_minutes });
  return steps;
}

/** The daily trend's series in percent (a day without a ratio is left out of that series). */
export function trendSeries(rows: readonly OeeRow[]): { id: string; data: { x: string; y: number }[] }[] {
  const series: ReadonlyArray<[string, (r: OeeRow) => number | null]> = [
    ['OEE', (r) => r.oee],
    ['Disponibilità', (r) => r.availability],
    ['Prestazioni', (r) => r.performance],
    ['Qualità', (r) => r.quality],
  ];
  return series.map(([id, pick]) => ({
    id,
    data: rows.flatMap((r) => {
      const v = pick(r);
      return v === null ? [] : [{ x: r.key, y: Math.round(v * 1000) / 10 }];
    }),
  }));
}

/** The unplanned stops a bar stands for. A shift's bar is chosen by the shift ids the list is asked for. */
export function stopsOfBar(stops: readonly UnplannedStop[], by: ParetoBy, key: string): UnplannedStop[] {
  switch (by) {
    case 'stop_code':
      return stops.filter((s) => String(s.stop_code_id) === key);
    case 'failure_mode':
      return stops.filter((s) => s.failure_mode === key);
    case 'equipment':
      return stops.filter((s) => String(s.workpoint_rel.equipment_rel.id) === key);
    case 'shift':
      return [...stops];
  }
}
