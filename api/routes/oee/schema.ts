import { z } from 'zod';
import { MAX_MINOR_STOP_MINUTES } from '../../../domain/oee/categories.js';
import { dayParam, idListParam, idParam, nameListParam, optionalParam, shiftCodesParam } from '../../params.js';
import { OEE_GROUPS } from '../../../projections/oee/oee.queries.js';
import { PARETO_BY } from '../../../projections/oee/pareto.queries.js';

/** The dashboard's filters (docs/dashboard.md): lines by name, shifts by id (or by code), a day range. */
export const lossFilters = {
  shop_floor_id: idParam,
  lines: nameListParam,
  shifts: idListParam,
  shift_codes: shiftCodesParam,
  date_from: dayParam,
  date_to: dayParam,
};

/** Minutes from which an unplanned stop is a breakdown rather than a minor stop (docs/oee.md). */
const minorStopMinutes = optionalParam(
  z
    .string()
    .regex(/^\d{1,3}$/, 'Minuti interi da 1 a 480')
    .transform(Number)
    .pipe(z.number().int().min(1, 'Minuti interi da 1 a 480').max(MAX_MINOR_STOP_MINUTES, 'Minuti interi da 1 a 480')),
);

/** `GET /factory/oee` (docs/oee.md). */
export const oeeQuery = z.object({
  ...lossFilters,
  group_by: optionalParam(z.enum(OEE_GROUPS, { error: `Uno tra ${OEE_GROUPS.join(', ')}` })),
  minor_stop_minutes: minorStopMinutes,
});

/** `GET /factory/oee/pareto` (docs/oee.md): the dashboard's filters and what the bars group by. */
export const lossParetoQuery = z.object({
  ...lossFilters,
  by: optionalParam(z.enum(PARETO_BY, { error: `Uno tra ${PARETO_BY.join(', ')}` })),
});
