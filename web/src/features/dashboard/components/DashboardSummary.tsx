/**
 * The production summary both dashboards show (foundations §2 Dashboard, §4, §5; 001 §2.6):
 * filters, the summary lines, the two gauges, the 30-day trend and the two history tables.
 * Starts from the stored default station; incomplete, it logs and loads nothing (§4, §8).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { DayPicker } from '../../../components/DayPicker.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useLines, useUnits } from '../../plant/index.js';
import {
  useAverageConstants,
  useDashboardDbrActions,
  useDashboardStops,
  useDefaultDates,
  useImprovementSummary,
  useShiftsRange,
  useVolumesHistory,
  type DashboardQuery,
} from '../api/dashboardApi.js';
import { canQuery, groupShiftsByName, nextShiftSelection, selectedShiftIds } from '../model/filters.js';
import { momentCaption } from '../model/moment.js';
import { efficiencyGauge, summaryLines, wasteGauge } from '../model/summary.js';
import { DbrActionsHistory, UnplannedStopsHistory } from './DashboardTables.js';
import { Gauge } from './Gauge.js';
import { SummaryMoment } from './SummaryMoment.js';
import { VolumeTrend } from './VolumeTrend.js';

/**
 * `station`: the default station, loaded first by the page (useStationDefaults). `extra`: what a
 * page adds under the trend for the same filters (Riepilogo Operativo: the Pareto fermate).
 * `moments`: offers 'Attuale' / 'Al momento' for the summary lines and gauges (SummaryMoment).
 */
export function DashboardSummary({ station, extra, moments = false }: { station: StoredStationNames; extra?: (query: DashboardQuery | null) => ReactNode; moments?: boolean }) {
  const complete = Boolean(station.shopFloorId && station.lineId && station.shopFloorName && station.lineName);
  useEffect(() => {
    if (!complete) console.error('Dashboard: stazione predefinita incompleta', station);
  }, [complete, station]);
  const shopFloorId = complete ? station.shopFloorId : '';

  const lines = useLines(shopFloorId || null);
  const units = useUnits(shopFloorId || null);
  const defaults = useDefaultDates(shopFloorId, complete ? station.lineId : '');

  const [selectedLines, setSelectedLines] = useState<string[] | null>(null);
  const [dateFrom, setDateFrom] = useState('');
  const [dateTo, setDateTo] = useState('');
  const [shiftNames, setShiftNames] = useState<string[]>([]);
  const [moment, setMoment] = useState('');

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

  const asOf = moments && momentCaption(moment) ? moment : '';
  const summary = useImprovementSummary(query, asOf);
  const stops = useDashboardStops(query);
  const actions = useDashboardDbrActions(query);
  const constants = useAverageConstants(lineIds);
  const trend = useVolumesHistory(shopFloorId, lineIds);

  if (!complete) return null;
  if (constants.isLoading || (lineIds.length > 0 && !constants.data && !constants.error) || selectedLines === null) {
    return (
      <p className="dashboard-loading" role="status">
        Caricamento configurazione DBR...
      </p>
    );
  }

  const unit1 = units.data?.unit1 ?? '';
  const current = query && !summary.error ? (summary.data ?? null) : null;
  const c = constants.data ?? null;
  const groups = groupShiftsByName(shifts.data ?? []);
  const toggleLine = (name: string, on: boolean) => setSelectedLines(on ? [...chosenLines, name] : chosenLines.filter((n) => n !== name));
  const toggleShift = (name: string, on: boolean) => setShiftNames(on ? [...shiftNames, name] : shiftNames.filter((n) => n !== name));

  return (
    <div className="dashboard">
      <section className="card dashboard-filters" aria-label="Filtri">
        <fieldset className="dashboard-lines">
          <legend className="field-label">Linee</legend>
          <div className="dashboard-links">
            <button type="button" className="link-button" onClick={() => setSelectedLines((lines.data ?? []).map((l) => l.name))}>
              Tutte le linee
            </button>
            <button type="button" className="link-button" onClick={() => setSelectedLines([])}>
              Nessuna linea
            </button>
          </div>
          <div className="dashboard-checks">
            {(lines.data ?? []).map((l) => (
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
                <input type="checkbox" checked={shiftNames.includes(g.name)} onChange={(e) => toggleShift(g.name, e.target.checked)} />
                {g.name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="dashboard-dates">
          <DayPicker label="Data da" value={dateFrom} onChange={setDateFrom} max={dateTo || undefined} />
          <DayPicker label="a" value={dateTo} onChange={setDateTo} min={dateFrom || undefined} />
        </div>
      </section>

      {moments && <SummaryMoment moment={moment} onChange={setMoment} />}
      <div className={asOf ? 'dashboard-top is-moment' : 'dashboard-top'}>
        <section className="card dashboard-summary" aria-label="Riepilogo">
          <dl className="dashboard-lines-list">
            {summaryLines(current, unit1, c).map((l) => (
              <div key={l.label} className="dashboard-line">
                <dt>{l.label}</dt>
                <dd data-testid={`summary-${l.label}`}>{l.value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <section className="card dashboard-gauges" aria-label="Indicatori">
          <Gauge model={efficiencyGauge(current, c)} />
          <Gauge model={wasteGauge(current, c)} />
        </section>
      </div>

      <VolumeTrend points={trend.data} unit={unit1} />
      {extra?.(query)}
      <UnplannedStopsHistory
        stops={query && !stops.error ? stops.stops : []}
        more={Boolean(query) && !stops.error && stops.more}
        loadingMore={stops.loadingMore}
        onLoadMore={stops.loadMore}
      />
      <DbrActionsHistory actions={query && !actions.error ? (actions.data ?? []) : []} />
    </div>
  );
}
