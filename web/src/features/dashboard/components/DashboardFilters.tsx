/**
 * The dashboard's filters (foundations §3 "Dashboard filter state", §4): lines by name, shifts
 * chosen by name, the two dates, starting from the default station's line and the default
 * range. One hook keeps the state and builds the query; one component draws the controls. Used
 * by both dashboards and by 'Analisi perdite' (docs/oee.md), so every page filters alike.
 */
import { useEffect, useState } from 'react';
import { DayPicker } from '../../../components/DayPicker.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useLines } from '../../plant/index.js';
import { useDefaultDates, useShiftsRange, type DashboardQuery } from '../api/dashboardApi.js';
import { canQuery, describeFilters, groupShiftsByName, nextShiftSelection, selectedShiftIds, type ShiftOption } from '../model/filters.js';

/** What the filters hold and the query they stand for (null while incomplete). */
export interface DashboardFilterState {
  /** The default station names a shop floor and a line. */
  complete: boolean;
  shopFloorId: string;
  lines: readonly { id: number; name: string }[];
  /** Null until the lines are loaded and the default line chosen. */
  selectedLines: string[] | null;
  lineIds: number[];
  shifts: readonly ShiftOption[];
  shiftNames: string[];
  dateFrom: string;
  dateTo: string;
  query: DashboardQuery | null;
  /** The filters as written above a table's CSV export. */
  csvFilters: [string, string][];
  setSelectedLines: (names: string[]) => void;
  setShiftNames: (names: string[]) => void;
  setDateFrom: (day: string) => void;
  setDateTo: (day: string) => void;
}

export function useDashboardFilters(station: StoredStationNames): DashboardFilterState {
  const complete = Boolean(station.shopFloorId && station.lineId && station.shopFloorName && station.lineName);
  const shopFloorId = complete ? station.shopFloorId : '';
  const lines = useLines(shopFloorId || null);
  const defaults = useDefaultDates(shopFloorId, complete ? station.lineId : '');

  const [selectedLines, setSelectedLines] = useState<string[] | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [shiftNames, setShiftNames] = useState<string[]>([]);

  useEffect(() => {
    if (selectedLines === null && lines.data) setSelectedLines(lines.data.some((l) => l.name === station.lineName) ? [station.lineName] : []);
  }, [lines.data, selectedLines, station.lineName]);
  useEffect(() => {
    if (defaults.data && !dateFrom && !dateTo) {
      setDateFrom(defaults.data.date_from);
      setDateTo(defaults.data.date_to);
    }
  }, [defaults.data, dateFrom, dateTo]);

  const shifts = useShiftsRange(shopFloorId, dateFrom, dateTo);
  const shiftKey = (shifts.data ?? []).map((s) => `${s.id}:${s.name}`).join(',');
  useEffect(() => {
    if (shifts.data) setShiftNames((prev) => nextShiftSelection(prev, shifts.data ?? []));
    // Only when the shifts of the dates change (§4), not on every render.
  }, [shiftKey]);

  const chosenLines = selectedLines ?? [];
  const lineIds = (lines.data ?? []).filter((l) => chosenLines.includes(l.name)).map((l) => l.id);
  const shiftIds = selectedShiftIds(shiftNames, shifts.data ?? []);
  const query: DashboardQuery | null = canQuery(chosenLines, shiftIds, dateFrom, dateTo) ? { shopFloorId, lineNames: chosenLines, lineIds, shiftIds, dateFrom, dateTo } : null;
  return {
    complete,
    shopFloorId,
    lines: lines.data ?? [],
    selectedLines,
    lineIds,
    shifts: shifts.data ?? [],
    shiftNames,
    dateFrom,
    dateTo,
    query,
    csvFilters: describeFilters(chosenLines, shiftNames, dateFrom, dateTo),
    setSelectedLines,
    setShiftNames,
    setDateFrom,
    setDateTo,
  };
}

/** The filter card: 'Linee' (with 'Tutte le linee' / 'Nessuna linea'), 'Turni' and 'Data da' / 'a'. */
export function DashboardFilters({ filters: f }: { filters: DashboardFilterState }) {
  const chosenLines = f.selectedLines ?? [];
  const groups = groupShiftsByName(f.shifts);
  const toggleLine = (name: string, on: boolean) => f.setSelectedLines(on ? [...chosenLines, name] : chosenLines.filter((n) => n !== name));
  const toggleShift = (name: string, on: boolean) => f.setShiftNames(on ? [...f.shiftNames, name] : f.shiftNames.filter((n) => n !== name));
  return (
    <section className="card dashboard-filters" aria-label="Filtri">
      <fieldset className="dashboard-lines">
        <legend className="field-label">Linee</legend>
        <div className="dashboard-links">
          <button type="button" className="link-button" onClick={() => f.setSelectedLines(f.lines.map((l) => l.name))}>
            Tutte le linee
          </button>
          <button type="button" className="link-button" onClick={() => f.setSelectedLines([])}>
            Nessuna linea
          </button>
        </div>
        <div className="dashboard-checks">
          {f.lines.map((l) => (
            <label key={l.id} className="check">
              <input type="checkbox" checked={chosenLines.includes(l.name)} onChange={(e) => toggleLine(l.name, e.target.checked)} />
              {l.name}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="dashboard-shifts">
        <legend className="field-label">Turni</legend>
        <div className="dashboard-checks">
          {groups.map((g) => (
            <label key={g.name} className="check">
              <input type="checkbox" checked={f.shiftNames.includes(g.name)} onChange={(e) => toggleShift(g.name, e.target.checked)} />
              {g.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="dashboard-dates">
        <DayPicker label="Data da" value={f.dateFrom} onChange={f.setDateFrom} max={f.dateTo || undefined} />
        <DayPicker label="a" value={f.dateTo} onChange={f.setDateTo} min={f.dateFrom || undefined} />
      </div>
    </section>
  );
}
