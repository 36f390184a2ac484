/**
 * The bottom of the chat: what the open step asks for (chips and text box, text box, checkboxes,
 * times form, or the confirm button). While the bot types, sends or has finished, only a
 * disabled text box is shown, so nothing can be answered before its question appears.
 */
import { currentChoice, isBusy, type ChatAction, type ChatState } from '../model/chatState.js';
import { isTextStep } from '../model/draft.js';
import { allowsEmpty, STEP_TYPE, textLimit } from '../model/steps.js';
import { ActionsStepInput } from './ActionsStepInput.js';
import { ChatComposer } from '../../../components/chat/ChatComposer.js';
import { SelectStepInput } from './SelectStepInput.js';
import { TimesStepInput } from './TimesStepInput.js';
import type { ShiftSpan } from '../model/shiftFit.js';

/** Props of ChatInputPanel. */
export interface ChatInputPanelProps {
  state: ChatState;
  dispatch(action: ChatAction): void;
  optionsFailed: boolean;
  onRetryOptions(): void;
  onConfirm(): void;
  /** The line log's `?day=`, default of the times. */
  day: string | null;
  /** The shift the line log was open on (the times default inside it), and the shop floor. */
  logShift: ShiftSpan | null;
  shopFloorId: string;
}

/** The open step's input. */
export function ChatInputPanel({ state, dispatch, optionsFailed, onRetryOptions, onConfirm, day, logShift, shopFloorId }: ChatInputPanelProps) {
  const { step, draft } = state;
  if (isBusy(state)) {
    const placeholder = state.done ? 'Stop registrato' : state.sending ? 'Registrazione in corso…' : 'Il bot sta scrivendo…';
    return (
      <div className="chat-input">
        <ChatComposer key="busy" limit={textLimit(step)} placeholder={placeholder} disabled onSend={() => undefined} />
      </div>
    );
  }
  const send = (text: string) => dispatch({ type: 'send', text });
  const type = STEP_TYPE[step];
  return (
    <div className="chat-input" data-step={step}>
      {type === 'select' && (
        <SelectStepInput
          key={step}
          step={step}
          options={state.options}
          current={currentChoice(state)}
          failed={optionsFailed}
          error={state.inputError}
          onRetry={onRetryOptions}
          onChoose={(choice) => dispatch({ type: 'choose', choice })}
          onSend={send}
        />
      )}
      {type === 'text' && isTextStep(step) && (
        <ChatComposer
          key={step}
          limit={textLimit(step)}
          initial={draft[step]}
          rows={3}
          placeholder={allowsEmpty(step) ? 'Scrivi una nota (facoltativa) o invia vuoto' : 'Scrivi la risposta'}
          error={state.inputError}
          onSend={send}
          onChange={(text) => dispatch({ type: 'editText', step, text })}
        />
      )}
      {type === 'actions' && (
        <ActionsStepInput actions={draft.actions} onChange={(actions) => dispatch({ type: 'setActions', actions })} onSubmit={() => dispatch({ type: 'submitActions' })} />
      )}
      {type === 'times' && (
        <TimesStepInput
          value={draft.times}
          day={day}
          logShift={logShift}
          shopFloorId={shopFloorId}
          onChange={(times) => dispatch({ type: 'editTimes', times })}
          onSubmit={(times, shift) => dispatch({ type: 'submitTimes', times, shift })}
        />
      )}
      {type === 'confirm' && (
        <div className="chat-input-confirm">
          <button type="button" className="button button-primary chat-submit" onClick={onConfirm}>
            Conferma e registra
          </button>
        </div>
      )}
    </div>
  );
}
