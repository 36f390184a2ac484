/**
 * 'Analisi perdite' (docs/oee.md): the dashboard's filters, then OEE with A, P and Q, the loss
 * waterfall, the OEE per day, the tables per line and per machine, the stops' Pareto and the
 * effectiveness of the executed DBR actions, all for the same filters. Starts from the stored default station, as the dashboards do.
 */
import { Link } from 'react-router-dom';
import { DashboardFilters, useDashboardFilters } from '../../dashboard/index.js';
import type { StoredStationNames } from '../../../lib/station.js';
import { useOee } from '../api/oeeApi.js';
import { DbrEffectiveness } from './DbrEffectiveness.js';
import { LossWaterfall, OeeTrend } from './OeeCharts.js';
import { OeeHeadline } from './OeeHeadline.js';
import { OeePareto } from './OeePareto.js';
import { OeeTable } from './OeeTables.js';

export function LossAnalysis({ station }: { station: StoredStationNames }) {
  const filters = useDashboardFilters(station);
  const { query } = filters;
  const total = useOee(query, 'none');
  const days = useOee(query, 'day');
  const lines = useOee(query, 'line');
  const machines = useOee(query, 'equipment');
  if (!filters.complete)
    return (
      <p className="oee-empty">
        Imposta la stazione predefinita (reparto e linea) per vedere l’analisi: <Link to="/setup">Cambia stazione</Link>.
      </p>
    );
  const rows = (r: typeof days) => (query && !r.error ? (r.data?.rows ?? []) : []);
  const oee = query && !total.error ? (total.data ?? null) : null;
  return (
    <div className="dashboard oee">
      <DashboardFilters filters={filters} />
      <OeeHeadline oee={oee} />
      <div className="oee-pair">
        <LossWaterfall losses={oee?.losses ?? null} detected={oee?.micro_stop_minutes ?? 0} />
        <OeeTrend rows={rows(days)} />
      </div>
      <OeeTable title="OEE per linea" rows={rows(lines)} filters={filters.csvFilters} />
      <OeeTable title="OEE per macchina" rows={rows(machines)} machines filters={filters.csvFilters} />
      <OeePareto query={query} shifts={filters.shifts} csvFilters={filters.csvFilters} />
      <DbrEffectiveness query={query} csvFilters={filters.csvFilters} />
    </div>
  );
}
