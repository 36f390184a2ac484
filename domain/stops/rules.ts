import { DateTime } from 'luxon';
import { z } from 'zod';
import { conflict, DomainError } from '../shared/errors.js';
import { PLANT_ZONE } from '../shifts/calendar.js';
import { italianDay } from '../shifts/plantOffset.js';
import { DAY_OUT_OF_RANGE, inPlantCalendar, maxChars } from '../shared/bounds.js';
import { instantMs } from '../shared/instant.js';

/** Chatbot text limits (line log §5, §9): failure mode 250, corrective action 1000; a planned note like a corrective action. */
export const FAILURE_MODE_MAX = 250;
export const CORRECTIVE_ACTION_MAX = 1000;
export const NOTES_MAX = 1000;

/**
 * How far past the server's clock a stop may end. The chatbot defaults the end to
 * "now" at minute precision and tablets' clocks drift, so a few minutes are allowed;
 * a stop that ends later than that has not happened yet.
 */
export const FUTURE_TOLERANCE_MINUTES = 5;

/** The improvement staff (and the demo and admin roles that act as it): may change stops of a submitted shift. */
export const IMPROVEMENT_ROLES: readonly string[] = ['support', 'demoit', 'demoen', 'admin'];

export const REPORT_ALREADY_SUBMITTED = 'Report già inviato';
export const CHECK_DATES = 'Controlla le date';

/** One schema per limit, built once: building a zod schema on every stop command cost tens of µs. */
const requiredTexts = new Map<number, z.ZodType<string>>();

/** A required text: trimmed, not empty (the chatbot refuses empty answers), at most `max` characters. */
export const requiredText = (max: number) => {
  let schema = requiredTexts.get(max);
  if (!schema) {
    schema = z.string({ error: 'Obbligatorio' }).trim().min(1, 'Obbligatorio').pipe(maxChars(max));
    requiredTexts.set(max, schema);
  }
  return schema;
};

/** A planned stop's note: optional, may be empty (line log §5); blank is kept as null. */
export const optionalNote = z
  .union([z.string(), z.null()], { error: 'Deve essere un testo' })
  .optional()
  .transform((v) => (v === undefined || v === null || v.trim() === '' ? null : v.trim()))
  .pipe(maxChars(NOTES_MAX).nullable());

/** Field name -> message for every bad field, or an empty object. */
export function fieldErrors(checks: Array<[field: string, schema: z.ZodType, value: unknown]>): Record<string, string> {
  const bad: Record<string, string> = {};
  for (const [field, schema, value] of checks) {
    const r = schema.safeParse(value);
    if (!r.success) bad[field] = r.error.issues[0]?.message ?? 'Non valido';
  }
  return bad;
}

const invalidTimes = (message: string, field: string, why: string) => new DomainError('INVALID_TIMES', 400, message, { [field]: why });

/**
 * End strictly after start ('Controlla le date', line log §5), not in the future beyond the
 * tolerance, and starting on a day of the plant's calendar (domain/shared/bounds.ts).
 */
export function checkTimes(startTime: string, endTime: string, now: Date): void {
  const start = instantMs(startTime);
  const end = instantMs(endTime);
  if (!inPlantCalendar(plantDay(startTime))) throw invalidTimes(`${CHECK_DATES}: ${DAY_OUT_OF_RANGE.toLowerCase()}`, 'start_time', DAY_OUT_OF_RANGE);
  if (!(end > start)) throw invalidTimes(CHECK_DATES, 'end_time', "Deve essere successiva all'inizio");
  if (end > now.getTime() + FUTURE_TOLERANCE_MINUTES * 60_000) {
    throw invalidTimes(`${CHECK_DATES}: lo stop non può finire nel futuro`, 'end_time', 'Nel futuro');
  }
}

/**
 * The longest an unplanned stop may last. The overlap rule then needs only the stops
 * that started on the stop's own plant days or the day before (docs/line-log.md, Stream
 * boundaries); a longer breakdown is recorded as one stop per day or shift.
 */
export const MAX_UNPLANNED_STOP_HOURS = 24;

/**
 * The longest a planned stop may last: a week's planned shutdown is one stop; a longer one
 * means no shifts to stop, which the calendar says by having none (docs/bounds.md).
 */
export const MAX_PLANNED_STOP_HOURS = 7 * 24;

/**
 * What is wrong with a stop's span, or null: the end after the start, at most `maxHours`
 * later, the start on a day of the plant's calendar. The event schemas hold every stop to
 * it, so no read model ever meets a stop it cannot place or sum.
 */
export function stopSpanProblem(startTime: string, endTime: string, maxHours: number): string | null {
  const start = instantMs(startTime);
  const end = instantMs(endTime);
  if (!(end > start)) return "Deve essere successiva all'inizio";
  if (end - start > maxHours * 3_600_000) return `Al massimo ${maxHours} ore dopo l'inizio`;
  if (!inPlantCalendar(plantDayAt(startTime, start))) return DAY_OUT_OF_RANGE;
  return null;
}

/** 400 for a stop longer than its kind allows (24 hours unplanned, a week planned). */
function checkLength(startTime: string, endTime: string, maxHours: number, what: string): void {
  if (instantMs(endTime) - instantMs(startTime) > maxHours * 3_600_000) {
    throw invalidTimes(`${CHECK_DATES}: uno stop ${what} dura al massimo ${maxHours} ore`, 'end_time', `Al massimo ${maxHours} ore dopo l'inizio`);
  }
}

/** 400 for an unplanned stop longer than MAX_UNPLANNED_STOP_HOURS. */
export function checkUnplannedLength(startTime: string, endTime: string): void {
  checkLength(startTime, endTime, MAX_UNPLANNED_STOP_HOURS, 'non pianificato');
}

/** 400 for a planned stop longer than MAX_PLANNED_STOP_HOURS. */
export function checkPlannedLength(startTime: string, endTime: string): void {
  checkLength(startTime, endTime, MAX_PLANNED_STOP_HOURS, 'pianificato');
}

/** An ISO instant written with its UTC offset or Z, which Date.parse reads as luxon does. */
const ZONED_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The plant (Italian) calendar day of an instant, YYYY-MM-DD: the day stream a stop starting then belongs to. */
export function plantDay(iso: string): string {
  return plantDayAt(iso, instantMs(iso));
}

/** plantDay of `iso` given its instantMs, for a caller that has it already (every stop event's schema). */
function plantDayAt(iso: string, ms: number): string {
  // An instant with its zone (every event's and command's) by the per-hour offset cache: luxon takes tens of µs, and every stop event's schema asks.
  if (Number.isFinite(ms) && ZONED_INSTANT.test(iso)) return italianDay(ms);
  return DateTime.fromISO(iso, { zone: PLANT_ZONE }).toISODate()!;
}

/** Half-open intervals: a stop that starts when another ends does not overlap it. */
export function overlaps(a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }): boolean {
  return instantMs(a.startTime) < instantMs(b.endTime) && instantMs(b.startTime) < instantMs(a.endTime);
}

/**
 * A submitted report freezes its stops for the operator (line log §4.1, §6); the
 * improvement staff edit confirmed reports and their stops.
 */
export function assertMayChange(role: string, shiftSubmitted: boolean): void {
  if (shiftSubmitted && !IMPROVEMENT_ROLES.includes(role)) throw conflict('REPORT_ALREADY_SUBMITTED', REPORT_ALREADY_SUBMITTED);
}

/** Downtime in whole minutes, rounded down (a stop of 14 min 59 s counts 14). */
export function durationMinutes(start: Date | string, end: Date | string): number {
  return Math.floor((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
}

const local = (iso: string) => DateTime.fromISO(iso, { zone: PLANT_ZONE });

/** '08:10–08:25', or with dates when the span leaves the day of `reference` ('01/03 23:50–02/03 00:20'). */
export function formatSpan(span: { startTime: string; endTime: string }, reference: string): string {
  const [s, e, r] = [local(span.startTime), local(span.endTime), local(reference)];
  const sameDay = s.hasSame(r, 'day') && e.hasSame(r, 'day');
  const fmt = sameDay ? 'HH:mm' : 'dd/MM HH:mm';
  return `${s.toFormat(fmt)}–${e.toFormat(fmt)}`;
}

/** 409 naming the other stop's times, so the operator can find it in the table. */
export function stopOverlap(other: { startTime: string; endTime: string }, reference: string): DomainError {
  return conflict('STOP_OVERLAP', `Lo stop si sovrappone a un altro stop della stessa macchina (${formatSpan(other, reference)})`);
}
