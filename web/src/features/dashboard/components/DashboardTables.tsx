/**
 * The dashboard's two history tables (foundations §2 Dashboard) on the shared sortable
 * table; below tablet width each row becomes a card (dashboard.css, from the cells' labels).
 *
 * Both are below the fold: they render again only when their own rows or export change (memo),
 * and new rows render as a transition (useDeferredValue), which React splits into short tasks
 * instead of one long task of the answer that brought them.
 */
import { memo, useDeferredValue, type ReactNode } from 'react';
import { SortableTable, type Column, type CsvExport, type SortableTableProps } from '../../../components/SortableTable.js';
import type { SortKey } from '../../../components/tableSort.js';
import { formatDayMonth, formatTime } from '../../../lib/dates.js';
import type { UnplannedStop } from '../../../lib/stops.js';
import { actionsText } from '../../rootCause/index.js';
import type { DbrActionRow } from '../api/dashboardApi.js';
import { formatNumber } from '../../../lib/numbers.js';

const dash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

const STOP_COLUMNS: readonly Column<UnplannedStop>[] = [
  { id: 'time', header: 'Orario', value: (s) => `${formatDayMonth(s.start_time)} ${formatTime(s.start_time)}`, sortValue: (s) => s.start_time },
  { id: 'machine', header: 'Macchina', value: (s) => s.workpoint_rel.equipment_rel.name },
  { id: 'area', header: 'Area', value: (s) => s.workpoint_rel.name },
  { id: 'code', header: 'Codice Stop', value: (s) => s.stop_code_rel.name },
  { id: 'event', header: 'Evento', value: (s) => s.triggering_event_rel.name },
  { id: 'actions', header: 'Azioni correttive', value: (s) => actionsText(s) },
  { id: 'failure', header: 'Modo di guasto', value: (s) => s.failure_mode },
  { id: 'corrective', header: 'Azione correttiva', value: (s) => s.corrective_action },
];
const STOP_SORT: readonly SortKey[] = [{ column: 'time', direction: 'desc' }];

const ACTION_COLUMNS: readonly Column<DbrActionRow>[] = [
  { id: 'date', header: 'Data', value: (a) => formatDayMonth(a.due_date), sortValue: (a) => a.due_date },
  { id: 'line', header: 'Linea', value: (a) => a.line_name },
  { id: 'machine', header: 'Macchina', value: (a) => dash(a.equipment_name) },
  { id: 'activity', header: 'Attività', value: (a) => a.activity },
  { id: 'shift', header: 'Turno previsto', value: (a) => dash(a.due_shift_name) },
  { id: 'executed', header: 'Eseguito alle', value: (a) => (a.executed_at ? formatTime(a.executed_at) : '-') },
];
const ACTION_SORT: readonly SortKey[] = [
  { column: 'date', direction: 'desc' },
  { column: 'line', direction: 'asc' },
];

interface StopsHistoryProps {
  stops: readonly UnplannedStop[];
  /** The server has more stops for the filters than the pages loaded. */
  more?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Offers the rows shown as a CSV file (SortableTable). */
  csv?: CsvExport;
}

/** A history card: its title at once, the table in the transition that follows (useDeferredValue's first value is null). */
function HistoryTable<Row>({ title, rows, footer, ...table }: Omit<SortableTableProps<Row>, 'ariaLabel'> & { title: string; footer?: (shown: readonly Row[]) => ReactNode }) {
  const shown = useDeferredValue(rows, null);
  return (
    <section className="card dashboard-table" aria-label={title}>
      <h2 className="dashboard-section-title">{title}</h2>
      {shown && <SortableTable<Row> {...table} ariaLabel={title} rows={shown} />}
      {shown && footer?.(shown)}
    </section>
  );
}

/** A history table's fixed props: its title (also the table's name), row key, columns, order and empty text. */
const historyTable = <Row,>(title: string, rowKey: (row: Row) => number | string, columns: readonly Column<Row>[], defaultSort: readonly SortKey[], emptyMessage: string) => ({
  title,
  rowKey,
  columns,
  defaultSort,
  emptyMessage,
});
const STOPS_TABLE = historyTable<UnplannedStop>('Storico stop non pianificati', (s) => s.id, STOP_COLUMNS, STOP_SORT, 'Nessuno stop registrato per i filtri correnti');
const ACTIONS_TABLE = historyTable<DbrActionRow>('Storico attività DBR', (a) => a.id, ACTION_COLUMNS, ACTION_SORT, 'Nessuna azione DBR per i filtri correnti');

export const UnplannedStopsHistory = memo(function UnplannedStopsHistory({ stops, more = false, loadingMore = false, onLoadMore, csv }: StopsHistoryProps) {
  return (
    <HistoryTable<UnplannedStop>
      {...STOPS_TABLE}
      rows={stops}
      csv={csv}
      footer={(shown) =>
        more && (
          <p className="dashboard-more" role="status">
            Mostrati i primi {formatNumber(shown.length)} stop del periodo.{' '}
            <button type="button" className="link-button" onClick={onLoadMore} disabled={loadingMore}>
              {loadingMore ? 'Caricamento...' : 'Carica altri stop'}
            </button>
          </p>
        )
      }
    />
  );
});

export const DbrActionsHistory = memo(function DbrActionsHistory({ actions, csv }: { actions: readonly DbrActionRow[]; csv?: CsvExport }) {
  return <HistoryTable<DbrActionRow> {...ACTIONS_TABLE} rows={actions} csv={csv} />;
});
