/**
 * 'Pareto fermate' on Riepilogo Operativo: the unplanned downtime of the page's filters (lines,
 * shifts, 'Data da' – 'a') by stop code or by failure mode, longest first, with the cumulative
 * share as a line (GET /factory/oee/pareto; docs/dashboard.md says why that call). Eight bars,
 * the rest as 'Altro'. Only this page imports it; the chart's code (nivo's bars) loads when the
 * card comes into view (WhenVisible).
 */
import { lazy, memo, useState } from 'react';
import { WhenVisible } from '../../../components/WhenVisible.js';
import { useParetoStops, type DashboardQuery } from '../api/dashboardApi.js';
import { paretoData, periodLabel } from '../model/pareto.js';

const ParetoChart = lazy(() => import('../../../components/ParetoChart.js').then((m) => ({ default: m.ParetoChart })));
/** ParetoChart's default height. */
const CHART_HEIGHT = 300;

type By = 'stop_code' | 'failure_mode';
const TABS: ReadonlyArray<[By, string]> = [
  ['stop_code', 'Per codice di fermata'],
  ['failure_mode', 'Per modo di guasto'],
];

/** Memoized: the query keeps its identity while the filters do (useDashboardFilters). */
export const ParetoStops = memo(function ParetoStops({ query }: { query: DashboardQuery | null }) {
  const [by, setBy] = useState<By>('stop_code');
  const pareto = useParetoStops(query, by);
  if (!query) return null;
  const data = paretoData(!pareto.error && pareto.data?.by === by ? pareto.data.bars : []);
  return (
    <section className="card dashboard-pareto" aria-label="Pareto fermate" data-testid="pareto-fermate">
      <div className="dashboard-pareto-head">
        <h2 className="dashboard-section-title">Pareto fermate – {periodLabel(query.dateFrom, query.dateTo)}</h2>
        <div className="dashboard-pareto-tabs" role="group" aria-label="Raggruppa">
          {TABS.map(([id, label]) => (
            <button key={id} type="button" className={`button ${by === id ? 'button-primary' : 'button-secondary'}`} aria-pressed={by === id} onClick={() => setBy(id)}>
              {label}
            </button>
          ))}
        </div>
      </div>
      {data.length === 0 ? (
        <p className="dashboard-pareto-empty">Nessuna fermata non pianificata per i filtri correnti.</p>
      ) : (
        <WhenVisible height={CHART_HEIGHT}>
          <ParetoChart data={data} color="#f4a7a3" ariaLabel="Pareto fermate con la quota cumulata" height={CHART_HEIGHT} />
        </WhenVisible>
      )}
    </section>
  );
});
