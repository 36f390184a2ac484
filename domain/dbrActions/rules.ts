import { z } from 'zod';
import { DomainError, notFound } from '../shared/errors.js';
import { maxChars } from '../shared/bounds.js';

/** Activity at most 250 characters (foundations §2, §5, §9); owner and support get the same room. */
export const DBR_TEXT_MAX = 250;

/** Trimmed, not blank, at most DBR_TEXT_MAX characters. */
export const requiredDbrText = z.string({ error: 'Obbligatorio' }).trim().min(1, 'Obbligatorio').pipe(maxChars(DBR_TEXT_MAX));

/** Optional text (support): null, omitted and blank are "none"; otherwise trimmed and at most DBR_TEXT_MAX. */
export const optionalDbrText = z
  .union([z.string(), z.null()], { error: 'Deve essere un testo' })
  .optional()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
  .pipe(maxChars(DBR_TEXT_MAX).nullable());

export const DBR_ACTION_NOT_FOUND = 'Azione DBR non trovata';
export const dbrActionNotFound = () => notFound(DBR_ACTION_NOT_FOUND);

/** The form's refusal message when a field is wrong (fields name each). */
export const INVALID_DBR_ACTION = 'Azione DBR non valida';

/** 404 naming what the form pointed at that does not exist (line, equipment, shift). */
export const dbrReferenceNotFound = (message: string, field: string) => new DomainError('NOT_FOUND', 404, message, { [field]: message });
