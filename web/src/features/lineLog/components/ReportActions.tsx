/**
 * The bar under the report: what happened to the last save, and the main button. The operator
 * has 'CONFERMA e INVIA REPORT' and the 'Conferma invio' modal (which first asks 'Il turno finisce
 * alle 22:00: inviare adesso?' while the shift runs); the improvement role has
 * 'Modifica Report o Stop', which becomes 'Salva Report' (with 'Annulla modifiche') in edit mode.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.js';
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import type { SaveStatus } from '../../../lib/autosave.js';
import { earlySendQuestion, type ReportKey } from '../model/reportForm.js';
import { TEXTS, type LineLogMode } from './texts.js';

/** Props of ReportActions. */
export interface ReportActionsProps {
  mode: LineLogMode;
  reportKey: ReportKey;
  shiftName: string;
  /** The shift's end (ISO): a send before it asks first. */
  shiftEnd?: string;
  status: SaveStatus;
  /** Figures that cannot be saved as typed. */
  invalid: boolean;
  /** A 409: someone else changed or closed the report. */
  conflict: string | null;
  /** A failed submit or explicit save. */
  saveNotice: string | null;
  confirmed: boolean;
  complete: boolean;
  editing: boolean;
  busy: boolean;
  futureDay: boolean;
  /** The operator's send button is live (a draft of today or a past day); else it is shown disabled. */
  canSubmit?: boolean;
  /** Checks a submit attempt; false when refused (the message is shown). */
  onAskSubmit(): boolean;
  onSubmit(): Promise<void>;
  onEdit(): void;
  onSave(): void;
  onCancel(): void;
  onReload(): void;
  /** The page's 3-second message, floated just above this bar: in view, never over the title. */
  flash?: ReactNode;
}

type Line = { text: string; tone: 'muted' | 'ok' | 'warn' | 'error' };

function statusLine(status: SaveStatus): Line | null {
  switch (status.kind) {
    case 'idle':
      return null;
    case 'pending':
      return { text: 'Modifiche in attesa di salvataggio…', tone: 'muted' };
    case 'saving':
      return { text: 'Salvataggio in corso…', tone: 'muted' };
    case 'saved':
      return { text: `Bozza salvata alle ${formatTime(status.at)}`, tone: 'ok' };
    case 'retrying':
      return { text: status.message, tone: 'warn' };
    case 'refused':
      return { text: `Salvataggio non riuscito: ${status.message}`, tone: 'error' };
    case 'conflict':
    case 'forbidden':
      return { text: status.message, tone: 'error' };
    case 'session':
      return { text: status.message, tone: 'warn' };
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** Status line, buttons and the 'Conferma invio' modal. */
export function ReportActions(props: ReportActionsProps) {
  const { mode, status, conflict, saveNotice, invalid, confirmed, editing, busy } = props;
  const [confirmOpen, setConfirmOpen] = useState(false);
  // Asked when the modal opens, so it says what holds at the moment of the send.
  const [early, setEarly] = useState<string | null>(null);

  const line: Line | null = conflict
    ? { text: conflict, tone: 'error' }
    : saveNotice
      ? { text: saveNotice, tone: 'warn' }
      : invalid
        ? { text: TEXTS.invalidFigures, tone: 'warn' }
        : mode === 'operator' && confirmed
          ? { text: 'Report inviato', tone: 'ok' }
          : statusLine(status);

  async function confirmSubmit() {
    await props.onSubmit();
    setConfirmOpen(false);
  }

  return (
    <div className="line-log-actions">
      {props.flash}
      <div className={`save-status${line ? ` is-${line.tone}` : ''}`} role="status" aria-live="polite">
        {line?.text}
        {conflict && (
          <button type="button" className="button button-secondary save-status-reload" onClick={props.onReload}>
            {TEXTS.reload}
          </button>
        )}
      </div>
      <div className="line-log-buttons">
        {mode === 'operator' ? (
          <button
            type="button"
            className="button button-primary line-log-main"
            disabled={!props.complete || busy}
            // A submitted or future-day report: shown disabled, yet a click still says why ('Report già inviato').
            aria-disabled={props.canSubmit === false || undefined}
            onClick={() => {
              if (!props.onAskSubmit()) return;
              setEarly(props.shiftEnd ? earlySendQuestion(props.shiftEnd, Date.now()) : null);
              setConfirmOpen(true);
            }}
          >
            {TEXTS.submit}
          </button>
        ) : editing ? (
          <>
            <button type="button" className="button button-secondary" disabled={busy} onClick={props.onCancel}>
              {TEXTS.cancelEdit}
            </button>
            <button type="button" className="button button-primary line-log-main" disabled={busy || conflict !== null} onClick={props.onSave}>
              {TEXTS.save}
            </button>
          </>
        ) : (
          <button type="button" className="button button-primary line-log-main" disabled={props.futureDay || conflict !== null} onClick={props.onEdit}>
            {TEXTS.edit}
          </button>
        )}
      </div>
      <ConfirmModal
        open={confirmOpen}
        title={TEXTS.submitTitle}
        confirmLabel="Conferma"
        cancelLabel="Annulla"
        busy={busy}
        onConfirm={() => void confirmSubmit()}
        onClose={() => setConfirmOpen(false)}
      >
        {early && (
          <p className="confirm-warning" role="alert">
            {early}
          </p>
        )}
        <p>{TEXTS.submitBody}</p>
        <dl className="confirm-details">
          <dt>Giorno</dt>
          <dd>{formatItalianDate(props.reportKey.day)}</dd>
          <dt>Turno</dt>
          <dd>{props.shiftName}</dd>
          <dt>Linea</dt>
          <dd>{props.reportKey.lineName}</dd>
        </dl>
      </ConfirmModal>
    </div>
  );
}
