/**
 * What the DBR tables and the delete modal show of an action: the spec's '-' for an empty
 * equipment, support or shift name, dates dd/mm/yyyy and the execution time HH:MM.
 */
import { formatItalianDate, formatTime } from '../../../lib/dates.js';
import type { DbrAction } from '../api/dbrActions.js';

export const DASH = '-';

export const orDash = (text: string | null | undefined): string => (text && text.trim() !== '' ? text : DASH);

export const dueDateText = (a: DbrAction): string => formatItalianDate(a.due_date);
export const shiftText = (a: DbrAction): string => orDash(a.due_shift_name);
export const equipmentText = (a: DbrAction): string => orDash(a.equipment_name);
export const supportText = (a: DbrAction): string => orDash(a.support_by);
/** HH:MM in Italian time, '' while not executed. */
export const executedTime = (a: DbrAction): string => (a.executed_at ? formatTime(a.executed_at) : '');

/**
 * Sort key of the Turno column: the shift's start on the day (so A 06:00, E 08:00, B 14:00,
 * C 22:00) when known, else its name; 'Fine gg' (no shift, end of day) after every shift.
 */
export function shiftSortValue(a: DbrAction, starts: ReadonlyMap<number, string>): string {
  if (a.due_shift === null) return 'zz';
  return starts.get(a.due_shift) ?? a.due_shift_name ?? '';
}

/** The activity counter under the text area: '12/250'. */
export const counterText = (text: string, max: number): string => `${text.length}/${max}`;
