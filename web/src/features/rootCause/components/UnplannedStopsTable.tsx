/**
 * 'Elenco stop non pianificati' (line log §2.5): the shared SortableTable with the tool's eight
 * columns, sorted by downtime descending by default (§9), a 'Cerca...' box per column, and the two
 * analysis boxes per stop. Sorting and searching the analysis use the saved texts, so a row never
 * jumps away while someone is typing in it.
 */
import { useMemo, type ReactNode } from 'react';
import { SortableTable, type Column, type CsvExport, type SortKey } from '../../../components/SortableTable.js';
import type { UnplannedStop } from '../api/unplannedStops.js';
import type { RootCauseAutosave } from '../model/autosave.js';
import { rootCauseHistory, HistoryButton } from '../../history/index.js';
import { RootCauseBox } from './RootCauseBox.js';
import { actionLabels, actionsText, detailsText, formatDowntime, formatStopEnd, formatStopStart, NONE, savedBox, stopDetails } from '../model/stopFormat.js';

/** The spec's empty message (line log §2.5, §8). */
export const EMPTY_MESSAGE = 'Nessuno stop registrato per i filtri correnti';

/** Downtime descending (§9); equal downtimes in time order. */
export const DEFAULT_SORT: readonly SortKey[] = [
  { column: 'downtime', direction: 'desc' },
  { column: 'start', direction: 'asc' },
];

/** Props: the stops, the autosave store, whether the boxes are read-only, and the empty-row text. */
export interface UnplannedStopsTableProps {
  stops: readonly UnplannedStop[];
  store: RootCauseAutosave;
  readOnly: boolean;
  emptyMessage?: ReactNode;
  busy?: boolean;
  /** Opens the analysis panel of a stop. */
  onAnalyse?(stop: UnplannedStop): void;
  /** Offers the rows shown as a CSV file, under these filters. */
  csv?: CsvExport;
}

/** The table. */
export function UnplannedStopsTable({ stops, store, readOnly, emptyMessage = EMPTY_MESSAGE, busy = false, onAnalyse, csv }: UnplannedStopsTableProps) {
  const columns = useMemo<Column<UnplannedStop>[]>(
    () => [
      {
        id: 'start',
        header: 'Data e ora',
        width: 11,
        value: formatStopStart,
        sortValue: (s) => Date.parse(s.start_time),
        render: (s) => (
          <>
            <span className="rca-start">{formatStopStart(s)}</span>
            <span className="rca-muted">fine {formatStopEnd(s)}</span>
            <HistoryButton source={rootCauseHistory(s.id)} subject={`Analisi dello stop del ${formatStopStart(s)}`} />
          </>
        ),
      },
      { id: 'downtime', header: 'Fermo', width: 8, value: formatDowntime, className: 'rca-col-downtime' },
      {
        id: 'details',
        header: 'Dettagli',
        width: 15,
        value: detailsText,
        render: (s) => {
          const [line, machine, ...rest] = stopDetails(s);
          return (
            <div className="rca-details">
              <span className="rca-details-place">
                {line?.value} · {machine?.value}
              </span>
              <dl>
                {rest.map((d) => (
                  <div key={d.label}>
                    <dt>{d.label}</dt>
                    <dd>{d.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          );
        },
      },
      { id: 'failure', header: 'Modo di guasto', width: 11, value: (s) => s.failure_mode || NONE },
      {
        id: 'actions',
        header: 'Azioni',
        width: 11,
        value: actionsText,
        render: (s) => {
          const labels = actionLabels(s);
          if (labels.length === 0) return <span className="rca-muted">{NONE}</span>;
          return (
            <ul className="rca-actions">
              {labels.map((label) => (
                <li key={label}>{label}</li>
              ))}
            </ul>
          );
        },
      },
      { id: 'corrective', header: 'Azione correttiva', width: 12, value: (s) => s.corrective_action || NONE },
      {
        id: 'rootCause',
        header: 'Causa radice',
        width: 15,
        value: (s) => savedBox(s, 'root_cause'),
        render: (s) => (
          <>
            <RootCauseBox stop={s} field="root_cause" label="Causa radice" store={store} readOnly={readOnly} />
            {onAnalyse && (
              <button type="button" className="button button-secondary rca-analyse" aria-label={`Analizza lo stop del ${formatStopStart(s)}`} onClick={() => onAnalyse(s)}>
                {readOnly ? 'Apri analisi' : 'Analizza'}
              </button>
            )}
          </>
        ),
        className: 'rca-col-box',
      },
      {
        id: 'solution',
        header: 'Soluzione',
        width: 14,
        value: (s) => savedBox(s, 'troubleshooting'),
        render: (s) => <RootCauseBox stop={s} field="troubleshooting" label="Soluzione" store={store} readOnly={readOnly} />,
        className: 'rca-col-box',
      },
    ],
    [store, readOnly, onAnalyse],
  );

  return (
    <div className="rca-table" aria-busy={busy}>
      <SortableTable<UnplannedStop>
        caption={<span className="rca-caption-text">Elenco stop non pianificati</span>}
        rows={stops}
        rowKey={(s) => s.id}
        columns={columns}
        defaultSort={DEFAULT_SORT}
        emptyMessage={emptyMessage}
        csv={csv}
      />
    </div>
  );
}
