/**
 * 'Efficacia azioni DBR' (docs/oee.md, the closed loop): GET /factory/dbr/action-effectiveness's
 * rows and what the table derives from them. The windows before and after an execution may differ
 * in length (an action executed 5 days ago has 5 days after it), so the change is read on the
 * minutes per day of each window, and a window not yet whole says so.
 */
import { formatNumber } from '../../../lib/numbers.js';

/** Unplanned stops of the target in one window: its length in days, how many, and their minutes. */
export interface StopWindow {
  days: number;
  count: number;
  minutes: number;
}

export interface EffectivenessRow {
  id: number;
  line_name: string;
  due_date: string;
  activity: string;
  executed_at: string;
  target_equipment: number;
  target_equipment_name: string;
  target_stop_code: number | null;
  target_stop_code_name: string | null;
  before: StopWindow;
  after: StopWindow;
  complete: boolean;
}

export interface EffectivenessAnswer {
  days: number;
  rows: EffectivenessRow[];
}

/** The days the page offers to compare (N), 30 first as the default. */
export const EFFECT_DAYS = [30, 7, 14, 60, 90] as const;

/** Minutes of stops per day of a window; null for a window of no time yet (executed just now). */
export const minutesPerDay = (w: StopWindow): number | null => (w.days > 0 ? w.minutes / w.days : null);

/**
 * The change of the minutes per day, after against before, as a fraction (−0.6: 60 % less);
 * null when it cannot be said (no stop before, or no time after yet).
 */
export function changeOf(row: Pick<EffectivenessRow, 'before' | 'after'>): number | null {
  const before = minutesPerDay(row.before);
  const after = minutesPerDay(row.after);
  if (before === null || after === null || before === 0) return null;
  return (after - before) / before;
}

const it = (n: number, digits: number) => formatNumber(n, { max: digits });

/** The days after observed: '30 gg', or '10 di 30 gg (in corso)' while the window is not whole. */
export const afterDaysText = (row: Pick<EffectivenessRow, 'after' | 'complete'>, days: number): string =>
  row.complete ? `${it(days, 1)} gg` : `${it(row.after.days, 1)} di ${it(days, 1)} gg (in corso)`;

/** The change as the table shows it: '−60 %', '+25 %', '0 %', '–' when it cannot be said. */
export function changeText(change: number | null): string {
  if (change === null) return '–';
  const pct = Math.round(change * 100);
  return `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)} %`;
}

/** The stop code as the table names it: every code of the machine when the action names none. */
export const codeText = (row: Pick<EffectivenessRow, 'target_stop_code_name'>): string => row.target_stop_code_name ?? 'Tutti i codici';
