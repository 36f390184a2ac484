/**
 * Where the chatbots lead (line log §4.1, §6): after a stop is recorded, 1 second later, and with
 * 'Torna al Registro di Linea', to /report-miglioramento for the support role, else to
 * /report-operatore. The line log opens the bots with `?day=` (and may add `shift_code`,
 * `line_id`); those are handed back, so the log reopens where the user left it.
 */

import type { Choice, TimesInput } from './draft.js';
import { romeWallClock } from './times.js';

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

/**
 * 'Classifica' on a detected stop (docs/machine-signals.md) adds `detected_stop_id`, the machine
 * (`equipment_id`, `equipment_name`) and its times (`start`, and `end` unless it is still stopped:
 * then the end is now), all with the plant's offset; the bot starts with them filled in.
 */
export function readDetectedStop(search: string, now: Date): { id: number; equipment: Choice; times: TimesInput } | null {
  const params = new URLSearchParams(search);
  const id = Number(params.get('detected_stop_id'));
  const equipmentId = Number(params.get('equipment_id'));
  const equipmentName = params.get('equipment_name')?.trim();
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const wall = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isSafeInteger(equipmentId) || equipmentId <= 0 || !equipmentName || !wall.test(start)) return null;
  const until = wall.test(end) ? { day: end.slice(0, 10), time: end.slice(11, 16) } : romeWallClock(now);
  return {
    id,
    equipment: { id: equipmentId, name: equipmentName },
    times: { startDate: start.slice(0, 10), startTime: start.slice(11, 16), endDate: until.day, endTime: until.time },
  };
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
