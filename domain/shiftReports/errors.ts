import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../shifts/calendar.js';
import { DomainError, validationError } from '../shared/errors.js';

/** The spec's texts (line log §5, §8); the UI shows them as they come. */
export const MESSAGES = {
  alreadySubmitted: 'Report già inviato',
  futureDay: 'Non puoi inviare report per giorni futuri',
  incomplete: 'Compila correttamente tutti i dati prima di inviare',
  invalidDraft: 'Dati del report non validi',
  concurrent: 'I dati sono stati modificati da un altro utente: ricarica e riprova',
} as const;

/** The shift's start as the plant reads it ('22:00'). */
const plantTime = (instant: string) => DateTime.fromISO(instant, { zone: PLANT_ZONE }).toFormat('HH:mm');

/**
 * A report sent before its shift has begun would close a shift nobody has worked yet (its stops
 * locked, its figures invented): 409, as for any state that forbids the write.
 */
export const shiftNotStarted = (shiftStart: string) =>
  new DomainError('SHIFT_NOT_STARTED', 409, `Il turno inizia alle ${plantTime(shiftStart)}: il report si può inviare solo dopo l'inizio del turno`);

export const reportAlreadySubmitted = () => new DomainError('REPORT_ALREADY_SUBMITTED', 409, MESSAGES.alreadySubmitted);

export const futureDay = () => new DomainError('FUTURE_DAY', 400, MESSAGES.futureDay, { day: 'Giorno futuro' });

export const incompleteReport = (fields: Record<string, string>) => new DomainError('INCOMPLETE_REPORT', 400, MESSAGES.incomplete, fields);

/** Bad values; a submit or an amend says it with the submit text, a draft with its own. */
export const invalidReport = (fields: Record<string, string>, confirming: boolean) => validationError(confirming ? MESSAGES.incomplete : MESSAGES.invalidDraft, fields);

/**
 * Same code and text as a stale revision (WrongExpectedRevisionError): for the client
 * both mean "someone else wrote since you read; reload".
 */
export const changedByAnotherUser = () => new DomainError('CONCURRENT_MODIFICATION', 409, MESSAGES.concurrent);
