/**
 * The dashboard's filter state (foundations §3 "Dashboard filter state", §4 "Dashboard",
 * §5): lines by name, shifts by id but chosen by name, and the two dates. Pure.
 */
import { formatItalianDate } from '../../../lib/dates.js';
import type { DayRange } from '../../../lib/dayRange.js';

export interface ShiftOption {
  id: number;
  name: string;
  /** The shift's code, as GET /factory/shifts-range answers it. */
  code?: string;
}

/** What the data calls take: the filters once settled (docs/dashboard.md, Filters). */
export interface DashboardQuery {
  shopFloorId: string;
  lineNames: string[];
  lineIds: number[];
  shiftIds: number[];
  /** The codes of those shifts when the ids are every listed shift of these codes (calls that take codes ask a year with them); else absent. */
  shiftCodes?: string[];
  dateFrom: string;
  dateTo: string;
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

/**
 * The codes the selected names stand for, when the selected shifts are every listed shift of
 * those codes (so the codes say the same as the ids); undefined when a shift has no code or a
 * code is only partly selected.
 */
export function selectedShiftCodes(selected: readonly string[], shifts: readonly ShiftOption[]): string[] | undefined {
  const chosen = shifts.filter((s) => selected.includes(s.name));
  if (chosen.some((s) => !s.code)) return undefined;
  const codes = [...new Set(chosen.map((s) => s.code!))];
  return shifts.every((s) => selected.includes(s.name) || !codes.includes(s.code ?? '')) ? codes : undefined;
}

/**
 * The filters as the loss analysis's calls take them (GET /factory/oee, /factory/oee/pareto:
 * 'Analisi perdite' and Riepilogo Operativo's Pareto): the shifts by code when the choice is
 * every shift of some codes, else by id, so a year (1,095 ids, over the 1,000 a list takes) can be asked.
 */
export function lossFilterParams(q: DashboardQuery): Record<string, string> {
  return {
    shop_floor_id: q.shopFloorId,
    lines: q.lineNames.join(','),
    ...(q.shiftCodes ? { shift_codes: q.shiftCodes.join(',') } : { shifts: q.shiftIds.join(',') }),
    date_from: q.dateFrom,
    date_to: q.dateTo,
  };
}

/**
 * The shifts as the stop list takes them (GET /factory/stop_events/unplanned), by the same rule:
 * `shift_codes` when the choice is every shift of some codes, else `shift_id`. `only`: one shift
 * code's stops (a Pareto bar of a shift), with the ids of that code when asked by id.
 */
export function stopListShiftParams(q: DashboardQuery, only?: { code: string; ids: readonly number[] }): { shift_codes: string } | { shift_id: number[] } {
  if (q.shiftCodes) return { shift_codes: only ? only.code : q.shiftCodes.join(',') };
  return { shift_id: only ? [...only.ids] : q.shiftIds };
}

/** The most entries the server takes in a list parameter (domain/shared/bounds.ts MAX_LIST_ENTRIES). */
export const SERVER_LIST_MAX = 1000;

/**
 * The shifts as the spec's calls take them (the summary's `shifts`, the stop list's `shift_id`, the
 * DBR actions' `shifts`): by id, as the spec's call table says, unless the ids are more than a list
 * takes (a year of three shifts is 1,095): then by `shift_codes`, which the server reads as every
 * shift of those codes in the range (the same shifts, as selectedShiftCodes says).
 */
export function specShiftParams<K extends string>(
  q: DashboardQuery,
  name: K,
  ids: (shiftIds: number[]) => string | number[],
): Record<K, string | number[]> | { shift_codes: string } {
  if (q.shiftCodes && q.shiftIds.length > SERVER_LIST_MAX) return { shift_codes: q.shiftCodes.join(',') };
  return { [name]: ids(q.shiftIds) } as Record<K, string | number[]>;
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

/** The parameters of GET /factory/shifts-range (§7), `extraShift` as the shop floor manages it; null while a date is missing. */
export function shiftsRangeParams(shopFloorId: string, range: DayRange, extraShift: boolean): Record<string, string> | null {
  if (!shopFloorId || !range.from || !range.to || range.from > range.to) return null;
  return { shop_floor_id: shopFloorId, date_from: range.from, date_to: range.to, extraShift: String(extraShift) };
}

/** A shift list as loaded, with the key of the parameters it answers (so a list kept from other dates is known as such). */
export interface LoadedShifts {
  key: string;
  shifts: ShiftOption[];
}

/** The shift names chosen, and the key of the shift list they were last reconciled with. */
export interface ShiftChoice {
  names: string[];
  key: string;
}

/**
 * The choice once the shift list of `key` is loaded: unchanged when already reconciled with it,
 * else reconciled by name (nextShiftSelection, §4). Before the list of `key` is loaded, unchanged.
 */
export function reconcileShiftChoice(choice: ShiftChoice, key: string, loaded: LoadedShifts | undefined): ShiftChoice {
  if (!loaded || loaded.key !== key || choice.key === key) return choice;
  return { names: nextShiftSelection(choice.names, loaded.shifts), key };
}

/** What the filters stand for now: `settled` false while the shift list of the current dates is still loading. */
export interface FilterInputs {
  shopFloorId: string;
  lineNames: readonly string[];
  lineIds: readonly number[];
  range: DayRange;
  /** Key of the current shift list's parameters ('' when none can be asked), and that list once loaded. */
  shiftsKey: string;
  loaded: LoadedShifts | undefined;
  /** The shift list failed, or cannot be asked yet because the shop floor's settings failed. */
  shiftsFailed: boolean;
  choice: ShiftChoice;
}

/**
 * The query of the data calls and whether it is settled. Until the shift list of the new dates is
 * loaded and the choice reconciled with it, nothing new is asked (`settled` false): the calls are
 * made once, with the new dates and the new days' shift ids together, never with the old ids.
 */
export function settleQuery(f: FilterInputs): { settled: boolean; query: DashboardQuery | null } {
  const fresh = f.loaded && f.loaded.key === f.shiftsKey && f.choice.key === f.shiftsKey ? f.loaded : undefined;
  if (f.shiftsKey !== '' && !fresh && !f.shiftsFailed) return { settled: false, query: null };
  const shiftIds = fresh ? selectedShiftIds(f.choice.names, fresh.shifts) : [];
  const shiftCodes = fresh ? selectedShiftCodes(f.choice.names, fresh.shifts) : undefined;
  const { from, to } = f.range;
  const query = canQuery(f.lineNames, shiftIds, from, to)
    ? { shopFloorId: f.shopFloorId, lineNames: [...f.lineNames], lineIds: [...f.lineIds], shiftIds, ...(shiftCodes ? { shiftCodes } : {}), dateFrom: from, dateTo: to }
    : null;
  return { settled: true, query };
}
