import { z } from 'zod';

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

/** An optional query parameter: absent and empty (`?shop_floor_id=`) both mean "not given". */
export const optionalParam = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
