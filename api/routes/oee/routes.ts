import { DEFAULT_MINOR_STOP_MINUTES } from '../../../domain/oee/categories.js';
import { notFound } from '../../../domain/shared/errors.js';
import { MAX_GENERATION_DAYS } from '../../../domain/shifts/calendar.js';
import { oeeAnswer } from '../../../projections/oee/oee.queries.js';
import type { AppDeps } from '../../deps.js';
import { checkDayRange, namedRangeFilter } from '../../params.js';
import { PLANT_NOT_FOUND } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { lossParetoQuery, oeeQuery } from './schema.js';
import { lossPareto } from '../../../projections/oee/pareto.queries.js';
import { existingPlant } from '../../plantChecks.js';

/** The loss analysis (docs/oee.md): OEE with its losses and MTBF/MTTR, from the OEE read model. */
export function oeeRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/factory/oee',
      action: 'dashboard:read',
      input: { query: oeeQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        checkDayRange(q.date_from, q.date_to, MAX_GENERATION_DAYS);
        const answer = await oeeAnswer(deps.knex, { ...namedRangeFilter(q), minorStopMinutes: q.minor_stop_minutes ?? DEFAULT_MINOR_STOP_MINUTES }, q.group_by ?? 'none');
        if (!answer) throw notFound(PLANT_NOT_FOUND.shopFloors);
        ctx.body = answer;
      },
    }),
    route({
      method: 'get',
      path: '/factory/oee/pareto',
      action: 'dashboard:read',
      input: { query: lossParetoQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        checkDayRange(q.date_from, q.date_to, MAX_GENERATION_DAYS);
        await existingPlant(deps.knex, 'shopFloors', q.shop_floor_id);
        const filter = namedRangeFilter(q);
        ctx.body = await lossPareto(deps.knex, filter, q.by ?? 'stop_code');
      },
    }),
  ];
}
