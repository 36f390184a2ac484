/**
 * The report's form as the line log holds it (texts, as typed) and the rules around it: reading
 * the figures, the payload of save/submit/update, when 'CONFERMA e INVIA REPORT' is enabled and
 * which message a refused attempt shows (line log §5). Pure, so it is unit tested.
 */
import { hasMachineNotes, rowsForLabels, type MachineNoteRow } from './machineNotes.js';
import { formatTime } from '../../../lib/dates.js';

/** What the user types; figures stay text so a half-typed '7,' is never lost. */
export interface ReportForm {
  notes: string;
  rows: MachineNoteRow[];
  volume: string;
  waste: string;
  hours: string;
}

/** The report's content as the calls send it (docs/line-log.md "Save / submit / update"). */
export interface ReportContent {
  notes: string;
  machine_notes: MachineNoteRow[];
  production_volume: number | null;
  waste: number | null;
  working_time: number | null;
}

/** The figure fields, by their form names. */
export type FigureField = 'volume' | 'waste' | 'hours';

/** Per-field messages of figures that cannot be saved. */
export type FigureErrors = Partial<Record<FigureField, string>>;

/** Longest shift notes the server keeps. */
export const MAX_NOTES_LENGTH = 5000;

export const SUBMIT_MESSAGES = {
  alreadySubmitted: 'Report già inviato',
  futureDay: 'Non puoi inviare report per giorni futuri',
  incomplete: 'Compila correttamente tutti i dati prima di inviare',
} as const;

const NOT_A_NUMBER = 'Deve essere un numero';
const NEGATIVE = 'Deve essere maggiore o uguale a 0';
const THOUSANDS = 'Scrivi il numero senza punti delle migliaia (decimali con la virgola)';

/** A figure read from text: null when empty, a number, or the reason it is not one. */
export type ParsedFigure = { ok: true; value: number | null } | { ok: false; error: string };

/**
 * Reads a typed figure: '' is not filled in, '7,5' and '7.5' are 7.5. '11.000' is refused rather
 * than read as 11: on an Italian keyboard it means eleven thousand.
 */
export function parseFigure(text: string): ParsedFigure {
  const t = text.trim();
  if (t === '') return { ok: true, value: null };
  if (/^-\s*(\d|[.,]\d)/.test(t)) return { ok: false, error: NEGATIVE };
  if (/^\d{1,3}(\.\d{3})+$/.test(t)) return { ok: false, error: THOUSANDS };
  if (!/^(\d+([.,]\d*)?|[.,]\d+)$/.test(t)) return { ok: false, error: NOT_A_NUMBER };
  return { ok: true, value: Number(t.replace(',', '.')) };
}

/** A number as the form shows it: Italian decimal comma, '' for none. */
export function formatFigure(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}

/** Hours between two instants (the shift's length, the upper bound of 'Ore Lavorate'). */
export function shiftLengthHours(start: string, end: string): number | null {
  const ms = Date.parse(end) - Date.parse(start);
  return Number.isFinite(ms) && ms > 0 ? ms / 3_600_000 : null;
}

function hoursText(h: number): string {
  return String(Math.round(h * 100) / 100).replace('.', ',');
}

/** The saved report (GET /factory/shift_notes), as far as the form needs it. */
export interface SavedReport {
  notes: string | null;
  machine_notes: ReadonlyArray<Record<string, unknown>> | null;
  production_volume: number | null;
  waste: number | null;
  working_time: number | null;
}

/** The form for a saved (or empty) report and the shop floor's labels. */
export function formFromReport(report: SavedReport | null | undefined, labels: readonly string[]): ReportForm {
  return {
    notes: report?.notes ?? '',
    rows: rowsForLabels(report?.machine_notes, labels),
    volume: formatFigure(report?.production_volume),
    waste: formatFigure(report?.waste),
    hours: formatFigure(report?.working_time),
  };
}

/** The content to send, or the per-field errors that keep it from being sent. */
export type BuiltContent = { ok: true; content: ReportContent } | { ok: false; errors: FigureErrors };

/**
 * The form as the calls send it. Rows keep exactly the labels' columns. Figures that are not
 * numbers, negative, or (hours) longer than the shift are reported instead, as the server would
 * refuse them; `shiftHours` null skips the last check.
 */
export function buildContent(form: ReportForm, labels: readonly string[], shiftHours: number | null): BuiltContent {
  const errors: FigureErrors = {};
  const values: Record<FigureField, number | null> = { volume: null, waste: null, hours: null };
  for (const field of ['volume', 'waste', 'hours'] as const) {
    const parsed = parseFigure(form[field]);
    if (parsed.ok) values[field] = parsed.value;
    else errors[field] = parsed.error;
  }
  if (!errors.hours && values.hours !== null && shiftHours !== null && values.hours > shiftHours + 1e-9) {
    errors.hours = `Al massimo ${hoursText(shiftHours)} ore (durata del turno)`;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    content: {
      notes: form.notes,
      machine_notes: form.rows.map((r) => Object.fromEntries(labels.map((l) => [l, r[l] ?? '']))),
      production_volume: values.volume,
      waste: values.waste,
      working_time: values.hours,
    },
  };
}

/** The report's key: which line, day and shift it belongs to. */
export interface ReportKey {
  day: string;
  shiftCode: string;
  lineName: string;
}

/**
 * Spec §5: submit is enabled only when day, line, shift, notes (non-blank), machine notes
 * (non-blank), production volume, scrap and working hours are all filled (and readable).
 */
export function isReportComplete(key: Partial<ReportKey>, form: ReportForm): boolean {
  if (!key.day || !key.lineName || !key.shiftCode) return false;
  if (form.notes.trim() === '' || !hasMachineNotes(form.rows)) return false;
  return (['volume', 'waste', 'hours'] as const).every((f) => {
    const parsed = parseFigure(form[f]);
    return parsed.ok && parsed.value !== null;
  });
}

/** What decides a submit attempt, in the server's order. */
export interface SubmitCheck {
  confirmed: boolean;
  day: string;
  today: string;
  complete: boolean;
  /** The shift's start (ISO) and the attempt's moment (ms): a shift that has not begun cannot be sent. */
  shift?: { start: string; now: number };
}

/** The server's refusal of a shift that has not begun (SHIFT_NOT_STARTED), in the same words. */
export const shiftNotStartedText = (start: string) => `Il turno inizia alle ${formatTime(start)}: il report si può inviare solo dopo l'inizio del turno`;

/** The question a send before the shift's end asks ('Il turno finisce alle 22:00: inviare adesso?'); null once it has ended. */
export function earlySendQuestion(end: string, now: number): string | null {
  return now < Date.parse(end) ? `Il turno finisce alle ${formatTime(end)}: inviare adesso?` : null;
}

/** The message of a refused attempt (shown for 3 seconds), or null when the attempt may go on. */
export function submitRefusal(check: SubmitCheck): string | null {
  if (check.confirmed) return SUBMIT_MESSAGES.alreadySubmitted;
  if (check.day > check.today) return SUBMIT_MESSAGES.futureDay;
  if (check.shift && check.shift.now < Date.parse(check.shift.start)) return shiftNotStartedText(check.shift.start);
  if (!check.complete) return SUBMIT_MESSAGES.incomplete;
  return null;
}

/** A stable text of the content, to tell whether a draft still differs from what was saved. */
export function contentFingerprint(content: ReportContent): string {
  return JSON.stringify([content.notes, content.machine_notes, content.production_volume, content.waste, content.working_time]);
}
