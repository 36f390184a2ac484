/**
 * The dashboard's figures (foundations §2 Dashboard, §3, §5, §9): the summary lines and
 * the two gauges, from the improvement summary and the average DBR constants of the
 * selected lines. Pure, so each formula is unit tested against the spec.
 */
import { efficiencyOver, type ImprovementSummary } from '../../../../../domain/dbr/efficiency.js';
import { formatNumber } from '../../../lib/numbers.js';

export type { ImprovementSummary } from '../../../../../domain/dbr/efficiency.js';

/** The average constants the gauges use (POST /factory/dbr_constants/average); a line without constants gives nulls. */
export interface GaugeConstants {
  def_speed: number | null;
  def_uptime: number | null;
  def_waste: number | null;
  def_volume: number | null;
  max_ut: number | null;
  ut_threshold: number | null;
  max_waste: number | null;
  waste_threshold: number | null;
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const it = (v: number, min: number, max: number) => formatNumber(v, { min, max });

/**
 * Rendimento = Σ volume / Σ (def_speed × working hours) over the selected lines, each line at its
 * own design speed (domain/dbr/efficiency.ts; for one line the spec's §5 formula); 0 when nothing was
 * worked or there is no design speed. The spec's averaged def_speed would let idle lines move it.
 */
export const efficiency = (s: Pick<ImprovementSummary, 'volume' | 'rated_volume'>): number => efficiencyOver(num(s.volume), num(s.rated_volume));

/** Share of the pieces made that were waste, used only when waste is above 0 (§5). */
export function wasteRate(volume: number, waste: number): number {
  return waste > 0 ? waste / (num(volume) + waste) : 0;
}

/** Working time minus unplanned and planned downtime, in hours ('Tempo lavorato effettivo'). */
export function effectiveHours(s: Pick<ImprovementSummary, 'working_time' | 'total_unplanned_downtime' | 'total_planned_downtime'>): number {
  return (num(s.working_time) - num(s.total_unplanned_downtime) - num(s.total_planned_downtime)) / 60;
}

/** The five summary lines, formatted as the spec says (Italian decimals). */
export function summaryLines(s: ImprovementSummary | null, unit1: string, c: GaugeConstants | null): { label: string; value: string }[] {
  const volume = s ? s.volume : num(c?.def_volume);
  return [
    { label: 'Volumi Prodotti', value: `${it(volume / 1000, 2, 2)} k ${unit1}`.trimEnd() },
    { label: 'Ore lavorate', value: `${it(Math.round(num(s?.working_time) / 60), 0, 0)} h` },
    { label: 'Tempo lavorato effettivo', value: `${it(s ? effectiveHours(s) : 0, 2, 2)} h` },
    { label: 'Tempo di fermo non pianificato', value: `${it(num(s?.total_unplanned_downtime), 0, 0)} min` },
    { label: 'Tempo di fermo pianificato', value: `${it(num(s?.total_planned_downtime), 0, 0)} min` },
  ];
}

/** Gauge defaults (§9). */
export const GAUGE_LEVELS = 3;
export const GAUGE_ANIMATION = { delayMs: 500, durationMs: 3000 } as const;

/** One gauge as drawn: the value on a 0..max scale, the target, its colour and its texts. */
export interface GaugeModel {
  title: string;
  value: number;
  max: number;
  threshold: number;
  /** Within target: green; otherwise red. */
  ok: boolean;
  valueText: string;
  minText: string;
  maxText: string;
}

const pct = (v: number, min: number, max: number) => `${it(v * 100, min, max)}%`;
/** A scale without a maximum still draws: 0..1 (100%). */
const scaleMax = (v: number | null) => (num(v) > 0 ? num(v) : 1);

/**
 * 'Rendimento (minimo X%)': scale 0..max_ut, target ut_threshold, 1 decimal; green at or
 * above the target. Without a summary the default uptime stands in.
 */
export function efficiencyGauge(s: ImprovementSummary | null, c: GaugeConstants | null): GaugeModel {
  const value = s ? efficiency(s) : num(c?.def_uptime);
  const max = scaleMax(c?.max_ut ?? null);
  const threshold = num(c?.ut_threshold);
  return {
    title: `Rendimento (minimo ${pct(threshold, 0, 1)})`,
    value,
    max,
    threshold,
    ok: value >= threshold,
    valueText: pct(value, 1, 1),
    minText: pct(0, 0, 0),
    maxText: pct(max, 0, 1),
  };
}

/**
 * 'Scarto (massimo X%)': scale 0..max_waste, target waste_threshold, 0 to 2 decimals; the
 * colours inverted (green at or below the target). Without a summary the default waste stands in.
 */
export function wasteGauge(s: ImprovementSummary | null, c: GaugeConstants | null): GaugeModel {
  const value = s ? wasteRate(s.volume, s.waste) : num(c?.def_waste);
  const max = scaleMax(c?.max_waste ?? null);
  const threshold = num(c?.waste_threshold);
  return {
    title: `Scarto (massimo ${pct(threshold, 0, 2)})`,
    value,
    max,
    threshold,
    ok: value <= threshold,
    valueText: pct(value, 0, 2),
    minText: pct(0, 0, 0),
    maxText: pct(max, 0, 2),
  };
}
