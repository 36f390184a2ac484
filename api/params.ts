/**
 * The parameters several calls share, written once: ids, days, instants, lists, the
 * report's key and `as_of`. The route schemas are built from these, and the API
 * description (api/openapi/) is generated from those schemas.
 */
import { DateTime } from 'luxon';
import { z } from 'zod';
import { validationError } from '../domain/shared/errors.js';
import { daysInRange, PLANT_ZONE } from '../domain/shifts/calendar.js';
import { BAD_INSTANT, DAY_OUT_OF_RANGE, dayProblem, inPlantTime, LIST_TOO_LONG, MAX_LIST_ENTRIES, tooLong } from '../domain/shared/bounds.js';
import { charCount } from '../domain/shared/text.js';
import { listParam } from './validation.js';

export const BAD_PARAMS = 'Parametri non validi';

/**
 * Integer ids as the spec's calls send them: numbers in JSON, digit strings in paths
 * and query strings. Anything else (abc, 1.5, 0, a repeated key) is a 400. Numbers are
 * bounded like the strings (nine digits), well inside PostgreSQL's integer columns: a
 * larger one is a 400, never a database error.
 */
export const idParam = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,9}$/, 'Id non valido')
        .transform(Number),
    ],
    { error: 'Id non valido' },
  )
  .pipe(z.number({ error: 'Id non valido' }).int('Id non valido').positive('Id non valido').max(999_999_999, 'Id non valido'));

/**
 * Ids of stops, DBR actions and shifts, larger than plant ids (equipment × 1 000 000 + n,
 * domain/dbrActions/ids.ts): up to 16 digits, numbers in JSON, digit strings in paths,
 * query strings and form posts.
 */
export const bigIdParam = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,16}$/, 'Id non valido')
        .transform(Number),
    ],
    { error: 'Id non valido' },
  )
  .pipe(z.number({ error: 'Id non valido' }).int('Id non valido').positive('Id non valido').max(Number.MAX_SAFE_INTEGER, 'Id non valido'));

/** `{ id }` in a path: a stop's or a DBR action's. */
export const idPath = z.object({ id: bigIdParam });

/** A plant day; its message says whether it is not a date or outside the plant's calendar. */
export const dayCheck = (v: string, ctx: z.RefinementCtx) => {
  const problem = dayProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/**
 * A day of the plant's calendar, YYYY-MM-DD (2031-02-30 and 1999-12-31 are 400s, each with
 * its own message): every call that takes a day, query or body.
 */
export const dayParam = z.string({ error: 'Obbligatorio' }).trim().superRefine(dayCheck).meta({ format: 'date', description: 'YYYY-MM-DD, a day of the plant calendar' });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO 8601 date and time, as the chatbot sends it. With an offset (or Z) it is that
 * instant; without one it is Italian wall-clock time. Passed on as a UTC instant, within
 * the plant's time (domain/shared/bounds.ts).
 */
export const instantParam = z
  .string({ error: 'Obbligatorio' })
  .trim()
  .refine((v) => ISO_INSTANT.test(v) && DateTime.fromISO(v, { zone: PLANT_ZONE }).isValid, BAD_INSTANT)
  .transform((v) => DateTime.fromISO(v, { zone: PLANT_ZONE }).toUTC().toISO()!)
  .refine((v) => inPlantTime(Date.parse(v)), DAY_OUT_OF_RANGE)
  .meta({ description: 'ISO 8601 date and time; without an offset, Italian wall-clock time' });

/**
 * A list parameter (repeated keys or comma-joined, empties ignored) of at most
 * MAX_LIST_ENTRIES entries, each checked by `entry`; the field is named as a whole.
 */
export const boundedList = <T>(entry: (v: string) => boolean, message: string, map: (v: string) => T) =>
  z
    .preprocess(
      (v) => listParam(v as string | string[] | undefined),
      z
        .array(z.string())
        .max(MAX_LIST_ENTRIES, LIST_TOO_LONG)
        .refine((items) => items.every(entry), message)
        .transform((items) => [...new Set(items.map(map))]),
    )
    .meta({ description: 'Repeated keys or comma-joined values; empty entries are ignored' });

/** Line names as the dashboards and DBR screens send them: comma-joined and/or repeated, empties ignored. */
export const nameListParam = boundedList(
  (v) => charCount(v) <= 120,
  'Nome di linea troppo lungo',
  (v) => v,
);

/** A list parameter of positive ids of up to `digits` digits; the field is named as a whole. */
const idList = (digits: number) => {
  const id = new RegExp(`^\\d{1,${digits}}$`);
  return boundedList((v) => id.test(v) && Number(v) > 0, 'Elenco di id non valido', Number);
};

/** Shift ids (up to 15 digits). */
export const idListParam = idList(15);

/** Line ids: plant ids, nine digits at most like idParam, so a longer one is a 400, never a database error. */
export const lineIdListParam = idList(9);

/** An optional query parameter: absent and empty (`?shop_floor_id=`) both mean "not given". */
export const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/**
 * Shift codes ('A,B,C'): every regular shift of these codes in the day range, instead of their
 * ids (a year of three shifts is 1,095 ids, more than a list takes). Optional.
 */
export const shiftCodesParam = optionalParam(
  boundedList(
    (v) => charCount(v) <= 10,
    'Codice turno troppo lungo',
    (v) => v,
  ),
);

/** A required text of at most `max` characters, trimmed. */
const keyText = (max: number) =>
  z
    .string({ error: 'Obbligatorio' })
    .trim()
    .min(1, 'Obbligatorio')
    .refine((v) => charCount(v) <= max, tooLong(max));

/** The line log report's key as its read and its history take it: day, shift_code and line_name as the spec's call sends them. */
export const shiftNoteQuery = z.object({
  day: keyText(10).superRefine(dayCheck),
  shift_code: keyText(10),
  line_name: keyText(120),
  confirmed_only: optionalParam(z.enum(['true', 'false'], { error: 'Valori ammessi: true, false' }).transform((v) => v === 'true')),
});

export const BAD_AS_OF = 'as_of non valido: data e ora ISO 8601, es. 2030-06-05T08:10:00+02:00';

/**
 * `as_of` as the query schemas declare it, for the API description only: a bad one
 * answers its own message (BAD_AS_OF), so the routes read it with parseAsOf.
 */
export const asOfParam = z
  .unknown()
  .optional()
  .meta({ type: 'string', description: 'ISO 8601 date and time (Italian wall-clock time without an offset): the answer as it stood then' });

/**
 * The optional `as_of` of the line-log reads: an ISO 8601 instant (without an offset it is
 * Italian wall-clock time). Absent or empty: now, from the read models. Malformed, or
 * outside the plant's time (domain/shared/bounds.ts): 400.
 */
export function parseAsOf(value: unknown): Date | null {
  if (value === undefined || value === '') return null;
  const text = Array.isArray(value) ? null : z.string().trim().safeParse(value).data;
  const parsed = text && ISO_INSTANT.test(text) ? DateTime.fromISO(text, { zone: PLANT_ZONE }) : null;
  if (!parsed?.isValid) throw validationError(BAD_AS_OF, { as_of: 'Data e ora non valide (ISO 8601)' });
  if (!inPlantTime(parsed.toMillis())) throw validationError(BAD_AS_OF, { as_of: DAY_OUT_OF_RANGE });
  return parsed.toJSDate();
}

/**
 * A day range as the list calls take it: 400 naming date_to when it precedes date_from or,
 * with `maxDays`, when it spans more days than that (both ends included).
 */
export function checkDayRange(from: string, to: string, maxDays?: number): void {
  if (from > to) throw validationError(BAD_PARAMS, { date_to: 'Precede date_from' });
  if (maxDays !== undefined && daysInRange(from, to) > maxDays) {
    throw validationError(`Intervallo troppo lungo: al massimo ${maxDays} giorni`, { date_to: `Al massimo ${maxDays} giorni` });
  }
}

/** The dashboards' filter as the query functions take it: a shop floor, lines by name, shifts by id or by code, a range of days. */
export function namedRangeFilter(q: { shop_floor_id: number; lines: string[]; shifts: number[]; shift_codes?: string[]; date_from: string; date_to: string }) {
  return { shopFloorId: q.shop_floor_id, lineNames: q.lines, shiftIds: q.shifts, shiftCodes: q.shift_codes, from: q.date_from, to: q.date_to };
}
