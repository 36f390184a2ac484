/**
 * The 'Eseguito' cell of the daily activities: a checkbox plus the time it was ticked. Ticking
 * marks the action executed, unticking marks it open (foundations §4), then the list reloads.
 * The box shows the new state at once; if the call fails it goes back and the page says so.
 */
import { useState } from 'react';
import { ApiError } from '../../../lib/api.js';
import { setDbrActionExecuted, type DbrAction } from '../api/dbrActions.js';
import { executedTime } from '../model/dbrFormat.js';

export interface ExecutedCheckboxProps {
  action: DbrAction;
  /** Reloads the list after a successful tick. */
  onChanged(): Promise<unknown>;
  /** The text to show briefly when a tick did not go through. */
  onFailed(message: string): void;
}

/** The refusal as the operator reads it. */
export function tickFailureText(err: unknown, executed: boolean): string {
  const what = executed ? 'Spunta non salvata' : 'Spunta non tolta';
  if (err instanceof ApiError && err.message) return `${what}: ${err.message}`;
  return `${what}: controlla la connessione e riprova.`;
}

export function ExecutedCheckbox({ action, onChanged, onFailed }: ExecutedCheckboxProps) {
  const [pending, setPending] = useState<boolean | null>(null);
  const checked = pending ?? action.executed_at !== null;
  const time = pending === null ? executedTime(action) : '…';

  async function toggle(next: boolean) {
    setPending(next);
    try {
      await setDbrActionExecuted(action.id, next);
      await onChanged();
    } catch (err) {
      console.error('Aggiornamento dello stato di esecuzione non riuscito', err);
      onFailed(tickFailureText(err, next));
    } finally {
      setPending(null);
    }
  }

  return (
    <label className={checked ? 'dbra-done is-done' : 'dbra-done'}>
      <input type="checkbox" checked={checked} disabled={pending !== null} aria-label={`Eseguito: ${action.activity}`} onChange={(e) => void toggle(e.target.checked)} />
      <span className="dbra-done-time">{time}</span>
    </label>
  );
}
