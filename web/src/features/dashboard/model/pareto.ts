/** What the 'Pareto fermate' chart draws, kept apart from nivo for unit tests. */
import type { ParetoBar } from '../api/dashboardApi.js';

/** Bars drawn per chart; the rest are summed into 'Altro' so labels stay readable. */
export const PARETO_TOP = 8;

export interface ParetoDatum {
  [key: string]: string | number;
  key: string;
  label: string;
  Minuti: number;
  Fermate: number;
  /** The cumulative share of the minutes up to and including the bar (0..1). */
  share: number;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * The longest bars first, at most PARETO_TOP, then the rest as one 'Altro' bar (last, as a Pareto
 * chart keeps 'other'), each with the cumulative share the server gave up to it.
 */
export function paretoData(bars: readonly ParetoBar[]): ParetoDatum[] {
  const datum = (b: ParetoBar) => ({ key: b.key, label: b.label || '(senza nome)', Minuti: round1(b.minutes), Fermate: b.count, share: b.cumulative_share });
  const top = bars.slice(0, PARETO_TOP).map(datum);
  const rest = bars.slice(PARETO_TOP);
  if (rest.length > 0) {
    const minutes = rest.reduce((s, b) => s + b.minutes, 0);
    top.push({ key: '__altro', label: 'Altro', Minuti: round1(minutes), Fermate: rest.reduce((s, b) => s + b.count, 0), share: rest.at(-1)!.cumulative_share });
  }
  return top;
}

/** The period as the title names it: '05/06/2030' for one day, '01/06/2030 – 30/06/2030' for a range. */
export function periodLabel(from: string, to: string): string {
  const it = (d: string) => d.split('-').reverse().join('/');
  return from === to ? it(from) : `${it(from)} – ${it(to)}`;
}
