import { DateTime } from 'luxon';
import { z } from 'zod';
import { parseDay, PLANT_ZONE } from '../shifts/calendar.js';
import { charCount } from './text.js';
import { instantMs } from './instant.js';

/**
 * The plant-sensible limits every fact is held to, written once: the event schemas use
 * them, so whatever an event's schema accepts every projection can apply (docs/bounds.md).
 * A command whose input falls outside them is a 400 naming the field; nothing reaches
 * the store.
 */

/** The plant's calendar: no report, stop, shift or DBR action falls before or after it. */
export const FIRST_PLANT_DAY = '2000-01-01';
export const LAST_PLANT_DAY = '2099-12-31';

export const BAD_DAY = 'Data non valida (AAAA-MM-GG)';
export const DAY_OUT_OF_RANGE = "Data fuori dal calendario dell'impianto (dal 01/01/2000 al 31/12/2099)";
export const BAD_INSTANT = 'Data e ora non valide (ISO 8601, es. 2030-06-05T08:10:00+02:00)';

/**
 * The first and last instants a fact may carry: midnight of the first plant day in Italy,
 * and a week and a day after the last one begins (a night shift or the longest planned stop
 * that starts on the last day ends after it).
 */
export const FIRST_INSTANT_MS = DateTime.fromISO(`${FIRST_PLANT_DAY}T00:00`, { zone: PLANT_ZONE }).toMillis();
export const LAST_INSTANT_MS = DateTime.fromISO(`${LAST_PLANT_DAY}T00:00`, { zone: PLANT_ZONE }).plus({ days: 8 }).toMillis();

/** Whether a YYYY-MM-DD day (already known to be a real date) lies in the plant's calendar. */
export const inPlantCalendar = (day: string): boolean => day >= FIRST_PLANT_DAY && day <= LAST_PLANT_DAY;

/** Whether an instant lies between FIRST_INSTANT_MS and LAST_INSTANT_MS. */
export const inPlantTime = (ms: number): boolean => ms >= FIRST_INSTANT_MS && ms <= LAST_INSTANT_MS;

/**
 * The plant days already found good: luxon's parse takes tens of µs and every report and shift
 * event's schema checks its day (a rebuild decodes hundreds of thousands). At most the 36,525
 * days of the calendar.
 */
const goodDays = new Set<string>();

/** The message for a day that is not a plant day, or null for a good one. */
export function dayProblem(value: string): string | null {
  if (goodDays.has(value)) return null;
  if (parseDay(value) === null) return BAD_DAY;
  if (!inPlantCalendar(value)) return DAY_OUT_OF_RANGE;
  goodDays.add(value);
  return null;
}

/** A plant day: a real calendar day written YYYY-MM-DD, within the plant's calendar. */
export const plantDaySchema = z.string({ error: BAD_DAY }).superRefine((v, ctx) => {
  const problem = dayProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** An instant as events store it, in UTC ('2030-06-05T06:10:00.000Z'), within the plant's time. */
export const plantInstantSchema = z.iso.datetime({ error: BAD_INSTANT }).refine((v) => inPlantTime(instantMs(v)), DAY_OUT_OF_RANGE);

/** An instant with the plant's offset ('2030-06-05T08:00:00+02:00'), as the shift calendar stores them. */
export const plantOffsetInstantSchema = z.iso.datetime({ offset: true, error: BAD_INSTANT }).refine((v) => inPlantTime(instantMs(v)), DAY_OUT_OF_RANGE);

/**
 * Ids of plant items (shop floors, lines, equipment, workpoints, codes, reasons): given one
 * by one by the plant decider, so a plant never comes near the ceiling; stop ids encode the
 * equipment in six digits (domain/stops/ids.ts).
 */
export const MAX_PLANT_ID = 999_999;
export const plantIdSchema = z.number().int().positive().max(MAX_PLANT_ID);

/** Ids composed from others (stops, shifts, DBR actions): positive safe integers, kept in bigint columns. */
export const compositeIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * The largest figure a shift report may hold, in pieces (volume, scrap): a thousand times
 * what the fastest packaging line makes in a shift, and exact in a double.
 */
export const MAX_PIECES = 1_000_000_000;
export const PIECES_TOO_LARGE = `Al massimo ${MAX_PIECES.toLocaleString('it-IT')}`;

/** Hours of work in one report: no shift lasts longer than a day. */
export const MAX_REPORT_HOURS = 24;

/** A DBR constant's magnitude: the editor takes any finite number (foundations §5) up to this. */
export const MAX_DBR_VALUE = 1_000_000_000;
export const DBR_VALUE_TOO_LARGE = `Deve essere compreso tra -${MAX_DBR_VALUE.toLocaleString('it-IT')} e ${MAX_DBR_VALUE.toLocaleString('it-IT')}`;

/**
 * How long a machine stop lasts before it is a detected stop rather than a micro-stop
 * (docs/machine-signals.md): the plant's default (MACHINE_STOP_THRESHOLD_MINUTES) and each
 * line's own in the plant file. A minute at least (shorter is the machine's own jitter), two hours
 * at most (longer would fold real breakdowns into the hourly micro-stops).
 */
export const MIN_STOP_THRESHOLD_MINUTES = 1;
export const MAX_STOP_THRESHOLD_MINUTES = 120;
export const STOP_THRESHOLD_OUT_OF_RANGE = `Deve essere compreso tra ${MIN_STOP_THRESHOLD_MINUTES} e ${MAX_STOP_THRESHOLD_MINUTES} minuti`;
export const stopThresholdMinutesSchema = z
  .number({ error: STOP_THRESHOLD_OUT_OF_RANGE })
  .min(MIN_STOP_THRESHOLD_MINUTES, STOP_THRESHOLD_OUT_OF_RANGE)
  .max(MAX_STOP_THRESHOLD_MINUTES, STOP_THRESHOLD_OUT_OF_RANGE);

/** Entries a list parameter (ids, line names) may carry: more than any plant has lines or a calendar has shifts in a query. */
export const MAX_LIST_ENTRIES = 1000;
export const LIST_TOO_LONG = `Al massimo ${MAX_LIST_ENTRIES} elementi`;

/** Longest username (login names; the station and report authors carry it too). */
export const MAX_USERNAME = 64;

export const tooLong = (max: number) => `Al massimo ${max} caratteri`;

/** A string of at most `max` characters, counted as charCount does (a text of at most `max` UTF-16 units holds no more, and is not counted). */
export const maxChars = (max: number) => z.string().refine((v) => v.length <= max || charCount(v) <= max, tooLong(max));
