/**
 * A stop's text edited inside the table (line log §5 "Inline edits"): saved on blur, failure
 * modes and corrective actions only when not empty (an emptied field goes back to the saved
 * text), planned notes even when empty. Saved through the app's autosave engine: a failed save
 * keeps the text and is tried again, an expired session asks for the password and saves after
 * it, and the text not yet saved is kept on the device (restored and saved after a reload).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Autosave, classifyFailure, RETRY_NOTICE, type Failure } from '../../../lib/autosave.js';
import { localDraftSlot } from '../../../lib/drafts.js';
import { clipChars, unitsFor } from '../../../lib/text.js';

/** Props of StopTextCell. */
export interface StopTextCellProps {
  /** The saved text. */
  value: string | null;
  /** Accessible name, e.g. 'Descrizione – stop delle 08:10'. */
  label: string;
  maxLength: number;
  editable: boolean;
  /** Planned notes may be emptied; the other texts may not. */
  allowEmpty: boolean;
  /** Saves and answers the text as saved. */
  onSave(text: string): Promise<string | null>;
  /** A refusal the user should see (e.g. 'Report già inviato'). */
  onRefused(message: string): void;
  /** Local storage key of the text not saved yet (lib/drafts.ts draftKey); none keeps it in the tab only. */
  draftKey?: string;
}

/** A 409 here (e.g. the report was submitted meanwhile) is shown like any refusal; a new blur tries again. */
function classifyCell(error: unknown): Failure {
  const failure = classifyFailure(error);
  return failure.kind === 'conflict' ? { ...failure, kind: 'refused' } : failure;
}

/** A textarea while editable, plain text otherwise. */
export function StopTextCell({ value, label, maxLength, editable, allowEmpty, onSave, onRefused, draftKey }: StopTextCellProps) {
  const saved = useRef(value ?? '');
  const onSaveRef = useRef(onSave);
  onSaveRef.current = onSave;
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;
  const [engine] = useState(() => {
    const created = new Autosave<string, string | null>({
      save: (text) => onSaveRef.current(text),
      fingerprint: (text) => text,
      debounceMs: null,
      classify: classifyCell,
      draft: draftKey ? localDraftSlot<string>(draftKey) : undefined,
      onSaved: (result, sent) => {
        saved.current = result ?? '';
        if (latest.current === sent) setText(result ?? '');
      },
      logError: (message, err) => console.error('Salvataggio dello stop non riuscito', message, err),
    });
    return created;
  });
  const [text, setText] = useState(() => {
    const stored = draftKey ? localDraftSlot<string>(draftKey).read() : null;
    engine.load(0, value ?? '');
    if (stored && typeof stored.content === 'string' && stored.content !== (value ?? '')) {
      engine.change(stored.content);
      return stored.content;
    }
    return value ?? '';
  });
  const latest = useRef(text);
  latest.current = text;
  const status = useSyncExternalStore(engine.subscribe, engine.getStatus);

  // A new value from the server replaces the text only while the user has not changed it.
  useEffect(() => {
    const next = value ?? '';
    if (next === saved.current) return;
    if (latest.current === saved.current) {
      setText(next);
      engine.load(0, next);
    }
    saved.current = next;
  }, [value, engine]);

  useEffect(() => {
    engine.resume();
    // A text restored from the device is saved at once.
    if (engine.unsaved() !== null) commit();
    return () => engine.pause();
  }, [engine]);

  useEffect(() => {
    if (status.kind === 'refused' || status.kind === 'forbidden') onRefusedRef.current(status.message);
  }, [status]);

  function commit(): void {
    const current = latest.current;
    if (!allowEmpty && current.trim() === '') {
      setText(saved.current);
      engine.discard(saved.current);
      return;
    }
    if (current.trim() === saved.current.trim()) {
      engine.discard(current);
      return;
    }
    engine.change(current);
    void engine.flush();
  }

  if (!editable) return <span className="stop-text">{value ?? ''}</span>;
  const message = status.kind === 'retrying' ? RETRY_NOTICE : status.kind === 'refused' || status.kind === 'forbidden' || status.kind === 'session' ? status.message : null;
  return (
    <div className="stop-text-cell">
      <textarea
        aria-label={label}
        value={text}
        rows={2}
        maxLength={unitsFor(maxLength)}
        aria-invalid={message ? true : undefined}
        onChange={(e) => {
          const next = clipChars(e.target.value, maxLength);
          setText(next);
          engine.change(next);
        }}
        onBlur={commit}
      />
      {status.kind === 'saving' && <span className="stop-text-status">Salvataggio…</span>}
      {message && <span className="stop-text-status is-error">{message}</span>}
    </div>
  );
}
