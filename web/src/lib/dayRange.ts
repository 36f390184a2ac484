/**
 * A range of days picked with two fields, 'Data da' and 'a' (Root Cause Tool, both dashboards,
 * 'Analisi perdite'): picking one end past the other takes the other along, so a pick is never
 * silently refused or snapped back. Pure.
 */
import { isIsoDay } from './dates.js';

/** A range of shift days, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * The range after one end was picked: a 'Data da' later than 'a' takes 'a' along with it, an 'a'
 * earlier than 'Data da' takes 'Data da' back with it, so a pick is never silently refused.
 */
export function changeRange(range: DayRange, end: 'from' | 'to', day: string): DayRange {
  const valid = isIsoDay(day);
  if (end === 'from') return { from: day, to: valid && isIsoDay(range.to) && day > range.to ? day : range.to };
  return { from: valid && isIsoDay(range.from) && day < range.from ? day : range.from, to: day };
}
