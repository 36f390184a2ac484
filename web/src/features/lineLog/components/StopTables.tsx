/**
 * The planned and unplanned stops of the shift (line log §2.1, §2.4, §5): two sortable tables,
 * earliest stop first; texts edited inline when allowed, and deletion through 'Conferma
 * eliminazione'. With no stop at all the table says 'Nessuno Stop registrato' and why; when the
 * column searches hide every stop, 'Nessuno stop registrato per i filtri correnti'.
 */
import { useId, useMemo, useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { SortableTable, type Column } from '../../../components/SortableTable.js';
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import { draftKey } from '../../../lib/drafts.js';
import { getStoredRole } from '../../../lib/session.js';
import { classifyFailure } from '../model/failures.js';
import { actionsText } from '../model/stopActions.js';
import {
  deleteStop,
  refreshStops,
  updatePlannedNote,
  updateUnplannedDetail,
  usePlannedStops,
  useUnplannedStops,
  type PlannedStop,
  type StopsQuery,
  type UnplannedStop,
} from '../api/useStopsByShift.js';
import { plannedStopHistory, unplannedStopHistory, HistoryButton } from '../../history/index.js';
import { StopTextCell } from './StopTextCell.js';
import { STOP_HEADINGS, STOP_TABLE_NAMES, TEXTS, type LineLogMode } from './texts.js';

/** Props of StopTables. */
export interface StopTablesProps {
  mode: LineLogMode;
  query: StopsQuery;
  /** Inline edits allowed (operator before submission, improvement in edit mode). */
  editable: boolean;
  /** Delete buttons shown. */
  deletable: boolean;
  /** Shows a 3-second message (refusals of the server). */
  onMessage(text: string, tone?: 'success' | 'error'): void;
  /** The line's name, written with the day and shift above the CSV export's rows. */
  lineName?: string;
}

type Pending = { kind: 'planned'; stop: PlannedStop } | { kind: 'unplanned'; stop: UnplannedStop };

const timeRange = (s: { start_time: string; end_time: string }) => `${formatTime(s.start_time)}–${formatTime(s.end_time)}`;
const startOrder = (s: { start_time: string }) => Date.parse(s.start_time);
const DEFAULT_SORT = [{ column: 'time', direction: 'asc' as const }];

function EmptyState({ total, explanation }: { total: number; explanation: string }) {
  if (total > 0) return <span className="stops-empty">{TEXTS.noStopsFiltered}</span>;
  return (
    <span className="stops-empty">
      <strong>{TEXTS.noStops}</strong>
      <span>{explanation}</span>
    </span>
  );
}

function explanation(kind: 'planned' | 'unplanned', loading: boolean, failed: boolean): string {
  if (loading) return 'Caricamento degli stop…';
  if (failed) return 'Impossibile caricare gli stop in questo momento: riprova più tardi.';
  return kind === 'planned'
    ? 'Per questa linea non risultano stop pianificati iniziati in questo turno.'
    : 'Per questa linea non risultano stop non pianificati iniziati in questo turno.';
}

/** Both tables and the delete confirmation. */
export function StopTables({ mode, query, editable, deletable, onMessage, lineName }: StopTablesProps) {
  const baseId = useId();
  const planned = usePlannedStops(query);
  const unplanned = useUnplannedStops(query);
  const [pending, setPending] = useState<Pending | null>(null);
  const [deleting, setDeleting] = useState(false);
  const headings = STOP_HEADINGS[mode];
  // 'Esporta CSV' (docs/oee.md, CSV export): the shift's stops as shown, under the log's line, day and shift.
  const csvFilters: [string, string][] = [
    ['Linea', lineName ?? ''],
    ['Giorno', formatItalianDate(query.day)],
    ['Turno', query.shiftCode],
  ];
  const csvName = (kind: string) => `stop-${kind}-${query.day}-turno-${query.shiftCode}`;

  async function onFailure(kind: 'planned' | 'unplanned', message: string, err: unknown) {
    const failure = classifyFailure(err);
    if (failure.code === 'NOT_FOUND') await refreshStops(kind, query);
    onMessage(failure.kind === 'retry' ? message : failure.message, 'error');
  }

  async function confirmDelete() {
    if (!pending) return;
    setDeleting(true);
    try {
      await deleteStop(pending.kind, query, pending.stop.id, `delle ${formatTime(pending.stop.start_time)}`);
    } catch (err) {
      console.error('Eliminazione dello stop non riuscita', err);
      await onFailure(pending.kind, 'Eliminazione non riuscita: riprova tra poco', err);
    } finally {
      setDeleting(false);
      setPending(null);
    }
  }

  /**
   * The row's own actions in one narrow column: 'Storico' opens the stop's 'Storico
   * modifiche' drawer (docs/audit.md), and in edit mode 'Elimina' sits under it. One column
   * rather than two leaves 'Descrizione' and 'Azione correttiva' room on a tablet.
   */
  const rowActionsColumn = <T extends PlannedStop | UnplannedStop>(kind: Pending['kind']): Column<T> => {
    const what = kind === 'planned' ? 'pianificato' : 'non pianificato';
    return {
      id: 'row-actions',
      header: deletable ? 'Storico / Elimina' : 'Storico',
      width: deletable ? 10 : 8,
      searchable: false,
      sortable: false,
      cardLabel: false,
      className: 'stops-row-actions',
      render: (s) => (
        <div className="stop-row-actions">
          <HistoryButton source={kind === 'planned' ? plannedStopHistory(s.id) : unplannedStopHistory(s.id)} subject={`Stop ${what} delle ${timeRange(s)}`} />
          {deletable && (
            <button
              type="button"
              className="button button-danger stop-delete"
              // Which stop it deletes: a planned and an unplanned stop may start at the same minute.
              aria-label={`Elimina stop ${what} delle ${formatTime(s.start_time)}`}
              title={`Elimina stop ${what} delle ${timeRange(s)}`}
              onClick={() => setPending({ kind, stop: s } as Pending)}
            >
              Elimina
            </button>
          )}
        </div>
      ),
    };
  };

  const plannedColumns = useMemo<Column<PlannedStop>[]>(() => {
    const cols: Column<PlannedStop>[] = [
      { id: 'time', header: 'Orario', width: 13, value: timeRange, sortValue: startOrder, className: 'stops-time' },
      { id: 'duration', header: 'Durata [min]', width: 11, value: (s) => s.duration_minutes, csv: (s) => s.duration_minutes },
      { id: 'equipment', header: 'Macchina', width: 15, value: (s) => s.equipment_rel.name },
      { id: 'reason', header: 'Causale', width: 19, value: (s) => s.planned_reason_rel.name },
      {
        id: 'notes',
        header: 'Note',
        value: (s) => s.notes ?? '',
        render: (s) => (
          <StopTextCell
            value={s.notes}
            label={`Note – stop delle ${formatTime(s.start_time)}`}
            maxLength={1000}
            editable={editable}
            allowEmpty
            onSave={(text) => updatePlannedNote(query, s.id, text, `delle ${formatTime(s.start_time)}`)}
            onRefused={(m) => onMessage(m, 'error')}
            draftKey={draftKey(getStoredRole() ?? '', 'stop', 'planned', s.id, 'notes')}
          />
        ),
      },
    ];
    return [...cols, rowActionsColumn<PlannedStop>('planned')];
  }, [editable, deletable, query.day, query.shiftCode, query.lineId, query.shopFloorId]);

  const unplannedColumns = useMemo<Column<UnplannedStop>[]>(() => {
    const text = (field: 'failure_mode' | 'corrective_action', header: string, max: number): Column<UnplannedStop> => ({
      id: field,
      header,
      value: (s) => s[field],
      render: (s) => (
        <StopTextCell
          value={s[field]}
          label={`${header} – stop delle ${formatTime(s.start_time)}`}
          maxLength={max}
          editable={editable}
          allowEmpty={false}
          onSave={(value) => updateUnplannedDetail(query, s.id, field, value, `delle ${formatTime(s.start_time)}`)}
          onRefused={(m) => onMessage(m, 'error')}
          draftKey={draftKey(getStoredRole() ?? '', 'stop', 'unplanned', s.id, field)}
        />
      ),
    });
    const cols: Column<UnplannedStop>[] = [
      // Widths that hold a whole Italian word per line at 1280 px ('Regolazione', 'identificata');
      // the time breaks after its dash. 'Descrizione' and 'Azione correttiva' share what is left.
      { id: 'time', header: 'Orario', width: 8, value: timeRange, sortValue: startOrder, className: 'stops-time' },
      { id: 'duration', header: 'Durata [min]', width: 8, value: (s) => s.duration_minutes, csv: (s) => s.duration_minutes },
      {
        id: 'place',
        header: 'Macchina / Area',
        width: 13,
        value: (s) => `${s.workpoint_rel.equipment_rel.name} / ${s.workpoint_rel.name}`,
        render: (s) => (
          <span className="stop-place">
            <span>{s.workpoint_rel.equipment_rel.name}</span>
            <span className="stop-place-area">{s.workpoint_rel.name}</span>
          </span>
        ),
      },
      { id: 'stopCode', header: 'Codice di stop', width: 12, value: (s) => s.stop_code_rel.name },
      { id: 'trigger', header: 'Evento scatenante', width: 12, value: (s) => s.triggering_event_rel.name },
      { id: 'actions', header: 'Azioni', width: 11, value: actionsText },
      text('failure_mode', 'Descrizione', 250),
      text('corrective_action', 'Azione correttiva', 1000),
    ];
    return [...cols, rowActionsColumn<UnplannedStop>('unplanned')];
  }, [editable, deletable, query.day, query.shiftCode, query.lineId, query.shopFloorId]);

  return (
    <>
      <section className="line-log-stops" aria-labelledby={`${baseId}-planned`}>
        <h2 className="line-log-section-title" id={`${baseId}-planned`} lang={headings.lang}>
          {headings.planned}
        </h2>
        <SortableTable<PlannedStop>
          ariaLabel={STOP_TABLE_NAMES.planned}
          className="stops-table stops-planned"
          rows={planned.data ?? []}
          rowKey={(s) => s.id}
          columns={plannedColumns}
          defaultSort={DEFAULT_SORT}
          extraSortValues={{ id: (s) => s.id }}
          emptyMessage={<EmptyState total={planned.data?.length ?? 0} explanation={explanation('planned', planned.isLoading, !!planned.error)} />}
          csv={{ fileName: csvName('pianificati'), filters: csvFilters }}
        />
      </section>
      <section className="line-log-stops" aria-labelledby={`${baseId}-unplanned`}>
        <h2 className="line-log-section-title" id={`${baseId}-unplanned`} lang={headings.lang}>
          {headings.unplanned}
        </h2>
        <SortableTable<UnplannedStop>
          ariaLabel={STOP_TABLE_NAMES.unplanned}
          className="stops-table stops-unplanned"
          rows={unplanned.data ?? []}
          rowKey={(s) => s.id}
          columns={unplannedColumns}
          defaultSort={DEFAULT_SORT}
          extraSortValues={{ id: (s) => s.id }}
          emptyMessage={<EmptyState total={unplanned.data?.length ?? 0} explanation={explanation('unplanned', unplanned.isLoading, !!unplanned.error)} />}
          csv={{ fileName: csvName('non-pianificati'), filters: csvFilters }}
        />
      </section>
      <ConfirmModal
        open={pending !== null}
        title={TEXTS.deleteTitle}
        confirmLabel="Elimina"
        cancelLabel="Annulla"
        tone="danger"
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPending(null)}
      >
        <p>{TEXTS.deleteBody}</p>
        {pending && (
          <dl className="confirm-details">
            <dt>Orario</dt>
            <dd>{timeRange(pending.stop)}</dd>
            <dt>Macchina</dt>
            <dd>{pending.kind === 'planned' ? pending.stop.equipment_rel.name : pending.stop.workpoint_rel.equipment_rel.name}</dd>
            <dt>{pending.kind === 'planned' ? 'Causale' : 'Codice di stop'}</dt>
            <dd>{pending.kind === 'planned' ? pending.stop.planned_reason_rel.name : pending.stop.stop_code_rel.name}</dd>
          </dl>
        )}
      </ConfirmModal>
    </>
  );
}
