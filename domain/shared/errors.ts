/**
 * A refusal the user can act on. The stable `code` is for clients and tests; the
 * `message` is the Italian text the UI shows where the spec names one.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 431 | 503,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const validationError = (message: string, fields?: Record<string, string>) => new DomainError('VALIDATION_FAILED', 400, message, fields);
export const notFound = (message: string) => new DomainError('NOT_FOUND', 404, message);
export const conflict = (code: string, message: string) => new DomainError(code, 409, message);
export const forbidden = (message = 'Operazione non consentita per il tuo ruolo') => new DomainError('FORBIDDEN', 403, message);
