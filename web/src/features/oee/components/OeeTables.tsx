/**
 * The OEE per line and per machine (docs/oee.md "Per machine"): A, P, Q, OEE, MTBF against its
 * line's `mtbf_threshold`, MTTR and the failures. A performance above 100 % and an MTBF under its
 * target are flagged.
 */
import { SortableTable, type Column } from '../../../components/SortableTable.js';
import { belowTarget, minutes, overSpeed, percent, type OeeRow } from '../model/oee.js';

const num = (x: number | null) => x ?? -1;

function columns(first: string): Column<OeeRow>[] {
  return [
    { id: 'label', header: first, value: (r) => r.label },
    { id: 'a', header: 'Disponibilità', value: (r) => percent(r.availability), sortValue: (r) => num(r.availability), className: 'num' },
    {
      id: 'p',
      header: 'Prestazioni',
      value: (r) => percent(r.performance),
      sortValue: (r) => num(r.performance),
      className: 'num',
      render: (r) =>
        overSpeed(r.performance) ? (
          <span className="oee-over" title="Sopra la velocità di progetto">
            {percent(r.performance)} ▲
          </span>
        ) : (
          percent(r.performance)
        ),
    },
    { id: 'q', header: 'Qualità', value: (r) => percent(r.quality), sortValue: (r) => num(r.quality), className: 'num' },
    { id: 'oee', header: 'OEE', value: (r) => percent(r.oee), sortValue: (r) => num(r.oee), className: 'num' },
    {
      id: 'mtbf',
      header: 'MTBF (min)',
      value: (r) => minutes(r.mtbf_minutes),
      sortValue: (r) => num(r.mtbf_minutes),
      className: 'num',
      render: (r) =>
        belowTarget(r.mtbf_minutes, r.mtbf_target_minutes) ? (
          <span className="oee-under" title="Sotto l’obiettivo">
            {minutes(r.mtbf_minutes)} ▼
          </span>
        ) : (
          minutes(r.mtbf_minutes)
        ),
    },
    { id: 'target', header: 'Obiettivo MTBF (min)', value: (r) => minutes(r.mtbf_target_minutes), sortValue: (r) => num(r.mtbf_target_minutes), className: 'num' },
    { id: 'mttr', header: 'MTTR (min)', value: (r) => minutes(r.mttr_minutes), sortValue: (r) => num(r.mttr_minutes), className: 'num' },
    { id: 'failures', header: 'Guasti', value: (r) => r.failures.toLocaleString('it-IT'), sortValue: (r) => r.failures, className: 'num' },
  ];
}

const LINE_COLUMNS = columns('Linea');
const MACHINE_COLUMNS = columns('Macchina');

export function OeeTable({ title, rows, machines = false }: { title: string; rows: readonly OeeRow[]; machines?: boolean }) {
  return (
    <section className="card dashboard-table" aria-label={title}>
      <h2 className="dashboard-section-title">{title}</h2>
      <SortableTable<OeeRow>
        ariaLabel={title}
        rows={rows}
        rowKey={(r) => r.key}
        columns={machines ? MACHINE_COLUMNS : LINE_COLUMNS}
        defaultSort={[{ column: 'label', direction: 'asc' }]}
        emptyMessage="Nessun dato per i filtri correnti"
      />
    </section>
  );
}
