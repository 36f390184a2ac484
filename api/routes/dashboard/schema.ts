import { z } from 'zod';
import { asOfParam, dayParam, idListParam, idParam, lineIdListParam, nameListParam, shiftCodesParam } from '../../params.js';

/** `GET /factory/dashboard-improvement` (spec 000 §7): lines by name, shifts by id, or by `shift_codes` (every shift of those codes in the range). */
export const improvementQuery = z.object({
  shop_floor_id: idParam,
  lines: nameListParam,
  shifts: idListParam,
  shift_codes: shiftCodesParam,
  date_from: dayParam,
  date_to: dayParam,
  as_of: asOfParam,
});

/** `GET /factory/volumes-history`: `line_id` may be a list, so the trend of the selected lines is one call. */
export const volumesQuery = z.object({
  shop_floor_id: idParam,
  line_id: lineIdListParam,
  days: z.preprocess(
    (v) => (v === undefined || v === '' ? '30' : v),
    z
      .string()
      .regex(/^\d{1,3}$/, 'Da 1 a 366')
      .transform(Number)
      .pipe(z.number().int().min(1, 'Da 1 a 366').max(366, 'Da 1 a 366')),
  ),
});

/** The date lookups (docs/dashboard.md): a shop floor and one or more lines by id. */
export const lookupQuery = z.object({ shop_floor_id: idParam, line_id: lineIdListParam });
