import type { Knex } from 'knex';
import { z } from 'zod';
import { notFound, validationError } from '../../../domain/shared/errors.js';
import { daysInRange } from '../../../domain/shifts/calendar.js';
import { dayProblem, LIST_TOO_LONG, MAX_LIST_ENTRIES } from '../../../domain/shared/bounds.js';
import { listParam } from '../../validation.js';
import { charCount } from '../../../domain/shared/text.js';
import { findActive, type PlantRow, type PlantView } from '../../../projections/plant/plant.queries.js';

/**
 * Integer ids as the spec's calls send them: numbers in JSON, digit strings in paths
 * and query strings. Anything else (abc, 1.5, 0, a repeated key) is a 400. Numbers are
 * bounded like the strings (nine digits), well inside PostgreSQL's integer columns: a
 * larger one is a 400, never a database error.
 */
export const idParam = z
  .union([z.number(), z.string().trim().regex(/^\d{1,9}$/, 'Id non valido').transform(Number)], { error: 'Id non valido' })
  .pipe(z.number({ error: 'Id non valido' }).int('Id non valido').positive('Id non valido').max(999_999_999, 'Id non valido'));

export const BAD_PARAMS = 'Parametri non validi';

/**
 * A day of the plant's calendar, YYYY-MM-DD (2031-02-30 and 1999-12-31 are 400s, each with
 * its own message): every call that takes a day, query or body.
 */
export const dayParam = z
  .string({ error: 'Obbligatorio' })
  .trim()
  .superRefine((v, ctx) => {
    const problem = dayProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/**
 * A list parameter (repeated keys or comma-joined, empties ignored) of at most
 * MAX_LIST_ENTRIES entries, each checked by `entry`; the field is named as a whole.
 */
export const boundedList = <T>(entry: (v: string) => boolean, message: string, map: (v: string) => T) =>
  z.preprocess(
    (v) => listParam(v as string | string[] | undefined),
    z
      .array(z.string())
      .max(MAX_LIST_ENTRIES, LIST_TOO_LONG)
      .refine((items) => items.every(entry), message)
      .transform((items) => [...new Set(items.map(map))]),
  );

/** Line names as the dashboards and DBR screens send them: comma-joined and/or repeated, empties ignored. */
export const nameListParam = boundedList((v) => charCount(v) <= 120, 'Nome di linea troppo lungo', (v) => v);

/** An optional query parameter: absent and empty (`?shop_floor_id=`) both mean "not given". */
export const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** The 404 text of each plant view when an id is unknown or retired. */
export const PLANT_NOT_FOUND: Record<PlantView, string> = {
  shopFloors: 'Reparto non trovato',
  lines: 'Linea non trovata',
  equipments: 'Macchina non trovata',
  workpoints: 'Area non trovata',
  stopCodes: 'Codice di stop non trovato',
  triggeringEvents: 'Evento non trovato',
  plannedStopReasons: 'Causale non trovata',
};

/** The active plant item, or 404 with its view's text ('Reparto non trovato', ...). */
export async function existingPlant(knex: Knex, view: PlantView, id: number): Promise<PlantRow> {
  const row = await findActive(knex, view, id);
  if (!row) throw notFound(PLANT_NOT_FOUND[view]);
  return row;
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
