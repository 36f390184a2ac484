import { z } from 'zod';
import { DBR_FIELDS, type DbrField } from '../../../domain/dbr/constants.js';
import { idParam } from '../../params.js';
import { LIST_TOO_LONG, MAX_LIST_ENTRIES } from '../../../domain/shared/bounds.js';

/**
 * A constants field as the editor sends it: a JSON number, or a decimal written as a
 * string by a form input ('0.85'). Missing, empty or non-numeric fields are each named in the 400.
 */
const numberField = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/)
        .transform(Number),
    ],
    {
      error: (issue) => (issue.input === undefined || issue.input === null ? 'Obbligatorio' : 'Deve essere un numero'),
    },
  )
  .pipe(z.number().finite('Deve essere un numero'));

export const dbrConstantsBody = z.object(Object.fromEntries(DBR_FIELDS.map((f) => [f, numberField])) as Record<DbrField, typeof numberField>);

/** The average call's body: a bare JSON list of line ids, or `{ "line_ids": [...] }`. */
export const averageBody = z
  .union([z.array(idParam), z.object({ line_ids: z.array(idParam) })], { error: 'Atteso un elenco di id di linea' })
  .transform((v) => (Array.isArray(v) ? v : v.line_ids))
  .pipe(z.array(z.number()).min(1, 'Almeno una linea').max(MAX_LIST_ENTRIES, LIST_TOO_LONG));
