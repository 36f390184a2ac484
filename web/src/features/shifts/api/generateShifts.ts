/**
 * Shift generation (foundations §2 Admin, §3 "Shift generation payload", §7): the admin creates
 * a shop floor's shifts for a range of days from its shift patterns. Days that already have a
 * shift of a code keep it, so repeating a range is harmless; `created` counts only new shifts.
 */
import { apiFetch } from '../../../lib/api.js';

/** The spec's payload. */
export interface GenerateShiftsInput {
  shop_floor_id: number | string;
  start_date: string;
  end_date: string;
}

/** The server's answer (docs/plant.md): the range and how many shifts were new. */
export interface GenerateShiftsResult {
  shop_floor_id: number;
  start_date: string;
  end_date: string;
  created: number;
}

/** POST /admin/generate-shifts; errors are ApiError with the server's Italian message. */
export function generateShifts(input: GenerateShiftsInput): Promise<GenerateShiftsResult> {
  return apiFetch<GenerateShiftsResult>('/admin/generate-shifts', { method: 'POST', json: input, creates: true });
}
