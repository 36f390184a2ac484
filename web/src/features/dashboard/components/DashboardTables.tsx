/**
 * The dashboard's two history tables (foundations §2 Dashboard) on the shared sortable
 * table; below tablet width each row becomes a card (dashboard.css, from the cells' labels).
 */
import { SortableTable, type CsvExport } from '../../../components/SortableTable.js';
import { formatDayMonth, formatTime } from '../../../lib/dates.js';
import type { UnplannedStop } from '../../../lib/stops.js';
import { actionsText } from '../../rootCause/index.js';
import type { DbrActionRow } from '../api/dashboardApi.js';
import { formatNumber } from '../../../lib/numbers.js';

const dash = (v: string | null | undefined) => (v && v.trim() ? v : '-');

interface StopsHistoryProps {
  stops: readonly UnplannedStop[];
  /** The server has more stops for the filters than the pages loaded. */
  more?: boolean;
  loadingMore?: boolean;
  onLoadMore?: () => void;
  /** Offers the rows shown as a CSV file (SortableTable). */
  csv?: CsvExport;
}

export function UnplannedStopsHistory({ stops, more = false, loadingMore = false, onLoadMore, csv }: StopsHistoryProps) {
  return (
    <section className="card dashboard-table" aria-label="Storico stop non pianificati">
      <h2 className="dashboard-section-title">Storico stop non pianificati</h2>
      <SortableTable<UnplannedStop>
        ariaLabel="Storico stop non pianificati"
        rows={stops}
        rowKey={(s) => s.id}
        columns={[
          { id: 'time', header: 'Orario', value: (s) => `${formatDayMonth(s.start_time)} ${formatTime(s.start_time)}`, sortValue: (s) => s.start_time },
          { id: 'machine', header: 'Macchina', value: (s) => s.workpoint_rel.equipment_rel.name },
          { id: 'area', header: 'Area', value: (s) => s.workpoint_rel.name },
          { id: 'code', header: 'Codice Stop', value: (s) => s.stop_code_rel.name },
          { id: 'event', header: 'Evento', value: (s) => s.triggering_event_rel.name },
          { id: 'actions', header: 'Azioni correttive', value: (s) => actionsText(s) },
          { id: 'failure', header: 'Modo di guasto', value: (s) => s.failure_mode },
          { id: 'corrective', header: 'Azione correttiva', value: (s) => s.corrective_action },
        ]}
        defaultSort={[{ column: 'time', direction: 'desc' }]}
        emptyMessage="Nessuno stop registrato per i filtri correnti"
        csv={csv}
      />
      {more && (
        <p className="dashboard-more" role="status">
          Mostrati i primi {formatNumber(stops.length)} stop del periodo.{' '}
          <button type="button" className="link-button" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Caricamento...' : 'Carica altri stop'}
          </button>
        </p>
      )}
    </section>
  );
}

export function DbrActionsHistory({ actions, csv }: { actions: readonly DbrActionRow[]; csv?: CsvExport }) {
  return (
    <section className="card dashboard-table" aria-label="Storico attività DBR">
      <h2 className="dashboard-section-title">Storico attività DBR</h2>
      <SortableTable<DbrActionRow>
        ariaLabel="Storico attività DBR"
        rows={actions}
        rowKey={(a) => a.id}
        columns={[
          { id: 'date', header: 'Data', value: (a) => formatDayMonth(a.due_date), sortValue: (a) => a.due_date },
          { id: 'line', header: 'Linea', value: (a) => a.line_name },
          { id: 'machine', header: 'Macchina', value: (a) => dash(a.equipment_name) },
          { id: 'activity', header: 'Attività', value: (a) => a.activity },
          { id: 'shift', header: 'Turno previsto', value: (a) => dash(a.due_shift_name) },
          { id: 'executed', header: 'Eseguito alle', value: (a) => (a.executed_at ? formatTime(a.executed_at) : '-') },
        ]}
        defaultSort={[
          { column: 'date', direction: 'desc' },
          { column: 'line', direction: 'asc' },
        ]}
        emptyMessage="Nessuna azione DBR per i filtri correnti"
        csv={csv}
      />
    </section>
  );
}
