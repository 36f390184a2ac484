/**
 * Connects the report form to its autosave (lib/autosave.ts, operator mode): the engine's status
 * for the indicator, the local copy of the report under the user, line, day and shift, a save
 * when the page is hidden or left, and the browser's warning when the tab is closed with text not
 * saved yet. The improvement role has no autosave; its edits are kept locally (useEditDraft).
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { autosaveFor, forgetAutosave, type Autosave, type SaveStatus } from '../../../lib/autosave.js';
import { draftKey, isDraftNewer, localDraftSlot, type DraftSlot } from '../../../lib/drafts.js';
import { getStoredRole } from '../../../lib/session.js';
import { saveShiftNote, type ShiftNote } from '../api/useShiftNote.js';
import { contentFingerprint, type ReportContent, type ReportForm, type ReportKey } from '../model/reportForm.js';

/** What the engine keeps: the form as typed (given back when the user returns) and what is sent. */
export interface Draft {
  form: ReportForm;
  content: ReportContent;
}

const IDLE: SaveStatus = { kind: 'idle' };
const noSubscribe = () => () => undefined;
const idle = () => IDLE;

/** The local copy's key of a report for the logged-in user; `kind` tells the operator's draft from an edit. */
function reportDraftKey(kind: 'report' | 'report-edit', key: ReportKey): string {
  return draftKey(getStoredRole() ?? '', kind, key.lineName, key.day, key.shiftCode);
}

/** The id of a report's engine (the user's, so another login never picks up someone else's text). */
export function draftId(key: ReportKey): string {
  return reportDraftKey('report', key);
}

/** Forgets a report's engine and its local copy: the user chose the server's copy (reload). */
export function forgetOperatorDraft(key: ReportKey): void {
  forgetAutosave(draftId(key));
  localDraftSlot(draftId(key)).clear();
}

/**
 * The form to start from: the text still waiting in this tab; else the local copy when it is newer
 * than the server's report (restored and saved at once); else the server's copy.
 */
export function startingForm(saver: Autosave<Draft, ShiftNote>, note: ShiftNote, loaded: Draft | null, loadedForm: ReportForm): ReportForm {
  const waiting = saver.unsaved();
  if (waiting) return waiting.form;
  const stored = localDraftSlot<Draft>(draftId({ lineName: note.line_name, day: note.day, shiftCode: note.shift_code })).read();
  if (stored && !note.confirmed && isDraftNewer(stored, { revision: note.revision, updatedAt: note.updated_at })) {
    saver.load(stored.revision, loaded ?? stored.content);
    saver.change(stored.content);
    void saver.flush();
    return stored.content.form;
  }
  if (loaded) saver.load(note.revision, loaded);
  return loadedForm;
}

/** The engine of the report (null when disabled) and its current status. */
export function useOperatorDraft(key: ReportKey, enabled: boolean): { saver: Autosave<Draft, ShiftNote> | null; status: SaveStatus } {
  const id = draftId(key);
  const saver = useMemo(
    () =>
      enabled
        ? autosaveFor<Draft, ShiftNote>(id, () => ({
            save: (draft, revision) => saveShiftNote(key, draft.content, revision),
            revisionOf: (note) => note.revision,
            fingerprint: (draft) => contentFingerprint(draft.content),
            draft: localDraftSlot<Draft>(id),
          }))
        : null,
    // The key's parts make the id; the engine must not change with a new object of the same key.
    [enabled, id],
  );
  const status = useSyncExternalStore(saver?.subscribe ?? noSubscribe, saver?.getStatus ?? idle);

  useEffect(() => {
    if (!saver) return undefined;
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.unsaved()) return;
      void saver.flush();
      event.preventDefault();
    };
    const onOnline = () => void saver.flush();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('online', onOnline);
      void saver.flush();
    };
  }, [saver]);

  return { saver, status };
}

/** The improvement role's edit of a confirmed report, kept locally until 'Salva Report' succeeds. */
export function useEditDraft(key: ReportKey, enabled: boolean): DraftSlot<ReportForm> | null {
  const id = reportDraftKey('report-edit', key);
  return useMemo(() => (enabled ? localDraftSlot<ReportForm>(id) : null), [enabled, id]);
}
