/**
 * Where the chatbots lead (line log §4.1, §6): after a stop is recorded, 1 second later, and with
 * 'Torna al Registro di Linea', to /report-miglioramento for the support role, else to
 * /report-operatore. The line log opens the bots with `?day=` (and may add `shift_code`,
 * `line_id`); those are handed back, so the log reopens where the user left it.
 */

/** §4.1, §9: the pause between the success message and the redirect. */
export const REDIRECT_DELAY_MS = 1000;

/** The query the line log passes to a bot. */
export interface ChatParams {
  day: string | null;
  shiftCode: string | null;
  lineId: string | null;
}

const LINE_LOG_KEYS = [
  ['day', 'day'],
  ['shift_code', 'shiftCode'],
  ['line_id', 'lineId'],
] as const;

/** Reads `day`, `shift_code` and `line_id` from a location search ('' when absent → null). */
export function readChatParams(search: string): ChatParams {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(key)?.trim() || null;
  return { day: get('day'), shiftCode: get('shift_code'), lineId: get('line_id') };
}

/** The line log of the role (the role is the username stored at login). */
export function lineLogPath(role: string | null | undefined, params?: ChatParams): string {
  const path = role === 'support' ? '/report-miglioramento' : '/report-operatore';
  if (!params) return path;
  const query = new URLSearchParams();
  for (const [key, field] of LINE_LOG_KEYS) {
    const value = params[field];
    if (value) query.set(key, value);
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}
