/**
 * The insert form of the DBR page (foundations §2 'Azioni DBR', §5): day, shift ('Fine gg' first),
 * line, equipment ('Non specificato' first), the optional loss it targets ('Macchina', 'Codice di
 * stop'; ours, docs/dbr-actions.md), Responsabile, Supportato da, Attività with its counter out of
 * 250, and 'CONFERMA e INVIA', disabled while owner or activity is blank.
 * The texts are kept on the device until the action is inserted (model/dbrDraft.ts): coming back
 * shows them again with 'Ricomincia', and leaving with text typed asks first.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { LeaveGuard } from '../../../components/LeaveGuard.js';
import { ApiError } from '../../../lib/api.js';
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import { getStoredRole } from '../../../lib/session.js';
import { dbrDraftKey, hasDbrText, NO_DBR_TEXTS, readDbrTexts, writeDbrTexts, type DbrTexts } from '../model/dbrDraft.js';
import { createDbrAction } from '../api/dbrActions.js';
import { canSubmit, dbrActionPayload, ACTIVITY_MAX, TEXT_MAX } from '../model/dbrForm.js';
import { counterText } from '../model/dbrFormat.js';
import { DbrSelectors } from './DbrSelectors.js';
import { DbrTargetPickers, NO_DBR_TARGET, type DbrTarget } from './DbrTargetPickers.js';
import type { DbrSelection } from './useDbrSelection.js';
import { clipChars, unitsFor } from '../../../lib/text.js';

export interface DbrActionFormProps {
  selection: DbrSelection;
  /** After a creation: the day and line it was made for. */
  onCreated(where: { day: string; lineId: string }): void | Promise<void>;
  onFailed(message: string): void;
}

/** The refusal as the form shows it: the server's message and each field's reason. */
export function createFailureText(err: unknown): string {
  if (!(err instanceof ApiError) || !err.message) return 'Inserimento non riuscito: controlla la connessione e riprova.';
  const labels: Record<string, string> = {
    owner: 'Responsabile',
    supportBy: 'Supportato da',
    activity: 'Attività',
    line: 'Linea',
    equipment: 'Dispositivo',
    due_shift: 'Turno',
    day: 'Giorno',
    target_equipment: 'Macchina',
    target_stop_code: 'Codice di stop',
  };
  const reasons = Object.entries(err.fields ?? {}).map(([f, why]) => `${labels[f] ?? f}: ${String(why)}`);
  return reasons.length > 0 ? `${err.message} (${reasons.join('; ')})` : err.message;
}

export function DbrActionForm({ selection, onCreated, onFailed }: DbrActionFormProps) {
  const id = useId();
  const [key] = useState(() => dbrDraftKey(getStoredRole() ?? ''));
  const [restored] = useState(() => readDbrTexts(key));
  const [texts, setTexts] = useState<DbrTexts>(() => restored ?? NO_DBR_TEXTS);
  const [restoredShown, setRestoredShown] = useState(restored !== null);
  const { owner, supportBy, activity } = texts;
  const set = (field: keyof DbrTexts) => (value: string) => setTexts((t) => ({ ...t, [field]: value }));
  useEffect(() => writeDbrTexts(key, texts, new Date()), [key, texts]);
  const [sending, setSending] = useState(false);
  const [lineMissing, setLineMissing] = useState(false);
  // The target belongs to the line it was chosen on: another line starts from none.
  const [targetOf, setTargetOf] = useState<{ lineId: string; target: DbrTarget }>({ lineId: '', target: NO_DBR_TARGET });
  const target = targetOf.lineId === selection.lineId ? targetOf.target : NO_DBR_TARGET;
  const ready = canSubmit({ owner, activity });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || sending) return;
    if (!selection.line) {
      setLineMissing(true);
      return;
    }
    setSending(true);
    try {
      const form = {
        day: selection.day,
        shiftCode: selection.shiftCode,
        lineId: selection.lineId,
        equipmentId: selection.equipmentId,
        owner,
        supportBy,
        activity,
        targetEquipmentId: target.equipmentId,
        targetStopCodeId: target.stopCodeId,
      };
      await createDbrAction(dbrActionPayload(form, { lineName: selection.line.name, shiftId: selection.shift?.id ?? null, shopFloorId: selection.shopFloorId }));
      setTexts(NO_DBR_TEXTS);
      setTargetOf({ lineId: '', target: NO_DBR_TARGET });
      setRestoredShown(false);
      await onCreated({ day: selection.day, lineId: selection.lineId });
    } catch (err) {
      console.error('Inserimento dell’azione DBR non riuscito', err);
      onFailed(createFailureText(err));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="card dbra-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)}>
      <h2 className="dbra-section-title" id={`${id}-title`}>
        Nuova azione DBR
      </h2>
      <DbrSelectors
        selection={{
          ...selection,
          setLineId: (v) => {
            setLineMissing(false);
            selection.setLineId(v);
          },
        }}
        name="form"
        shiftFirst="Fine gg"
        equipmentFirst="Non specificato"
      />
      <DbrTargetPickers lineId={selection.lineId} value={target} onChange={(t) => setTargetOf({ lineId: selection.lineId, target: t })} name="form" />
      {restoredShown && restored && (
        <p className="dbra-restored" role="status">
          Ripreso il testo non inviato del {formatItalianDate(restored.at)} {formatTime(restored.at)}.{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setTexts(NO_DBR_TEXTS);
              setRestoredShown(false);
            }}
          >
            Ricomincia
          </button>
        </p>
      )}
      {lineMissing && (
        <p className="form-error" role="alert">
          Seleziona una linea.
        </p>
      )}
      <div className="dbra-form-texts">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-owner`}>
            Responsabile
          </label>
          <textarea id={`${id}-owner`} name="owner" rows={2} maxLength={unitsFor(TEXT_MAX)} value={owner} onChange={(e) => set('owner')(clipChars(e.target.value, TEXT_MAX))} />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-support`}>
            Supportato da
          </label>
          <textarea
            id={`${id}-support`}
            name="supportBy"
            rows={2}
            maxLength={unitsFor(TEXT_MAX)}
            value={supportBy}
            onChange={(e) => set('supportBy')(clipChars(e.target.value, TEXT_MAX))}
          />
        </div>
        <div className="field dbra-form-activity">
          <label className="field-label" htmlFor={`${id}-activity`}>
            Attività
          </label>
          <textarea
            id={`${id}-activity`}
            name="activity"
            rows={3}
            maxLength={unitsFor(ACTIVITY_MAX)}
            value={activity}
            aria-describedby={`${id}-counter`}
            onChange={(e) => set('activity')(clipChars(e.target.value, ACTIVITY_MAX))}
          />
          <span className="dbra-counter" id={`${id}-counter`} aria-live="polite">
            {counterText(activity, ACTIVITY_MAX)}
          </span>
        </div>
      </div>
      <div className="dbra-form-actions">
        <button type="submit" className="button button-primary" disabled={!ready || sending} aria-busy={sending || undefined}>
          CONFERMA e INVIA
        </button>
      </div>
      <LeaveGuard when={hasDbrText(texts) && !sending} title="Uscire dalla pagina?" leaveLabel="Esci" stayLabel="Resta">
        <p>L'azione DBR non è ancora inserita. Il testo resta su questo dispositivo: tornando qui lo ritrovi.</p>
      </LeaveGuard>
    </form>
  );
}
