/**
 * How the line log reacts to a failed call (line log §8 and the resilience rules in
 * web/README.md): the shared rules of lib/autosave.ts (a network or server failure is tried again
 * with a growing delay and the typed text stays on screen; a refusal shows the server's message;
 * a 409 offers a reload; a 401 asks for the password again in place), and the line log's own
 * notice of a failed explicit save.
 */
export { CONCURRENT_DEFAULT, classifyFailure, fieldMessages, retryDelayMs, RETRY_NOTICE, type Failure, type FailureKind } from '../../../lib/failures.js';

/** The notice of a failed explicit save (the improvement role's 'Salva Report'). */
export const SAVE_FAILED = 'Salvataggio non riuscito: i dati inseriti sono ancora qui, riprova tra poco';
