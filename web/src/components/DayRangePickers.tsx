/**
 * 'Data da' and 'a' as one control (Root Cause Tool, both dashboards, 'Analisi perdite'): each end
 * takes the other along (lib/dayRange.ts changeRange), so a 'Data da' after 'a' moves 'a' to it
 * instead of snapping back. One change is one new range, so a page asks its data once per pick.
 */
import { changeRange, type DayRange } from '../lib/dayRange.js';
import { DayPicker } from './DayPicker.js';

/** Props: the range, its setter and the latest selectable day (usually today in Rome, or none). */
export interface DayRangePickersProps {
  range: DayRange;
  onChange(range: DayRange): void;
  max?: string;
  /** Form field names of the two inputs, where the page has them. */
  names?: { from: string; to: string };
}

export function DayRangePickers({ range, onChange, max, names }: DayRangePickersProps) {
  return (
    <>
      <DayPicker label="Data da" name={names?.from} value={range.from} max={max} onChange={(from) => onChange(changeRange(range, 'from', from))} />
      <DayPicker label="a" name={names?.to} value={range.to} max={max} onChange={(to) => onChange(changeRange(range, 'to', to))} />
    </>
  );
}
