/**
 * The DBR page opened on a day and line (`/azioni-dbr-miglioramento?day=&line_id=`, the overdue
 * actions of the support start page, docs/start-pages.md): both readable, else the usual start.
 */
import { isIsoDay } from '../../../lib/dates.js';

export interface DbrShow {
  day: string;
  lineId: string;
}

export function dbrShowFromQuery(params: { get(name: string): string | null }): DbrShow | null {
  const day = params.get('day')?.trim() ?? '';
  const lineId = params.get('line_id')?.trim() ?? '';
  return isIsoDay(day) && /^\d{1,9}$/.test(lineId) ? { day, lineId } : null;
}
