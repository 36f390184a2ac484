/**
 * The chat's text box rules (§5 "Chatbot text input"): Enter sends, Shift+Enter starts a new line,
 * a counter shows the characters against the step's limit (250, 1000 for the corrective action).
 */
import { allowsEmpty, textLimit, type StepId } from './steps.js';

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
export function counterText(text: string, step: StepId): string {
  return `${text.length}/${textLimit(step)}`;
}

/** True when the text may be sent at this step: within the limit, and not blank unless the step allows it. */
export function canSendText(text: string, step: StepId): boolean {
  if (text.length > textLimit(step)) return false;
  return allowsEmpty(step) || text.trim() !== '';
}
