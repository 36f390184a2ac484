/**
 * The Pareto of unplanned stops (GET /factory/oee/pareto) for the page's filters, by stop code,
 * failure mode, machine or shift: bars of minutes, longest first, with the cumulative share as a
 * line. A bar (or its row) opens the stops behind it.
 */
import { useState } from 'react';
import { ParetoChart, type ParetoDatum } from '../../../components/ParetoChart.js';
import { SortableTable } from '../../../components/SortableTable.js';
import type { DashboardQuery } from '../../dashboard/index.js';
import { useOeePareto } from '../api/oeeApi.js';
import { minutes, percent, type ParetoBar, type ParetoBy } from '../model/oee.js';
import { BarStops } from './BarStops.js';
import { formatNumber } from '../../../lib/numbers.js';

const GROUPS: ReadonlyArray<[ParetoBy, string]> = [
  ['stop_code', 'Codice di fermata'],
  ['failure_mode', 'Modo di guasto'],
  ['equipment', 'Macchina'],
  ['shift', 'Turno'],
];
/** Bars drawn; the table below lists them all. */
const CHART_BARS = 12;

interface Props {
  query: DashboardQuery | null;
  shifts: readonly { id: number; name: string }[];
  /** The page's filters, written above the CSV export's rows. */
  csvFilters: [string, string][];
}

export function OeePareto({ query, shifts, csvFilters }: Props) {
  const [by, setBy] = useState<ParetoBy>('stop_code');
  const [open, setOpen] = useState<ParetoBar | null>(null);
  const pareto = useOeePareto(query, by);
  const bars = query && !pareto.error ? (pareto.data?.by === by ? pareto.data.bars : []) : [];
  const data: ParetoDatum[] = bars.slice(0, CHART_BARS).map((b) => ({ key: b.key, label: b.label, Minuti: Math.round(b.minutes * 10) / 10, share: b.cumulative_share }));
  const choose = (b: ParetoBar | undefined) => setOpen(b ?? null);
  const groupLabel = GROUPS.find(([id]) => id === by)?.[1] ?? '';
  return (
    <section className="card oee-card" aria-label="Pareto delle fermate" data-testid="oee-pareto">
      <div className="dashboard-pareto-head">
        <h2 className="dashboard-section-title">Pareto delle fermate non pianificate</h2>
        <label className="oee-select">
          <span>Raggruppa per</span>
          <select
            value={by}
            onChange={(e) => {
              setBy(e.target.value as ParetoBy);
              setOpen(null);
            }}
          >
            {GROUPS.map(([id, label]) => (
              <option key={id} value={id}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {bars.length === 0 ? (
        <p className="oee-empty">Nessuna fermata non pianificata per i filtri correnti.</p>
      ) : (
        <>
          <div className="oee-chart">
            <ParetoChart data={data} color="#e06c62" ariaLabel="Pareto delle fermate con la quota cumulata" onBar={(key) => choose(bars.find((b) => b.key === key))} />
          </div>
          <SortableTable<ParetoBar>
            ariaLabel="Barre del Pareto"
            className="oee-pareto-table"
            rows={bars}
            rowKey={(b) => b.key}
            rowClassName={(b) => (open?.key === b.key ? 'is-selected' : undefined)}
            columns={[
              {
                id: 'label',
                header: groupLabel,
                value: (b) => b.label,
                render: (b) => (
                  <button type="button" className="link-button" onClick={() => choose(b)} aria-label={`Fermate di ${b.label}`}>
                    {b.label || '(senza nome)'}
                  </button>
                ),
              },
              { id: 'minutes', header: 'Minuti', value: (b) => minutes(b.minutes), sortValue: (b) => b.minutes, csv: (b) => Math.round(b.minutes * 10) / 10, className: 'num' },
              { id: 'count', header: 'Fermate', value: (b) => formatNumber(b.count), sortValue: (b) => b.count, csv: (b) => b.count, className: 'num' },
              {
                id: 'share',
                header: 'Cumulata',
                value: (b) => percent(b.cumulative_share),
                sortValue: (b) => b.cumulative_share,
                csv: (b) => Math.round(b.cumulative_share * 10000) / 100,
                className: 'num',
              },
            ]}
            emptyMessage="Nessuna fermata"
            csv={{ fileName: `pareto-fermate-${by}`, filters: [...csvFilters, ['Raggruppa per', groupLabel]] }}
          />
        </>
      )}
      {open && query && <BarStops query={query} shifts={shifts} by={by} bar={open} onClose={() => setOpen(null)} csvFilters={[...csvFilters, [groupLabel, open.label]]} />}
    </section>
  );
}
