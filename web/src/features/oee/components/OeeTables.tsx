/**
 * The OEE per line and per machine (docs/oee.md "Per machine"): A, P, Q, OEE beside its line's
 * `ut_threshold` (Target Uptime), MTBF against its line's `mtbf_threshold`, MTTR and the failures. A performance above 100 % and an MTBF under its
 * target are flagged.
 */
import { SortableTable, type Column } from '../../../components/SortableTable.js';
import { belowTarget, minutes, overSpeed, percent, type OeeRow } from '../model/oee.js';
import { formatNumber } from '../../../lib/numbers.js';

const num = (x: number | null) => x ?? -1;
/** A fraction as a percent number for the CSV (two decimals). */
const pct = (x: number | null) => (x === null ? null : Math.round(x * 10000) / 100);
const round1 = (x: number | null) => (x === null ? null : Math.round(x * 10) / 10);

function columns(first: string): Column<OeeRow>[] {
  return [
    { id: 'label', header: first, value: (r) => r.label },
    { id: 'a', header: 'Disponibilità', value: (r) => percent(r.availability), sortValue: (r) => num(r.availability), csv: (r) => pct(r.availability), className: 'num' },
    {
      id: 'p',
      header: 'Prestazioni',
      value: (r) => percent(r.performance),
      sortValue: (r) => num(r.performance),
      csv: (r) => pct(r.performance),
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
    { id: 'q', header: 'Qualità', value: (r) => percent(r.quality), sortValue: (r) => num(r.quality), csv: (r) => pct(r.quality), className: 'num' },
    { id: 'oee', header: 'OEE', value: (r) => percent(r.oee), sortValue: (r) => num(r.oee), csv: (r) => pct(r.oee), className: 'num' },
    {
      id: 'utTarget',
      header: 'Obiettivo uptime',
      value: (r) => percent(r.ut_target),
      sortValue: (r) => num(r.ut_target),
      csv: (r) => pct(r.ut_target),
      className: 'num',
    },
    {
      id: 'mtbf',
      header: 'MTBF (min)',
      value: (r) => minutes(r.mtbf_minutes),
      sortValue: (r) => num(r.mtbf_minutes),
      csv: (r) => round1(r.mtbf_minutes),
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
    {
      id: 'target',
      header: 'Obiettivo MTBF (min)',
      value: (r) => minutes(r.mtbf_target_minutes),
      sortValue: (r) => num(r.mtbf_target_minutes),
      csv: (r) => r.mtbf_target_minutes,
      className: 'num',
    },
    { id: 'mttr', header: 'MTTR (min)', value: (r) => minutes(r.mttr_minutes), sortValue: (r) => num(r.mttr_minutes), csv: (r) => round1(r.mttr_minutes), className: 'num' },
    { id: 'failures', header: 'Guasti', value: (r) => formatNumber(r.failures), sortValue: (r) => r.failures, csv: (r) => r.failures, className: 'num' },
  ];
}

const LINE_COLUMNS = columns('Linea');
const MACHINE_COLUMNS = columns('Macchina');

interface Props {
  title: string;
  rows: readonly OeeRow[];
  machines?: boolean;
  /** The page's filters, written above the CSV export's rows. */
  filters: [string, string][];
}

export function OeeTable({ title, rows, machines = false, filters }: Props) {
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
        csv={{ fileName: machines ? 'oee-per-macchina' : 'oee-per-linea', filters }}
      />
    </section>
  );
}
