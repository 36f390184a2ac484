/**
 * 'Pareto fermate' on Riepilogo Operativo (docs/analysts.md): unplanned downtime of the selected
 * lines in the month of 'a' (the end date), by stop code and by failure mode, longest first,
 * drawn with @nivo/bar. Only this page imports it, so only its chunk carries the bar chart.
 */
import { ResponsiveBar } from '@nivo/bar';
import { useState } from 'react';
import { useParetoStops, type DashboardQuery } from '../api/dashboardApi.js';
import { monthLabel, paretoData } from '../model/pareto.js';

type By = 'by_stop_code' | 'by_failure_mode';
const TABS: ReadonlyArray<[By, string]> = [
  ['by_stop_code', 'Per codice di fermata'],
  ['by_failure_mode', 'Per modo di guasto'],
];

export function ParetoStops({ query }: { query: DashboardQuery | null }) {
  const [by, setBy] = useState<By>('by_stop_code');
  const month = query?.dateTo.slice(0, 7) ?? '';
  const pareto = useParetoStops(query?.shopFloorId ?? '', query?.lineIds ?? [], month);
  if (!query) return null;
  const data = paretoData(pareto.data?.[by] ?? []);
  return (
    <section className="card dashboard-pareto" aria-label="Pareto fermate" data-testid="pareto-fermate">
      <div className="dashboard-pareto-head">
        <h2 className="dashboard-section-title">Pareto fermate – {monthLabel(month)}</h2>
        <div className="dashboard-pareto-tabs" role="group" aria-label="Raggruppa">
          {TABS.map(([id, label]) => (
            <button key={id} type="button" className={`button ${by === id ? 'button-primary' : 'button-secondary'}`} aria-pressed={by === id} onClick={() => setBy(id)}>
              {label}
            </button>
          ))}
        </div>
      </div>
      {data.length === 0 ? (
        <p className="dashboard-pareto-empty">Nessuna fermata non pianificata nel mese.</p>
      ) : (
        <div className="dashboard-pareto-chart" style={{ height: `${Math.max(160, data.length * 34 + 48)}px` }}>
          <ResponsiveBar
            data={data}
            keys={['Minuti']}
            indexBy="label"
            layout="horizontal"
            margin={{ top: 4, right: 24, bottom: 36, left: 8 }}
            padding={0.25}
            colors={['#f4a7a3']}
            enableGridY={false}
            enableGridX
            axisLeft={null}
            axisBottom={{ tickSize: 0, tickPadding: 6, tickValues: 4, legend: 'Minuti di fermata', legendPosition: 'middle', legendOffset: 28 }}
            label={(d) => `${String(d.indexValue)} · ${Number(d.value).toLocaleString('it-IT')} min (${String(d.data.Fermate)})`}
            labelPosition="start"
            labelOffset={6}
            labelSkipWidth={0}
            labelTextColor="#1b1b1b"
            tooltip={({ indexValue, value, data: d }) => (
              <div className="dashboard-trend-tooltip">
                {String(indexValue)}: {Number(value).toLocaleString('it-IT')} min, {String(d.Fermate)} fermate
              </div>
            )}
            role="img"
            ariaLabel="Pareto fermate"
          />
        </div>
      )}
    </section>
  );
}
