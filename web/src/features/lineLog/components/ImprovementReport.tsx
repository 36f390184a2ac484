/**
 * The improvement role's review of a report (line log §2.4, §4.1): read-only until 'Modifica
 * Report o Stop'; the edit is kept on the device until 'Salva Report' succeeds (after a password
 * prompt if the session ran out) and 'Annulla modifiche' goes back to the server's copy, the
 * stop texts saved meanwhile included (useStopTextUndo).
 */
import { startTransition, useEffect, useReducer, useRef } from 'react';
import { FLASH_DURATION_MS, useFlash } from '../../../components/FlashMessage.js';
import type { SaveStatus } from '../../../lib/autosave.js';
import { isDraftNewer } from '../../../lib/drafts.js';
import { markSessionExpired, onSessionRenewed } from '../../../lib/session.js';
import { reloadShiftNote, updateShiftNote, useShiftNote } from '../api/useShiftNote.js';
import { classifyFailure, SAVE_FAILED } from '../model/failures.js';
import { actionBarFacts, failureFlash, INITIAL_EDITOR, reportEditorReducer, reportEditorView } from '../model/reportEditor.js';
import { buildContent, formFromReport, shiftLengthHours, SUBMIT_MESSAGES, submitRefusal, type ReportForm } from '../model/reportForm.js';
import type { ReportEditorProps } from './reportEditorProps.js';
import { ReportActions } from './ReportActions.js';
import { ReportFields, ReportLoading } from './ReportFields.js';
import { TEXTS } from './texts.js';
import { useEditDraft } from './useOperatorDraft.js';
import { useStopTextUndo } from './useStopTextUndo.js';

/** The improvement role has no autosave. */
const IDLE: SaveStatus = { kind: 'idle' };

/** Loads the confirmed report, then shows it with the edit, save and cancel bar. */
export function ImprovementReport(props: ReportEditorProps) {
  const { reportKey, labels, shift, today, editing, onEditingChange } = props;
  const note = useShiftNote(reportKey, 'confirmedOnly');
  const editDraft = useEditDraft(reportKey, true);
  const saveAgain = useRef<() => Promise<void>>(async () => undefined);
  const [state, dispatch] = useReducer(reportEditorReducer, INITIAL_EDITOR);
  const [flash, showFlash] = useFlash(FLASH_DURATION_MS, 'toast');
  const shiftHours = shiftLengthHours(shift.start_time, shift.end_time);
  const { form, revision } = state;
  const stopTexts = useStopTextUndo({ shopFloorId: props.shopFloorId, lineId: props.selection.lineId, shiftCode: reportKey.shiftCode, day: reportKey.day }, editing);

  // Starts from the edit kept on this device when it is newer than the server's copy (edit mode
  // again), else from the server's copy once it is fresh.
  useEffect(() => {
    if (form || !note.data || note.isValidating) return;
    const loaded = formFromReport(note.data, labels);
    const stored = editDraft?.read();
    let starting = loaded;
    if (stored && isDraftNewer(stored, { revision: note.data.revision, updatedAt: note.data.updated_at })) {
      starting = stored.content;
      onEditingChange(true);
    } else {
      editDraft?.clear();
    }
    // The form's first drawing as a transition: React builds it in slices (docs/performance.md).
    const data = note.data;
    startTransition(() => dispatch({ type: 'loaded', form: starting, baseline: loaded, confirmed: data.confirmed, revision: data.revision }));
  }, [form, note.data, note.isValidating, labels]);

  if (!form) return <ReportLoading failed={!!note.error && !note.data} onRetry={() => void note.mutate()} />;

  const view = reportEditorView({ ...state, form }, { operator: false, reportKey, labels, shiftHours, today, editing, status: IDLE });

  function update(next: ReportForm) {
    dispatch({ type: 'edited', form: next });
    if (editing) editDraft?.write({ content: next, revision, at: new Date().toISOString() });
  }

  async function saveImprovement(): Promise<void> {
    if (!form) return;
    const content = buildContent(form, labels, shiftHours);
    const refusal = submitRefusal({ confirmed: false, day: reportKey.day, today, complete: view.complete && content.ok });
    if (refusal || !content.ok) {
      showFlash(refusal ?? SUBMIT_MESSAGES.incomplete, 'error');
      return;
    }
    dispatch({ type: 'busy', busy: true });
    try {
      const saved = await updateShiftNote(reportKey, content.content, revision);
      dispatch({ type: 'saved', form, revision: saved.revision });
      editDraft?.clear();
      stopTexts.keep();
      onEditingChange(false);
      showFlash(saved.created ? TEXTS.created : TEXTS.updated);
    } catch (err) {
      console.error('Salvataggio del report non riuscito', err);
      const failure = classifyFailure(err);
      if (failure.kind === 'session') {
        // The edit stays on screen and on the device; it is saved again once the password is given.
        dispatch({ type: 'sessionExpired' });
        const stop = onSessionRenewed(() => {
          stop();
          void saveAgain.current();
        });
        markSessionExpired();
        return;
      }
      dispatch({ type: 'failed', failure, retryText: SAVE_FAILED });
      showFlash(failureFlash(failure, SAVE_FAILED), 'error');
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  }

  saveAgain.current = saveImprovement;

  async function cancelEdit(): Promise<void> {
    dispatch({ type: 'busy', busy: true });
    try {
      await stopTexts.undo();
    } catch (err) {
      // The edit stays open: nothing is half undone without the user knowing.
      console.error('Ripristino dei testi degli stop non riuscito', err);
      showFlash(TEXTS.undoStopsFailed, 'error');
      return;
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
    editDraft?.clear();
    dispatch({ type: 'cancelled' });
    onEditingChange(false);
  }

  async function reload(): Promise<void> {
    editDraft?.clear();
    await reloadShiftNote(reportKey, 'confirmedOnly');
    onEditingChange(false);
    props.onReload();
  }

  return (
    <ReportFields {...props} confirmed={state.confirmed} form={form} view={view} onChange={update} onLeave={() => undefined} onMessage={showFlash}>
      <ReportActions
        mode="improvement"
        reportKey={reportKey}
        shiftName={shift.name}
        status={IDLE}
        {...actionBarFacts(view, state)}
        editing={editing}
        onAskSubmit={() => false}
        onSubmit={async () => undefined}
        onEdit={() => onEditingChange(true)}
        onSave={() => void saveImprovement()}
        onCancel={() => void cancelEdit()}
        onReload={() => void reload()}
        flash={flash}
      />
    </ReportFields>
  );
}
