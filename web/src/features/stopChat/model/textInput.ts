/**
 * Which texts the stop chats accept (§5 "Chatbot text input"): within the step's limit (250, 1000
 * for the corrective action), and not blank unless the step allows it. The box itself (keys,
 * counter) is the shared one in components/chat.
 */
import { allowsEmpty, textLimit, type StepId } from './steps.js';
import { charCount } from '../../../lib/text.js';

/** True when the text may be sent at this step: within the limit, and not blank unless the step allows it. */
export function canSendText(text: string, step: StepId): boolean {
  if (charCount(text) > textLimit(step)) return false;
  return allowsEmpty(step) || text.trim() !== '';
}
