/**
 * The dashboard's filter state (foundations §3 "Dashboard filter state", §4 "Dashboard",
 * §5): lines by name, shifts by id but chosen by name, and the two dates. Pure.
 */
import { formatItalianDate } from '../../../lib/dates.js';

export interface ShiftOption {
  id: number;
  name: string;
}

/** One checkbox per shift name, in the order the names first appear, with every id of that name. */
export function groupShiftsByName(shifts: readonly ShiftOption[]): { name: string; ids: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const s of shifts) {
    const ids = groups.get(s.name) ?? [];
    ids.push(s.id);
    groups.set(s.name, ids);
  }
  return [...groups].map(([name, ids]) => ({ name, ids }));
}

/**
 * After the dates change the shifts are reloaded: with nothing selected every name is
 * selected, otherwise the selection is kept by name (names no longer offered drop out).
 */
export function nextShiftSelection(selected: readonly string[], shifts: readonly ShiftOption[]): string[] {
  const names = groupShiftsByName(shifts).map((g) => g.name);
  if (selected.length === 0) return names;
  return names.filter((n) => selected.includes(n));
}

/** The shift ids the selected names stand for. */
export function selectedShiftIds(selected: readonly string[], shifts: readonly ShiftOption[]): number[] {
  return shifts.filter((s) => selected.includes(s.name)).map((s) => s.id);
}

/** The data calls are made only when lines, shifts and both dates are set (§5), in order. */
export function canQuery(lines: readonly string[], shiftIds: readonly number[], dateFrom: string, dateTo: string): boolean {
  return lines.length > 0 && shiftIds.length > 0 && dateFrom !== '' && dateTo !== '' && dateFrom <= dateTo;
}

/** The filters as 'name, value' pairs, written above a table's CSV export ('Linee', 'Turni', 'Dal', 'Al'). */
export function describeFilters(lines: readonly string[], shiftNames: readonly string[], dateFrom: string, dateTo: string): [string, string][] {
  return [
    ['Linee', lines.join(', ')],
    ['Turni', shiftNames.join(', ')],
    ['Dal', formatItalianDate(dateFrom)],
    ['Al', formatItalianDate(dateTo)],
  ];
}
