import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../shifts/calendar.js';
import type { ReportContent } from './events.js';
import { MAX_PIECES, MAX_REPORT_HOURS, PIECES_TOO_LARGE, tooLong } from '../shared/bounds.js';
import { charCount } from '../shared/text.js';

/** Spec §5 and §9: at most 10 machine-note rows. */
export const MAX_MACHINE_NOTE_ROWS = 10;
/** Caps that keep one report a page of text, not a dump. */
export const MAX_NOTES_LENGTH = 5000;
export const MAX_CELL_LENGTH = 1000;

const REQUIRED = 'Obbligatorio';
const NON_NEGATIVE = 'Deve essere maggiore o uguale a 0';
const NOT_A_NUMBER = 'Deve essere un numero';

/** The plant's calendar day at `now`: a report for a later day is refused (spec §5, §6). */
export const plantToday = (now: Date): string => DateTime.fromJSDate(now, { zone: PLANT_ZONE }).toISODate()!;

export const isFutureDay = (day: string, now: Date): boolean => day > plantToday(now);

const isBlank = (s: string | undefined | null) => (s ?? '').trim().length === 0;

const hoursText = (h: number) => String(Math.round(h * 100) / 100).replace('.', ',');

/**
 * Values no report may hold, draft or not, under the spec's field names: negative or
 * absurd figures (above MAX_PIECES, not finite), more hours than the shift lasts, too many machine-note rows, columns that
 * are not the shop floor's report labels, over-long texts.
 */
export function invalidContent(content: ReportContent, labels: readonly string[], shiftHours: number): Record<string, string> {
  const bad: Record<string, string> = {};
  if (charCount(content.notes) > MAX_NOTES_LENGTH) bad.notes = tooLong(MAX_NOTES_LENGTH);
  const rows = content.machineNotes;
  const unknown = [...new Set(rows.flatMap((r) => Object.keys(r)).filter((k) => !labels.includes(k)))];
  if (rows.length > MAX_MACHINE_NOTE_ROWS) bad.machine_notes = `Al massimo ${MAX_MACHINE_NOTE_ROWS} righe`;
  else if (unknown.length > 0) bad.machine_notes = `Colonne sconosciute: ${unknown.join(', ')} (ammesse: ${labels.join(', ') || 'nessuna'})`;
  else if (rows.some((r) => Object.values(r).some((v) => charCount(v) > MAX_CELL_LENGTH))) bad.machine_notes = `Al massimo ${MAX_CELL_LENGTH} caratteri per cella`;
  const pieces = (v: number | null) => (v === null ? null : !Number.isFinite(v) ? NOT_A_NUMBER : v < 0 ? NON_NEGATIVE : v > MAX_PIECES ? PIECES_TOO_LARGE : null);
  const volume = pieces(content.productionVolume);
  if (volume) bad.production_volume = volume;
  const waste = pieces(content.waste);
  if (waste) bad.waste = waste;
  if (content.workingTime !== null) {
    if (!Number.isFinite(content.workingTime)) bad.working_time = NOT_A_NUMBER;
    else if (content.workingTime < 0) bad.working_time = NON_NEGATIVE;
    else if (content.workingTime > MAX_REPORT_HOURS) bad.working_time = `Al massimo ${MAX_REPORT_HOURS} ore`;
    else if (content.workingTime > shiftHours + 1e-9) bad.working_time = `Al massimo ${hoursText(shiftHours)} ore (durata del turno)`;
  }
  return bad;
}

/** Machine notes count as filled when at least one cell of one row has text. */
const hasMachineNotes = (content: ReportContent) => content.machineNotes.some((r) => Object.values(r).some((v) => !isBlank(v)));

/** What a submit needs (spec §5): notes, machine notes, volume, scrap and hours, each named when missing. */
export function missingForSubmit(content: ReportContent): Record<string, string> {
  const missing: Record<string, string> = {};
  if (isBlank(content.notes)) missing.notes = REQUIRED;
  if (!hasMachineNotes(content)) missing.machine_notes = REQUIRED;
  if (content.productionVolume === null) missing.production_volume = REQUIRED;
  if (content.waste === null) missing.waste = REQUIRED;
  if (content.workingTime === null) missing.working_time = REQUIRED;
  return missing;
}

/** An autosave that changes nothing records nothing. */
export function sameContent(a: ReportContent, b: ReportContent): boolean {
  const norm = (c: ReportContent) =>
    JSON.stringify([c.notes, c.machineNotes.map((r) => Object.entries(r).sort(([x], [y]) => x.localeCompare(y))), c.productionVolume, c.waste, c.workingTime]);
  return norm(a) === norm(b);
}
