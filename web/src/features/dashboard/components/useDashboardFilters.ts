/**
 * The dashboard's filter state (foundations §3 "Dashboard filter state", §4): lines by name,
 * shifts chosen by name, the two dates, starting from the default station's line and the default
 * range. Used by both dashboards and by 'Analisi perdite' (docs/oee.md), so every page filters alike.
 *
 * One change is one round of calls (docs/dashboard.md, Filters): the dates are one state, so a
 * 'Data da' that takes 'a' along changes both at once; the shift list of new dates is loaded and
 * the chosen names reconciled with it before the data calls get a new query, so they are never
 * asked with the old days' shift ids. Until then `query` stays the last settled one and `pending`
 * is true, so the page shows the figures it has as being updated, not as the new filters' figures.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { DayRange } from '../../../lib/dayRange.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useLines, useShopFloors } from '../../plant/index.js';
import { useDefaultDates, useShiftsRange } from '../api/dashboardApi.js';
import { describeFilters, reconcileShiftChoice, settleQuery, shiftsRangeParams, type DashboardQuery, type ShiftChoice, type ShiftOption } from '../model/filters.js';

/** What the filters hold and the query they stand for (null while incomplete). */
export interface DashboardFilterState {
  /** The default station names a shop floor and a line. */
  complete: boolean;
  shopFloorId: string;
  lines: readonly { id: number; name: string }[];
  /** Null until the lines are loaded and the default line chosen. */
  selectedLines: string[] | null;
  lineIds: number[];
  /** The shift list offered (the previous dates' while the new one loads). */
  shifts: readonly ShiftOption[];
  shiftNames: string[];
  range: DayRange;
  dateFrom: string;
  dateTo: string;
  /** The query of the data calls: the last settled one while `pending`. */
  query: DashboardQuery | null;
  /** The filters changed and their query is not settled yet (the shift list of the new dates is loading). */
  pending: boolean;
  /** The first shift list has answered, or none can be asked (no dates): the filter card has its final size. */
  shiftsShown: boolean;
  /** The filters as written above a table's CSV export. */
  csvFilters: [string, string][];
  setSelectedLines: (names: string[]) => void;
  setShiftNames: (names: string[]) => void;
  setRange: (range: DayRange) => void;
}

/** One empty list for every render before an answer, so the filter card's memo holds. */
const NONE: readonly never[] = [];

const sameQuery = (a: DashboardQuery | null, b: DashboardQuery | null) => JSON.stringify(a) === JSON.stringify(b);

export function useDashboardFilters(station: StoredStationNames): DashboardFilterState {
  const complete = Boolean(station.shopFloorId && station.lineId && station.shopFloorName && station.lineName);
  const shopFloorId = complete ? station.shopFloorId : '';
  const lines = useLines(shopFloorId || null);
  const floors = useShopFloors();
  const defaults = useDefaultDates(shopFloorId, complete ? station.lineId : '');

  const [selectedLines, setSelectedLines] = useState<string[] | null>(null);
  const [range, setRange] = useState<DayRange>({ from: '', to: '' });
  const [choice, setChoice] = useState<ShiftChoice>({ names: [], key: '' });
  const [held, setHeld] = useState<DashboardQuery | null>(null);

  useEffect(() => {
    if (selectedLines === null && lines.data) setSelectedLines(lines.data.some((l) => l.name === station.lineName) ? [station.lineName] : []);
  }, [lines.data, selectedLines, station.lineName]);
  useEffect(() => {
    if (defaults.data && !range.from && !range.to) setRange({ from: defaults.data.date_from, to: defaults.data.date_to });
  }, [defaults.data, range]);

  // 'Turno E' is offered where the shop floor manages it (§3 manageExtraShift, §7 extraShift); asked once that is known.
  const floor = floors.data?.find((f) => String(f.id) === shopFloorId);
  const params = floors.data || floors.error ? shiftsRangeParams(shopFloorId, range, floor?.manageExtraShift ?? false) : null;
  const shiftsKey = params ? JSON.stringify(params) : '';
  const shifts = useShiftsRange(params, shiftsKey);
  // Reconciled during the render that first sees the new list, so no render asks with the old names' ids.
  const current = reconcileShiftChoice(choice, shiftsKey, shifts.data);
  if (current !== choice) setChoice(current);

  // The filter card's final size: the shift list has answered, or none will be asked (the default dates failed, or ask for none).
  const settledCall = (r: { data?: unknown; error?: unknown }) => r.data !== undefined || r.error !== undefined;
  const shiftsShown = params ? settledCall(shifts) : defaults.error !== undefined || (defaults.data !== undefined && settledCall(floors));

  const chosenLines = selectedLines ?? [];
  const lineIds = (lines.data ?? []).filter((l) => chosenLines.includes(l.name)).map((l) => l.id);
  const settled = settleQuery({ shopFloorId, lineNames: chosenLines, lineIds, range, shiftsKey, loaded: shifts.data, shiftsFailed: Boolean(shifts.error), choice: current });
  if (settled.settled && !sameQuery(settled.query, held)) setHeld(settled.query);
  const linesKey = chosenLines.join('\n');
  const shiftsNamesKey = current.names.join('\n');
  // The same list while the filters are the same: the tables' CSV export is a prop of memoized tables.
  const csvFilters = useMemo(
    () => describeFilters(linesKey ? linesKey.split('\n') : [], shiftsNamesKey ? shiftsNamesKey.split('\n') : [], range.from, range.to),
    [linesKey, shiftsNamesKey, range.from, range.to],
  );
  const choiceKey = current.key;
  const setShiftNames = useCallback((names: string[]) => setChoice({ names, key: choiceKey }), [choiceKey]);
  return {
    complete,
    shopFloorId,
    lines: lines.data ?? NONE,
    selectedLines,
    lineIds,
    shifts: shifts.data?.shifts ?? NONE,
    shiftNames: current.names,
    range,
    dateFrom: range.from,
    dateTo: range.to,
    // The held object while the settled query is the same, so what takes the query keeps its identity.
    query: settled.settled && !sameQuery(settled.query, held) ? settled.query : held,
    pending: !settled.settled,
    shiftsShown,
    csvFilters,
    setSelectedLines,
    setShiftNames,
    setRange,
  };
}
