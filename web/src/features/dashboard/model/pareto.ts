/** What the 'Pareto fermate' chart draws, kept apart from nivo for unit tests. */
import type { ParetoBar } from '../api/dashboardApi.js';

/** Bars drawn per chart; the rest are summed into 'Altro' so labels stay readable. */
export const PARETO_TOP = 8;

export interface ParetoDatum {
  [key: string]: string | number;
  label: string;
  Minuti: number;
  Fermate: number;
}

/**
 * The longest bars first, at most PARETO_TOP with the rest as 'Altro', reversed for a horizontal
 * nivo chart (which draws its first datum at the bottom), so the longest is on top.
 */
export function paretoData(bars: readonly ParetoBar[]): ParetoDatum[] {
  const top = bars.slice(0, PARETO_TOP).map((b) => ({ label: b.label || '(senza nome)', Minuti: b.downtime_minutes, Fermate: b.count }));
  const rest = bars.slice(PARETO_TOP);
  if (rest.length > 0) {
    top.push({ label: 'Altro', Minuti: rest.reduce((s, b) => s + b.downtime_minutes, 0), Fermate: rest.reduce((s, b) => s + b.count, 0) });
  }
  return top.reverse();
}

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** '2030-06' -> 'giugno 2030'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${y}`;
}
