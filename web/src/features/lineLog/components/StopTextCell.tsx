/**
 * A stop's text edited inside the table (line log §5 "Inline edits"): saved on blur, failure
 * modes and corrective actions only when not empty (an emptied field goes back to the saved
 * text), planned notes even when empty. A failed save keeps the text and is tried again.
 */
import { useEffect, useRef, useState } from 'react';
import { classifyFailure, retryDelayMs, RETRY_NOTICE } from '../failures.js';

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
}

type CellState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'retrying' } | { kind: 'error'; message: string };

/** A textarea while editable, plain text otherwise. */
export function StopTextCell({ value, label, maxLength, editable, allowEmpty, onSave, onRefused }: StopTextCellProps) {
  const [text, setText] = useState(value ?? '');
  const [state, setState] = useState<CellState>({ kind: 'idle' });
  const saved = useRef(value ?? '');
  const latest = useRef(text);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  latest.current = text;

  // A new value from the server replaces the text only while the user has not changed it.
  useEffect(() => {
    const next = value ?? '';
    if (next === saved.current) return;
    if (latest.current === saved.current) setText(next);
    saved.current = next;
  }, [value]);

  useEffect(() => () => {
    if (retryTimer.current) clearTimeout(retryTimer.current);
  }, []);

  async function commit(attempt: number): Promise<void> {
    if (retryTimer.current) clearTimeout(retryTimer.current);
    retryTimer.current = null;
    const current = latest.current;
    if (!allowEmpty && current.trim() === '') {
      setText(saved.current);
      setState({ kind: 'idle' });
      return;
    }
    if (current.trim() === saved.current.trim()) {
      setState({ kind: 'idle' });
      return;
    }
    setState({ kind: 'saving' });
    try {
      const result = (await onSave(current)) ?? '';
      saved.current = result;
      if (latest.current === current) setText(result);
      setState({ kind: 'idle' });
    } catch (err) {
      console.error('Salvataggio dello stop non riuscito', err);
      const failure = classifyFailure(err);
      if (failure.kind === 'retry') {
        setState({ kind: 'retrying' });
        retryTimer.current = setTimeout(() => void commit(attempt + 1), retryDelayMs(attempt + 1));
      } else {
        setState({ kind: 'error', message: failure.message });
        onRefused(failure.message);
      }
    }
  }

  if (!editable) return <span className="stop-text">{value ?? ''}</span>;
  const message = state.kind === 'retrying' ? RETRY_NOTICE : state.kind === 'error' ? state.message : null;
  return (
    <div className="stop-text-cell">
      <textarea
        aria-label={label}
        value={text}
        rows={2}
        maxLength={maxLength}
        aria-invalid={message ? true : undefined}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => void commit(0)}
      />
      {state.kind === 'saving' && <span className="stop-text-status">Salvataggio…</span>}
      {message && <span className="stop-text-status is-error">{message}</span>}
    </div>
  );
}
