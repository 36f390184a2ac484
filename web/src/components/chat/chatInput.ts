import { charCount } from '../../lib/text.js';

/**
 * The chat text box's rules shared by the stop chats and the assistants (line log §5 "Chatbot
 * text input", §4.8): Enter sends, Shift+Enter starts a new line, a counter shows the characters
 * against the box's limit.
 */

/** The parts of a key event the decision needs. */
export interface KeyLike {
  key: string;
  shiftKey: boolean;
  /** True while an input method composes a character (Enter then confirms the character). */
  isComposing?: boolean;
}

/** True when the key press sends the text: Enter without Shift, outside a composition. */
export function isSubmitKey(e: KeyLike): boolean {
  return e.key === 'Enter' && !e.shiftKey && !e.isComposing;
}

/** '12/250'. */
export function counterText(text: string, limit: number): string {
  return `${charCount(text)}/${limit}`;
}
