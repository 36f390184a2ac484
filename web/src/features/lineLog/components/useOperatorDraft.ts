/**
 * Connects the report form to its DraftSaver (operator mode): the saver's status for the
 * indicator, a save when the page is hidden or left, and the browser's warning when the tab is
 * closed with text not saved yet. In improvement mode there is no saver and no autosave.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { draftSaverFor, type DraftSaver, type DraftStatus } from '../api/draftSaver.js';
import { saveShiftNote } from '../api/useShiftNote.js';
import { contentFingerprint, type ReportContent, type ReportForm, type ReportKey } from '../reportForm.js';

/** What the saver keeps: the form as typed (given back when the user returns) and what is sent. */
export interface Draft {
  form: ReportForm;
  content: ReportContent;
}

const IDLE: DraftStatus = { kind: 'idle' };
const noSubscribe = () => () => undefined;
const idle = () => IDLE;

/** The id of a report's saver. */
export function draftId(key: ReportKey): string {
  return `${key.lineName}|${key.day}|${key.shiftCode}`;
}

/** The saver of the report (null when disabled) and its current status. */
export function useOperatorDraft(key: ReportKey, enabled: boolean): { saver: DraftSaver<Draft> | null; status: DraftStatus } {
  const id = draftId(key);
  const saver = useMemo(
    () =>
      enabled
        ? draftSaverFor<Draft>(id, () => ({
            save: (draft, revision) => saveShiftNote(key, draft.content, revision),
            fingerprint: (draft) => contentFingerprint(draft.content),
          }))
        : null,
    // The key's parts make the id; the saver must not change with a new object of the same key.
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
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('beforeunload', onBeforeUnload);
      void saver.flush();
    };
  }, [saver]);

  return { saver, status };
}
