/**
 * The two DBR tables on the shared SortableTable: 'Azioni DBR' of the daily activities (with the
 * 'Eseguito' checkbox, the spec's widths and default sort) and 'Azioni DBR esistenti' of the DBR
 * page (with the execution time and a delete button). On a phone each action is a card.
 */
import type { ReactNode } from 'react';
import { dbrActionHistory, HistoryButton } from '../../history/index.js';
import { SortableTable, type Column, type CsvExport, type SortKey } from '../../../components/SortableTable.js';
import type { DbrAction } from '../api/dbrActions.js';
import { dueDateText, equipmentText, executedTime, orDash, shiftSortValue, shiftText, supportText } from '../model/dbrFormat.js';

export const DAILY_EMPTY = 'Nessuna azione DBR per i filtri correnti';
export const EXISTING_EMPTY = 'Nessuna azione trovata per i filtri selezionati';

/** Foundations §2: turno, device, activity, responsible, all ascending. */
const DAILY_SORT: readonly SortKey[] = [
  { column: 'shift', direction: 'asc' },
  { column: 'equipment', direction: 'asc' },
  { column: 'activity', direction: 'asc' },
  { column: 'owner', direction: 'asc' },
];
/** Foundations §2: shift, then equipment, then id. */
const EXISTING_SORT: readonly SortKey[] = [
  { column: 'shift', direction: 'asc' },
  { column: 'equipment', direction: 'asc' },
  { column: 'id', direction: 'asc' },
];
const BY_ID = { id: (a: DbrAction) => a.id };

function baseColumns(shiftStarts: ReadonlyMap<number, string>, widths: readonly number[]): Column<DbrAction>[] {
  return [
    { id: 'due', header: 'Scadenza', width: widths[0], value: dueDateText, sortValue: (a) => a.due_date, className: 'dbra-col-due' },
    { id: 'shift', header: 'Turno', width: widths[1], value: shiftText, sortValue: (a) => shiftSortValue(a, shiftStarts), className: 'dbra-col-shift' },
    { id: 'equipment', header: 'Dispositivo', width: widths[2], value: equipmentText, sortValue: (a) => a.equipment_name ?? '', className: 'dbra-col-equipment' },
    { id: 'activity', header: 'Attività', width: widths[3], value: (a) => a.activity, className: 'dbra-col-activity' },
    { id: 'owner', header: 'Responsabile', width: widths[4], value: (a) => a.owner, className: 'dbra-col-owner' },
    { id: 'support', header: 'Supporto', width: widths[5], value: supportText, sortValue: (a) => a.support_by ?? '', className: 'dbra-col-support' },
  ];
}

export interface DailyActionsTableProps {
  rows: readonly DbrAction[];
  shiftStarts: ReadonlyMap<number, string>;
  emptyMessage: ReactNode;
  renderExecuted(action: DbrAction): ReactNode;
  busy?: boolean;
  /** Offers the rows shown as a CSV file, under these filters. */
  csv?: CsvExport;
}

/** 'Azioni DBR': widths 10, 8, 12, 32, 15, 10 and 8 percent (foundations §2). */
export function DailyActionsTable({ rows, shiftStarts, emptyMessage, renderExecuted, busy = false, csv }: DailyActionsTableProps) {
  const columns: Column<DbrAction>[] = [
    ...baseColumns(shiftStarts, [10, 8, 12, 32, 15, 10]),
    { id: 'done', header: 'Eseguito', width: 8, value: executedTime, sortValue: (a) => a.executed_at ?? '', render: renderExecuted, className: 'dbra-col-done' },
  ];
  return (
    <SortableTable<DbrAction>
      caption="Azioni DBR"
      rows={rows}
      rowKey={(a) => a.id}
      columns={columns}
      defaultSort={DAILY_SORT}
      extraSortValues={BY_ID}
      emptyMessage={emptyMessage}
      rowClassName={(a) => (a.executed_at ? 'dbra-row-done' : undefined)}
      className={busy ? 'dbra-table dbra-daily is-busy' : 'dbra-table dbra-daily'}
      csv={csv}
    />
  );
}

export interface ExistingActionsTableProps {
  rows: readonly DbrAction[];
  shiftStarts: ReadonlyMap<number, string>;
  emptyMessage: ReactNode;
  onDelete(action: DbrAction): void;
  busy?: boolean;
  /** Offers the rows shown as a CSV file, under these filters. */
  csv?: CsvExport;
}

/** 'Azioni DBR esistenti': the improvement staff's view, with 'Elimina' per action. */
export function ExistingActionsTable({ rows, shiftStarts, emptyMessage, onDelete, busy = false, csv }: ExistingActionsTableProps) {
  const columns: Column<DbrAction>[] = [
    ...baseColumns(shiftStarts, [10, 9, 12, 29, 13, 11]),
    { id: 'done', header: 'Eseguito', width: 8, value: (a) => orDash(executedTime(a)), sortValue: (a) => a.executed_at ?? '', className: 'dbra-col-done' },
    {
      id: 'delete',
      header: '',
      width: 8,
      searchable: false,
      sortable: false,
      className: 'dbra-col-delete',
      render: (a) => (
        <span className="dbra-row-buttons">
          <button type="button" className="button button-secondary dbra-delete" aria-label={`Elimina: ${a.activity}`} onClick={() => onDelete(a)}>
            Elimina
          </button>
          <HistoryButton source={dbrActionHistory(a.id)} subject={`Azione DBR: ${a.activity}`} />
        </span>
      ),
    },
  ];
  return (
    <SortableTable<DbrAction>
      caption="Azioni DBR esistenti"
      rows={rows}
      rowKey={(a) => a.id}
      columns={columns}
      defaultSort={EXISTING_SORT}
      extraSortValues={BY_ID}
      emptyMessage={emptyMessage}
      className={busy ? 'dbra-table is-busy' : 'dbra-table'}
      csv={csv}
    />
  );
}
