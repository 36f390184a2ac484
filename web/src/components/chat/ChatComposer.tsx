/**
 * The chat's text box (line log §5, §4.8): Enter sends, Shift+Enter adds a line, a counter shows
 * the characters against the limit (250; 1000 for the corrective action), and the box empties
 * once something is sent. Whether an empty text is refused is the caller's call.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { counterText, isSubmitKey } from './chatInput.js';
import { CHAT_LABELS_IT, type ChatLabels } from './labels.js';
import { clipChars, unitsFor } from '../../lib/text.js';

/** Props of ChatComposer. */
export interface ChatComposerProps {
  /** Maximum characters (`maxlength` and the counter). */
  limit: number;
  /** The text to start from (an earlier answer of this step, so nothing typed is lost). */
  initial?: string;
  placeholder: string;
  disabled?: boolean;
  /** A refusal to show under the box (e.g. an empty text). */
  error?: string | null;
  /** Rows of the box: 1 for a list step, more for a description. */
  rows?: number;
  labels?: ChatLabels;
  onSend(text: string): void;
  /** Every change of the text, so the caller can keep what is typed before it is sent. */
  onChange?(text: string): void;
}

/** Textarea, counter and the send button. */
export function ChatComposer({ limit, initial = '', placeholder, disabled = false, error, rows = 1, labels = CHAT_LABELS_IT, onSend, onChange }: ChatComposerProps) {
  const [value, setValue] = useState(initial);
  const id = useId();

  function change(text: string) {
    setValue(text);
    onChange?.(text);
  }

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
          aria-label={labels.answer}
          aria-describedby={`${id}-counter${showError ? ` ${id}-error` : ''}`}
          aria-invalid={showError || undefined}
          value={value}
          rows={rows}
          maxLength={unitsFor(limit)}
          placeholder={placeholder}
          disabled={disabled}
          enterKeyHint="send"
          onChange={(e) => change(clipChars(e.target.value, limit))}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button button-primary chat-send" disabled={disabled} onClick={send}>
          {labels.send}
        </button>
      </div>
      <div className="chat-composer-meta">
        {showError ? (
          <span className="chat-input-error" id={`${id}-error`} role="alert">
            {error}
          </span>
        ) : (
          <span className="chat-composer-help">{labels.keysHelp}</span>
        )}
        <span className="chat-counter" id={`${id}-counter`}>
          {counterText(value, limit)}
        </span>
      </div>
    </div>
  );
}
