/**
 * The Root Cause Tool opened on one stop (`/rca-miglioramento?stop=&day=&line_id=`, the link of the
 * support start page, docs/start-pages.md): all three readable, else no focus.
 */
import { isIsoDay } from '../../../lib/dates.js';

type Params = { get(name: string): string | null };

export function focusFromQuery(params: Params): { stopId: number; day: string; lineId: string } | null {
  const stop = params.get('stop')?.trim() ?? '';
  const day = params.get('day')?.trim() ?? '';
  const lineId = params.get('line_id')?.trim() ?? '';
  if (!/^\d{1,16}$/.test(stop) || !isIsoDay(day) || !/^\d{1,9}$/.test(lineId)) return null;
  return { stopId: Number(stop), day, lineId };
}
