/**
 * What both workflows show of a report (line log §2.1, §2.4): the history button, the notice, the
 * add-stop buttons, the shift notes, the figures, the machine notes and the stop tables; the
 * workflow's own action bar comes after them (`children`).
 */
import type { ReactNode } from 'react';
import { DrawnLater } from '../../../lib/deferredMount.js';
import { clipChars, unitsFor } from '../../../lib/text.js';
import { HistoryButton, reportHistory } from '../../history/index.js';
import type { ReportEditorView } from '../model/reportEditor.js';
import { MAX_NOTES_LENGTH, type ReportForm, type ReportKey } from '../model/reportForm.js';
import type { LineLogSelection } from '../model/selection.js';
import { useShiftCount } from '../api/useShiftCount.js';
import { AddStopButtons } from './AddStopButtons.js';
import { DetectedStops } from './DetectedStops.js';
import { FiguresFields, type FiguresFieldsProps } from './FiguresFields.js';
import { MachineNotesEditor } from './MachineNotesEditor.js';
import { StopTables } from './StopTables.js';
import { TEXTS, type LineLogMode } from './texts.js';

/** Props of ReportFields. */
export interface ReportFieldsProps {
  mode: LineLogMode;
  reportKey: ReportKey;
  selection: LineLogSelection;
  shopFloorId: string;
  labels: string[];
  unit: string;
  confirmed: boolean;
  editing: boolean;
  form: ReportForm;
  view: ReportEditorView;
  onChange(form: ReportForm): void;
  /** A field was left: the operator's autosave saves at once. */
  onLeave(): void;
  /** Shows a 3-second message (refusals of the server). */
  onMessage(text: string, tone?: 'success' | 'error'): void;
  /** The workflow's action bar. */
  children: ReactNode;
}

/** The report's fields and stops, editable as the view allows. */
export function ReportFields({ mode, reportKey, selection, form, view, onChange, onLeave, ...props }: ReportFieldsProps) {
  const { readOnly, refusedFields } = view;
  return (
    <div className="line-log-report" data-confirmed={props.confirmed} data-editing={props.editing}>
      <div className="line-log-history-bar">
        <HistoryButton
          source={reportHistory(reportKey)}
          subject={`Report ${reportKey.lineName}, ${reportKey.day.split('-').reverse().join('/')}, turno ${reportKey.shiftCode}`}
          text="Storico modifiche"
        />
      </div>
      {view.notice && <p className="line-log-notice">{TEXTS[view.notice]}</p>}
      {view.showAddStops && <AddStopButtons selection={selection} />}
      {view.showAddStops ? (
        <DetectedStops selection={selection} shopFloorId={props.shopFloorId} canClassify />
      ) : (
        // Support reads a sent report's detected stops before its edit, to know there is something to classify.
        mode === 'improvement' && props.confirmed && <DetectedStops selection={selection} shopFloorId={props.shopFloorId} canClassify={false} />
      )}
      <section className="card line-log-card">
        <div className="field line-log-notes">
          <label className="field-label" htmlFor="line-log-notes">
            {TEXTS.notes}
          </label>
          <textarea
            id="line-log-notes"
            name="notes"
            rows={5}
            maxLength={unitsFor(MAX_NOTES_LENGTH)}
            value={form.notes}
            disabled={readOnly}
            aria-invalid={refusedFields.notes ? true : undefined}
            onChange={(e) => onChange({ ...form, notes: clipChars(e.target.value, MAX_NOTES_LENGTH) })}
            onBlur={onLeave}
          />
          {refusedFields.notes && <span className="field-error">{refusedFields.notes}</span>}
        </div>
      </section>
      {/* The figures come right after the shift notes: the end of a shift is notes, figures, submit. */}
      <div onBlur={onLeave}>
        <CountedFigures
          selection={selection}
          shopFloorId={props.shopFloorId}
          form={form}
          unit={props.unit}
          disabled={readOnly}
          errors={view.figureErrors}
          onChange={(field, value) => onChange({ ...form, [field]: value })}
        />
      </div>
      {/* Drawn top down in four commits (lib/deferredMount.ts): notes and figures, the machine notes, the stops, the action bar. */}
      <DrawnLater steps={1}>
        <div onBlur={onLeave}>
          <MachineNotesEditor labels={props.labels} rows={form.rows} disabled={readOnly} error={refusedFields.machine_notes} onChange={(rows) => onChange({ ...form, rows })} />
        </div>
      </DrawnLater>
      <DrawnLater steps={2}>
        <StopTables
          mode={mode}
          query={{ shopFloorId: props.shopFloorId, lineId: selection.lineId, shiftCode: reportKey.shiftCode, day: reportKey.day }}
          editable={view.stopsEditable}
          deletable={view.stopsEditable}
          onMessage={props.onMessage}
          lineName={reportKey.lineName}
        />
      </DrawnLater>
      <DrawnLater steps={3}>{props.children}</DrawnLater>
    </div>
  );
}

/**
 * The figures with the machine's count of the shift (asked every minute while it runs): its
 * answers draw these fields again, not the whole report.
 */
function CountedFigures({ selection, shopFloorId, ...fields }: Omit<FiguresFieldsProps, 'count'> & { selection: LineLogSelection; shopFloorId: string }) {
  const count = useShiftCount(selection, shopFloorId, !fields.disabled);
  return <FiguresFields {...fields} count={count} />;
}

/** Shown until the report is loaded: a wait, or the failure with 'Riprova'. */
export function ReportLoading({ failed, onRetry }: { failed: boolean; onRetry(): void }) {
  if (failed) {
    return (
      <div className="line-log-notice" role="alert">
        {TEXTS.loadFailed}{' '}
        <button type="button" className="button button-secondary" onClick={onRetry}>
          {TEXTS.retry}
        </button>
      </div>
    );
  }
  return <p className="line-log-hint">Caricamento del report…</p>;
}
