/**
 * The report of one line, day and shift, and its stops (line log §2.1, §2.4, §4.1, §5): the
 * operator's draft with autosave and submit, or the improvement role's review with edit mode.
 * Mounted per report (LineLog keys it), so nothing of one shift leaks into another.
 */
import { useEffect, useRef, useState } from 'react';
import { FLASH_DURATION_MS, useFlash } from '../../../components/FlashMessage.js';
import { SESSION_NOTICE } from '../../../lib/autosave.js';
import { isDraftNewer } from '../../../lib/drafts.js';
import { markSessionExpired, onSessionRenewed } from '../../../lib/session.js';
import { classifyFailure, fieldMessages, SAVE_FAILED } from '../model/failures.js';
import { reloadShiftNote, submitShiftNote, updateShiftNote, useShiftNote } from '../api/useShiftNote.js';
import type { Shift } from '../api/useLineLogPlant.js';
import {
  buildContent,
  formFromReport,
  isReportComplete,
  shiftLengthHours,
  SUBMIT_MESSAGES,
  submitRefusal,
  type FigureField,
  type ReportForm,
  type ReportKey,
} from '../model/reportForm.js';
import type { LineLogSelection } from '../model/selection.js';
import { reportHistory, HistoryButton } from '../../history/index.js';
import { AddStopButtons } from './AddStopButtons.js';
import { FiguresFields } from './FiguresFields.js';
import { MachineNotesEditor } from './MachineNotesEditor.js';
import { ReportActions } from './ReportActions.js';
import { StopTables } from './StopTables.js';
import { TEXTS, type LineLogMode } from './texts.js';
import { forgetOperatorDraft, startingForm, useEditDraft, useOperatorDraft } from './useOperatorDraft.js';
import { clipChars, unitsFor } from '../../../lib/text.js';

/** The server's limit on the report's notes, in characters (domain/shiftReports/rules.ts). */
const MAX_NOTES_CHARS = 5000;

/** Props of ReportEditor. */
export interface ReportEditorProps {
  mode: LineLogMode;
  reportKey: ReportKey;
  selection: LineLogSelection;
  shopFloorId: string;
  shift: Shift;
  labels: string[];
  unit: string;
  today: string;
  editing: boolean;
  onEditingChange(editing: boolean): void;
  /** Remounts the report after the user chose to reload it. */
  onReload(): void;
}

const SERVER_FIELD: Record<string, FigureField> = { production_volume: 'volume', waste: 'waste', working_time: 'hours' };

/** Loads the report, then shows the form, the stops and the actions. */
export function ReportEditor(props: ReportEditorProps) {
  const { mode, reportKey, labels, shift, today, editing, onEditingChange } = props;
  const operator = mode === 'operator';
  const scope = operator ? 'all' : 'confirmedOnly';
  const note = useShiftNote(reportKey, scope);
  const { saver, status } = useOperatorDraft(reportKey, operator);
  const editDraft = useEditDraft(reportKey, !operator);
  const saveAgain = useRef<() => Promise<void>>(async () => undefined);
  const [form, setForm] = useState<ReportForm | null>(null);
  const [baseline, setBaseline] = useState<ReportForm | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [revision, setRevision] = useState(-1);
  const [conflict, setConflict] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [saveNotice, setSaveNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [flash, showFlash] = useFlash(FLASH_DURATION_MS, 'toast');
  const shiftHours = shiftLengthHours(shift.start_time, shift.end_time);

  // Starts from the text still waiting to be saved (in this tab or, when newer than the server's
  // copy, on this device), else from the server's copy once it is fresh.
  useEffect(() => {
    if (form || !note.data || note.isValidating) return;
    const loaded = formFromReport(note.data, labels);
    if (saver) {
      const built = buildContent(loaded, labels, null);
      setForm(startingForm(saver, note.data, built.ok ? { form: loaded, content: built.content } : null, loaded));
    } else {
      const stored = editDraft?.read();
      if (stored && isDraftNewer(stored, { revision: note.data.revision, updatedAt: note.data.updated_at })) {
        setForm(stored.content);
        onEditingChange(true);
      } else {
        editDraft?.clear();
        setForm(loaded);
      }
    }
    setBaseline(loaded);
    setConfirmed(note.data.confirmed);
    setRevision(note.data.revision);
  }, [form, note.data, note.isValidating, saver, labels]);

  if (!form) {
    if (note.error && !note.data) {
      return (
        <div className="line-log-notice" role="alert">
          {TEXTS.loadFailed}{' '}
          <button type="button" className="button button-secondary" onClick={() => void note.mutate()}>
            {TEXTS.retry}
          </button>
        </div>
      );
    }
    return <p className="line-log-hint">Caricamento del report…</p>;
  }

  const built = buildContent(form, labels, shiftHours);
  const figureErrors: Partial<Record<FigureField, string>> = built.ok ? {} : { ...built.errors };
  const refusedFields = status.kind === 'refused' ? status.fields : serverFields;
  for (const [name, message] of Object.entries(refusedFields)) {
    const field = SERVER_FIELD[name];
    if (field && !figureErrors[field]) figureErrors[field] = message;
  }
  const conflictMessage = conflict ?? (status.kind === 'conflict' ? status.message : null);
  const futureDay = reportKey.day > today;
  const readOnly = (operator ? confirmed : !editing) || futureDay || conflictMessage !== null;
  const stopsEditable = operator ? !confirmed && conflictMessage === null : editing;
  const complete = isReportComplete(reportKey, form);

  function update(next: ReportForm) {
    setForm(next);
    setServerFields({});
    setSaveNotice(null);
    if (!saver) {
      if (editing) editDraft?.write({ content: next, revision, at: new Date().toISOString() });
      return;
    }
    const content = buildContent(next, labels, shiftHours);
    if (content.ok) saver.change({ form: next, content: content.content });
  }

  function showFailure(err: unknown, retryText: string) {
    const failure = classifyFailure(err);
    if (failure.kind === 'conflict') setConflict(failure.message);
    if (failure.kind === 'refused') setServerFields(fieldMessages(failure.fields));
    if (failure.kind === 'retry') setSaveNotice(retryText);
    showFlash(failure.kind === 'retry' ? retryText : failure.message, 'error');
    return failure;
  }

  function askSubmit() {
    // Filled in but not savable (e.g. more hours than the shift) counts as not complete.
    const refusal = submitRefusal({ confirmed, day: reportKey.day, today, complete: complete && built.ok });
    if (refusal) showFlash(refusal, 'error');
    return refusal === null;
  }

  async function submit(): Promise<void> {
    if (!form || !saver) return;
    const content = buildContent(form, labels, shiftHours);
    if (!content.ok) {
      showFlash(SUBMIT_MESSAGES.incomplete, 'error');
      return;
    }
    setBusy(true);
    try {
      await saver.settle();
      const saved = await submitShiftNote(reportKey, content.content, saver.currentRevision);
      saver.load(saved.revision, { form, content: content.content });
      setConfirmed(true);
      setSaveNotice(null);
      showFlash(TEXTS.submitted);
    } catch (err) {
      console.error('Invio del report non riuscito', err);
      const failure = showFailure(err, 'Invio non riuscito: controlla la connessione e riprova');
      if (failure.kind !== 'conflict') void saver.flush();
    } finally {
      setBusy(false);
    }
  }

  async function saveImprovement(): Promise<void> {
    if (!form) return;
    const content = buildContent(form, labels, shiftHours);
    const refusal = submitRefusal({ confirmed: false, day: reportKey.day, today, complete: complete && content.ok });
    if (refusal || !content.ok) {
      showFlash(refusal ?? SUBMIT_MESSAGES.incomplete, 'error');
      return;
    }
    setBusy(true);
    try {
      const saved = await updateShiftNote(reportKey, content.content, revision);
      setRevision(saved.revision);
      setConfirmed(true);
      setBaseline(form);
      setSaveNotice(null);
      editDraft?.clear();
      onEditingChange(false);
      showFlash(saved.created ? TEXTS.created : TEXTS.updated);
    } catch (err) {
      console.error('Salvataggio del report non riuscito', err);
      if (classifyFailure(err).kind === 'session') {
        // The edit stays on screen and on the device; it is saved again once the password is given.
        setSaveNotice(SESSION_NOTICE);
        const stop = onSessionRenewed(() => {
          stop();
          void saveAgain.current();
        });
        markSessionExpired();
        return;
      }
      showFailure(err, SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  }

  saveAgain.current = saveImprovement;

  function cancelEdit() {
    editDraft?.clear();
    setForm(baseline);
    setServerFields({});
    setSaveNotice(null);
    onEditingChange(false);
  }

  async function reload(): Promise<void> {
    forgetOperatorDraft(reportKey);
    editDraft?.clear();
    await reloadShiftNote(reportKey, scope);
    onEditingChange(false);
    props.onReload();
  }

  const notice = futureDay
    ? TEXTS.futureDay
    : operator && confirmed
      ? TEXTS.lockedOperator
      : !operator && !confirmed && !editing
        ? TEXTS.notConfirmed
        : null;
  // The support page is read-only until 'Modifica Report o Stop' (§2.4): adding a stop is an edit.
  const showAddStops = operator ? !confirmed : editing;

  return (
    <div className="line-log-report" data-confirmed={confirmed} data-editing={editing}>
      <div className="line-log-history-bar">
        <HistoryButton source={reportHistory(reportKey)} subject={`Report ${reportKey.lineName}, ${reportKey.day.split('-').reverse().join('/')}, turno ${reportKey.shiftCode}`} text="Storico modifiche" />
      </div>
      {notice && <p className="line-log-notice">{notice}</p>}
      {showAddStops && <AddStopButtons selection={props.selection} />}
      <section className="card line-log-card">
        <div className="field line-log-notes">
          <label className="field-label" htmlFor="line-log-notes">
            {TEXTS.notes}
          </label>
          <textarea
            id="line-log-notes"
            name="notes"
            rows={5}
            maxLength={unitsFor(MAX_NOTES_CHARS)}
            value={form.notes}
            disabled={readOnly}
            aria-invalid={refusedFields.notes ? true : undefined}
            onChange={(e) => update({ ...form, notes: clipChars(e.target.value, MAX_NOTES_CHARS) })}
            onBlur={() => void saver?.flush()}
          />
          {refusedFields.notes && <span className="field-error">{refusedFields.notes}</span>}
        </div>
      </section>
      {/* The figures come right after the shift notes: the end of a shift is notes, figures, submit. */}
      <div onBlur={() => void saver?.flush()}>
        <FiguresFields
          form={form}
          unit={props.unit}
          disabled={readOnly}
          errors={figureErrors}
          onChange={(field, value) => update({ ...form, [field]: value })}
        />
      </div>
      <div onBlur={() => void saver?.flush()}>
        <MachineNotesEditor
          labels={labels}
          rows={form.rows}
          disabled={readOnly}
          error={refusedFields.machine_notes}
          onChange={(rows) => update({ ...form, rows })}
        />
      </div>
      <StopTables
        mode={mode}
        query={{ shopFloorId: props.shopFloorId, lineId: props.selection.lineId, shiftCode: reportKey.shiftCode, day: reportKey.day }}
        editable={stopsEditable}
        deletable={stopsEditable}
        onMessage={showFlash}
      />
      <ReportActions
        mode={mode}
        reportKey={reportKey}
        shiftName={shift.name}
        status={status}
        invalid={!built.ok && !readOnly}
        conflict={conflictMessage}
        saveNotice={saveNotice}
        confirmed={confirmed}
        complete={complete}
        editing={editing}
        busy={busy}
        futureDay={futureDay}
        onAskSubmit={askSubmit}
        onSubmit={submit}
        onEdit={() => onEditingChange(true)}
        onSave={() => void saveImprovement()}
        onCancel={cancelEdit}
        onReload={() => void reload()}
        flash={flash}
      />
    </div>
  );
}
