import { DateTime } from 'luxon';
import { z } from 'zod';
import { notFound } from '../../../domain/shared/errors.js';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { findLine } from '../../../projections/plant/plant.queries.js';
import { operatorDay } from '../../../projections/startPages/operatorStart.queries.js';
import { supportQueue } from '../../../projections/startPages/supportStart.queries.js';
import type { AppDeps } from '../../deps.js';
import { dayParam, idParam, optionalParam } from '../../params.js';
import { existingPlant } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { presentOperatorDay, presentSupportQueue } from './presenters.js';

/** Days the improvement role's lists look back, today included (docs/start-pages.md). */
export const SUPPORT_LOOKBACK_DAYS = 14;
/** Items each of its lists gives at most; `total` says how many there are. */
export const SUPPORT_LIST_LIMIT = 8;

/**
 * The two sections' start pages (/operatore, /miglioramento; docs/start-pages.md): one call each,
 * so a page opens with one round trip.
 */
export function startPageRoutes(deps: AppDeps): RouteDef[] {
  const today = () => DateTime.fromJSDate(deps.clock(), { zone: PLANT_ZONE }).toISODate()!;
  return [
    route({
      method: 'get',
      path: '/factory/start/operator',
      action: 'start:operator',
      input: { query: z.object({ shop_floor_id: idParam, line_id: idParam, day: optionalParam(dayParam) }) },
      async handler(ctx) {
        const q = ctx.input.query;
        await existingPlant(deps.knex, 'shopFloors', q.shop_floor_id);
        const line = await findLine(deps.knex, q.line_id);
        if (!line || line.shopFloorId !== q.shop_floor_id) throw notFound('Linea non trovata');
        const day = q.day ?? today();
        const data = await operatorDay(deps.knex, { shopFloorId: q.shop_floor_id, lineId: line.id, lineName: line.name, day });
        ctx.body = presentOperatorDay(day, line, data);
      },
    }),
    route({
      method: 'get',
      path: '/factory/start/support',
      action: 'start:support',
      input: { query: z.object({ shop_floor_id: idParam }) },
      async handler(ctx) {
        const q = ctx.input.query;
        await existingPlant(deps.knex, 'shopFloors', q.shop_floor_id);
        const to = today();
        const from = DateTime.fromISO(to, { zone: PLANT_ZONE })
          .minus({ days: SUPPORT_LOOKBACK_DAYS - 1 })
          .toISODate()!;
        const data = await supportQueue(deps.knex, { shopFloorId: q.shop_floor_id, from, to, now: deps.clock(), limit: SUPPORT_LIST_LIMIT });
        ctx.body = presentSupportQueue({ from, to }, data);
      },
    }),
  ];
}
