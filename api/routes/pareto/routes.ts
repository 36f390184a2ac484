import { z } from 'zod';
import { DAY_OUT_OF_RANGE, inPlantCalendar } from '../../../domain/shared/bounds.js';
import { paretoStops } from '../../../projections/paretoStops/paretoStops.queries.js';
import type { AppDeps } from '../../deps.js';
import { idListParam, idParam } from '../../params.js';
import { existingPlant } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';

/** `GET /factory/pareto-fermate` (docs/analysts.md): the lines by id (a list) and a plant month. */
export const paretoQuery = z.object({
  shop_floor_id: idParam,
  line_id: idListParam,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mese nel formato AAAA-MM')
    .refine((m) => inPlantCalendar(`${m}-01`), DAY_OUT_OF_RANGE),
});

/** The 'Pareto fermate' read model's call, read by the chart on 'Riepilogo Operativo'. */
export function paretoRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/factory/pareto-fermate',
      action: 'dashboard:read',
      input: { query: paretoQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        await existingPlant(deps.knex, 'shopFloors', q.shop_floor_id);
        ctx.body = await paretoStops(deps.knex, q.line_id, q.month);
      },
    }),
  ];
}
