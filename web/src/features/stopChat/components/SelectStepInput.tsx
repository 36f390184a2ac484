/**
 * A list step (line, equipment, area, stop code, triggering event, reason): one chip per option
 * and the text box, whose text is matched against the names (line log §5). The current choice
 * (an earlier answer, or the area auto-selected after a new equipment, §4.4) is marked, with a
 * line saying so; a tap on any chip answers.
 */
import { ChatChips } from '../../../components/chat/ChatChips.js';
import { ChatComposer } from '../../../components/chat/ChatComposer.js';
import type { Choice } from '../model/draft.js';
import { STEP_LABELS, textLimit, type StepId } from '../model/steps.js';

/** Props of SelectStepInput. */
export interface SelectStepInputProps {
  step: StepId;
  /** null while loading. */
  options: readonly Choice[] | null;
  current: Choice | null;
  failed: boolean;
  error: string | null;
  onRetry(): void;
  onChoose(choice: Choice): void;
  onSend(text: string): void;
}

/** Chips, current-choice hint and text box. */
export function SelectStepInput({ step, options, current, failed, error, onRetry, onChoose, onSend }: SelectStepInputProps) {
  const shownCurrent = current && options?.some((o) => o.id === current.id) ? current : null;
  return (
    <div className="chat-input-select">
      {shownCurrent && (
        <p className="chat-hint">
          Scelta attuale: <strong>{shownCurrent.name}</strong>. Toccala per confermare o scegli un'altra voce.
        </p>
      )}
      {options === null ? (
        failed ? (
          <p className="chat-hint chat-hint-error">
            Caricamento delle voci non riuscito.{' '}
            <button type="button" className="chat-link-button" onClick={onRetry}>
              Riprova
            </button>
          </p>
        ) : (
          <p className="chat-hint">Caricamento delle voci…</p>
        )
      ) : (
        <ChatChips
          chips={options.map((o) => ({ key: o.id, label: o.name, choice: o }))}
          ariaLabel={`Opzioni: ${STEP_LABELS[step]}`}
          currentKey={shownCurrent?.id ?? null}
          onChoose={(chip) => onChoose(chip.choice)}
        />
      )}
      <ChatComposer limit={textLimit(step)} placeholder="Scrivi o tocca un'opzione" disabled={options === null} error={error} onSend={onSend} />
    </div>
  );
}
