/**
 * The production summary both dashboards show (foundations §2 Dashboard, §4, §5; 001 §2.6):
 * filters, the summary lines, the two gauges, the 30-day trend and the two history tables.
 * Starts from the stored default station; incomplete, it logs and loads nothing (§4, §8).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { DrawnLater, useDeferredMount } from '../../../lib/deferredMount.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useUnits } from '../../plant/index.js';
import { useAverageConstants, useDashboardDbrActions, useDashboardStops, useImprovementSummary, useVolumesHistory, type DashboardQuery } from '../api/dashboardApi.js';
import { DashboardFilters, useDashboardFilters } from './DashboardFilters.js';
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
  const filters = useDashboardFilters(station);
  const { complete, shopFloorId, lineIds, query, selectedLines } = filters;
  useEffect(() => {
    if (!complete) console.error('Dashboard: stazione predefinita incompleta', station);
  }, [complete, station]);
  const units = useUnits(shopFloorId || null);
  const [moment, setMoment] = useState('');

  const asOf = moments && momentCaption(moment) ? moment : '';
  const summary = useImprovementSummary(query, asOf);
  const stops = useDashboardStops(query);
  const actions = useDashboardDbrActions(query);
  const constants = useAverageConstants(lineIds);
  const trend = useVolumesHistory(shopFloorId, lineIds);
  const { csvFilters } = filters;
  const stopsCsv = useMemo(() => ({ fileName: 'storico-stop', filters: csvFilters }), [csvFilters]);
  const actionsCsv = useMemo(() => ({ fileName: 'storico-attivita-dbr', filters: csvFilters }), [csvFilters]);

  // The configuration's first load only: later line changes keep the page, marked as updating.
  // The shift list too: arriving later, its checkboxes (two rows on a phone) would push the figures down.
  const configured = !((lineIds.length > 0 && !constants.data && !constants.error) || selectedLines === null || !filters.shiftsShown);
  // The whole dashboard first appears in a deferred render, built in slices (lib/deferredMount.ts).
  const shown = useDeferredMount(configured);

  if (!complete) return null;
  if (!shown || selectedLines === null) {
    return (
      <p className="dashboard-loading" role="status">
        Caricamento configurazione DBR...
      </p>
    );
  }

  const unit1 = units.data?.unit1 ?? '';
  const current = query && !summary.error ? (summary.data ?? null) : null;
  const c = constants.data ?? null;
  const noLines = selectedLines.length === 0;
  // The figures on screen are the previous filters' until every new answer is in: shown as such.
  const updating = !noLines && (filters.pending || summary.isLoading || stops.loading || actions.isLoading || constants.isLoading || trend.isLoading);
  return (
    <div className="dashboard">
      <DashboardFilters filters={filters} />

      <p className="dashboard-updating" role="status" data-testid="dashboard-updating">
        {updating ? 'Aggiornamento dei dati…' : ''}
      </p>
      <div className={updating ? 'dashboard-figures is-updating' : 'dashboard-figures'} aria-busy={updating}>
        {noLines ? (
          <NoLineSelected />
        ) : (
          <>
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
            {/* Then top down in three commits (lib/deferredMount.ts): filters, summary and gauges; the trend and what the page adds; the two tables. */}
            <DrawnLater steps={1}>
              <VolumeTrend points={trend.data} unit={unit1} />
              {extra?.(query)}
            </DrawnLater>
          </>
        )}
        <DrawnLater steps={2}>
          <UnplannedStopsHistory
            stops={query && !stops.error ? stops.stops : NO_ROWS}
            more={Boolean(query) && !stops.error && stops.more}
            loadingMore={stops.loadingMore}
            onLoadMore={stops.loadMore}
            csv={stopsCsv}
          />
          <DbrActionsHistory actions={query && !actions.error ? (actions.data ?? NO_ROWS) : NO_ROWS} csv={actionsCsv} />
        </DrawnLater>
      </div>
    </div>
  );
}

/** One empty list, so a memoized table is not rendered again for a new `[]`. */
const NO_ROWS: readonly never[] = [];

/** With 'Nessuna linea' there is nothing to sum, rate or draw: said so, in place of zeros, a red gauge and a stale curve. */
function NoLineSelected() {
  return (
    <section className="card dashboard-empty" aria-label="Riepilogo" data-testid="dashboard-no-line">
      <p className="dashboard-empty-title">Nessuna linea selezionata</p>
      <p className="dashboard-empty-hint">Scegli una o più linee in «Linee» per vedere riepilogo, indicatori e andamento dei volumi.</p>
    </section>
  );
}
