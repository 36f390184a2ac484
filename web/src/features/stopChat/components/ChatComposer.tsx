/**
 * The chat's text box (line log §5): Enter sends, Shift+Enter adds a line, a counter shows the
 * characters against the step's limit (250; 1000 for the corrective action), and the box empties
 * once something is sent. Whether an empty text is refused is the state machine's call.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { textLimit, type StepId } from '../steps.js';
import { counterText, isSubmitKey } from '../textInput.js';

/** Props of ChatComposer. */
export interface ChatComposerProps {
  step: StepId;
  /** The text to start from (an earlier answer of this step, so nothing typed is lost). */
  initial?: string;
  placeholder: string;
  disabled?: boolean;
  /** A refusal to show under the box (e.g. an empty text). */
  error?: string | null;
  /** Rows of the box: 1 for a list step, more for a description. */
  rows?: number;
  onSend(text: string): void;
}

/** Textarea, counter and 'Invia'. */
export function ChatComposer({ step, initial = '', placeholder, disabled = false, error, rows = 1, onSend }: ChatComposerProps) {
  const [value, setValue] = useState(initial);
  const id = useId();
  const limit = textLimit(step);

  function send() {
    if (disabled) return;
    onSend(value);
    if (value.trim() !== '') setValue('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (!isSubmitKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing })) return;
    e.preventDefault();
    send();
  }

  const showError = !!error && value.trim() === '';
  return (
    <div className="chat-composer">
      <div className="chat-composer-row">
        <textarea
          className="chat-textarea"
          aria-label="Risposta"
          aria-describedby={`${id}-counter${showError ? ` ${id}-error` : ''}`}
          aria-invalid={showError || undefined}
          value={value}
          rows={rows}
          maxLength={limit}
          placeholder={placeholder}
          disabled={disabled}
          onChange={(e) => setValue(e.target.value.slice(0, limit))}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button button-primary chat-send" disabled={disabled} onClick={send}>
          Invia
        </button>
      </div>
      <div className="chat-composer-meta">
        {showError ? (
          <span className="chat-input-error" id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : (
          <span className="chat-composer-help">Invio per inviare, Maiusc+Invio per andare a capo</span>
        )}
        <span className="chat-counter" id={`${id}-counter`}>
          {counterText(value, step)}
        </span>
      </div>
    </div>
  );
}
