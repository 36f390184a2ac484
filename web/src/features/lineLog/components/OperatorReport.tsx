/**
 * The operator's report (line log §2.1, §4.1, §5): a draft that saves itself as it is typed
 * (lib/autosave.ts), kept on the device until the server has it, and 'CONFERMA e INVIA REPORT'
 * once the report is complete, after which nothing can be changed.
 */
import { startTransition, useEffect, useReducer } from 'react';
import { FLASH_DURATION_MS, useFlash } from '../../../components/FlashMessage.js';
import { RETRY_NOTICE, type SaveStatus } from '../../../lib/autosave.js';
import { useOutboxState } from '../../offline/index.js';
import { useDetectedStops } from '../api/useDetectedStops.js';
import { reloadShiftNote, submitShiftNote, useShiftNote } from '../api/useShiftNote.js';
import { classifyFailure } from '../model/failures.js';
import { actionBarFacts, failureFlash, INITIAL_EDITOR, reportEditorReducer, reportEditorView } from '../model/reportEditor.js';
import { buildContent, formFromReport, shiftLengthHours, SUBMIT_MESSAGES, submitRefusal, type ReportForm } from '../model/reportForm.js';
import type { ReportEditorProps } from './reportEditorProps.js';
import { ReportActions } from './ReportActions.js';
import { ReportFields, ReportLoading } from './ReportFields.js';
import { TEXTS } from './texts.js';
import { forgetOperatorDraft, startingForm, useOperatorDraft } from './useOperatorDraft.js';

/** Loads the operator's report, then shows the form, the stops and the submit bar. */
export function OperatorReport(props: ReportEditorProps) {
  const { reportKey, labels, shift, today, editing, onEditingChange } = props;
  const note = useShiftNote(reportKey, 'all');
  const { saver, status } = useOperatorDraft(reportKey, true);
  // Asked with the report: the form shows once both are in (DetectedStops reads the same answer).
  const detected = useDetectedStops({ shopFloorId: props.shopFloorId, lineId: props.selection.lineId, shiftId: shift.id });
  const [state, dispatch] = useReducer(reportEditorReducer, INITIAL_EDITOR);
  const [flash, showFlash] = useFlash(FLASH_DURATION_MS, 'toast');
  const shiftHours = shiftLengthHours(shift.start_time, shift.end_time);
  const { form } = state;
  // A save waiting in the queue (docs/offline.md) is said as waiting for the network when offline,
  // and as failed and tried again when the browser is online but the request found no answer.
  const outbox = useOutboxState();
  const waiting = !outbox.online || outbox.pending.length > 0;
  const queuedStatus: SaveStatus = outbox.online ? { kind: 'retrying', message: RETRY_NOTICE, attempt: 1, inMs: 2_000 } : { kind: 'pending' };
  const shownStatus = waiting && status.kind === 'saving' ? queuedStatus : status;

  // Starts from the text still waiting to be saved (in this tab or, when newer than the server's
  // copy, on this device), else from the server's copy once it is fresh.
  useEffect(() => {
    if (form || !note.data || note.isValidating || !saver) return;
    const loaded = formFromReport(note.data, labels);
    const built = buildContent(loaded, labels, null);
    const starting = startingForm(saver, note.data, built.ok ? { form: loaded, content: built.content } : null, loaded);
    // The form's first drawing as a transition: React builds it in slices (docs/performance.md).
    const data = note.data;
    startTransition(() => dispatch({ type: 'loaded', form: starting, baseline: loaded, confirmed: data.confirmed, revision: data.revision }));
  }, [form, note.data, note.isValidating, saver, labels]);

  if (!form || !saver || !detected.settled) return <ReportLoading failed={!!note.error && !note.data} onRetry={() => void note.mutate()} />;

  const engine = saver;
  const view = reportEditorView({ ...state, form }, { operator: true, reportKey, labels, shiftHours, today, editing, status: shownStatus });

  function update(next: ReportForm) {
    dispatch({ type: 'edited', form: next });
    const content = buildContent(next, labels, shiftHours);
    if (content.ok) engine.change({ form: next, content: content.content });
  }

  function askSubmit() {
    if (waiting) {
      showFlash(TEXTS.submitOffline, 'error');
      return false;
    }
    // Filled in but not savable (e.g. more hours than the shift) counts as not complete.
    const refusal = submitRefusal({
      confirmed: state.confirmed,
      day: reportKey.day,
      today,
      complete: view.complete && view.built.ok,
      shift: { start: shift.start_time, now: Date.now() },
    });
    if (refusal) showFlash(refusal, 'error');
    return refusal === null;
  }

  async function submit(): Promise<void> {
    if (!form) return;
    const content = buildContent(form, labels, shiftHours);
    if (!content.ok) {
      showFlash(SUBMIT_MESSAGES.incomplete, 'error');
      return;
    }
    dispatch({ type: 'busy', busy: true });
    try {
      await engine.settle();
      const saved = await submitShiftNote(reportKey, content.content, engine.currentRevision);
      engine.load(saved.revision, { form, content: content.content });
      dispatch({ type: 'submitted' });
      showFlash(TEXTS.submitted);
    } catch (err) {
      console.error('Invio del report non riuscito', err);
      const retryText = 'Invio non riuscito: controlla la connessione e riprova';
      const failure = classifyFailure(err);
      dispatch({ type: 'failed', failure, retryText });
      showFlash(failureFlash(failure, retryText), 'error');
      if (failure.kind !== 'conflict') void engine.flush();
    } finally {
      dispatch({ type: 'busy', busy: false });
    }
  }

  async function reload(): Promise<void> {
    forgetOperatorDraft(reportKey);
    await reloadShiftNote(reportKey, 'all');
    onEditingChange(false);
    props.onReload();
  }

  return (
    <ReportFields {...props} confirmed={state.confirmed} form={form} view={view} onChange={update} onLeave={() => void engine.flush()} onMessage={showFlash}>
      <ReportActions
        mode="operator"
        reportKey={reportKey}
        shiftName={shift.name}
        shiftEnd={shift.end_time}
        status={shownStatus}
        {...actionBarFacts(view, state)}
        editing={editing}
        onAskSubmit={askSubmit}
        onSubmit={submit}
        onEdit={() => onEditingChange(true)}
        onSave={() => undefined}
        onCancel={() => undefined}
        onReload={() => void reload()}
        flash={flash}
      />
    </ReportFields>
  );
}
