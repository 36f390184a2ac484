import { ApiError } from '../../../lib/api.js';

/** A failed call as a form shows it: the server's message, and its message per field. */
export function formErrors(err: unknown): { message: string; fields: Record<string, string> } {
  if (!(err instanceof ApiError)) return { message: 'Errore di rete: riprova', fields: {} };
  const fields = Object.fromEntries(Object.entries(err.fields ?? {}).map(([k, v]) => [k, String(v)]));
  return { message: err.message, fields };
}
