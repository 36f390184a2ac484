import { z } from 'zod';
import { handleGenerateShifts } from '../../../commands/shifts/generateShifts.js';
import { listShifts } from '../../../projections/shifts/shifts.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { parseInput } from '../../validation.js';
import { BAD_PARAMS, checkDayRange, dayParam as day, existingPlant, idParam, optionalParam } from '../plant/params.js';
import type { RouteDef } from '../types.js';
import { presentShift } from './presenters.js';

const flag = z.enum(['true', 'false'], { error: 'Valori ammessi: true, false' }).transform((v) => v === 'true');

/** Shift lists for the selectors and the admin's generation (foundations §2 Admin, §7). */
export function shiftRoutes(deps: AppDeps): RouteDef[] {
  const shopFloorExists = (id: number) => existingPlant(deps.knex, 'shopFloors', id);
  return [
    {
      method: 'get',
      path: '/factory/shifts',
      action: 'plant:read',
      async handler(ctx) {
        const q = parseInput(z.object({ day, shop_floor_id: idParam }), ctx.query, BAD_PARAMS);
        await shopFloorExists(q.shop_floor_id);
        ctx.body = (await listShifts(deps.knex, q.shop_floor_id, q.day, q.day, true)).map(presentShift);
      },
    },
    {
      method: 'get',
      path: '/factory/shifts-range',
      action: 'plant:read',
      async handler(ctx) {
        const schema = z.object({ date_from: day, date_to: day, shop_floor_id: idParam, extraShift: optionalParam(flag) });
        const q = parseInput(schema, ctx.query, BAD_PARAMS);
        checkDayRange(q.date_from, q.date_to);
        await shopFloorExists(q.shop_floor_id);
        ctx.body = (await listShifts(deps.knex, q.shop_floor_id, q.date_from, q.date_to, q.extraShift ?? false)).map(presentShift);
      },
    },
    {
      method: 'post',
      path: '/admin/generate-shifts',
      action: 'shifts:generate',
      async handler(ctx) {
        const schema = z.object({ shop_floor_id: idParam, start_date: day, end_date: day });
        const body = parseInput(schema, ctx.request.body ?? {}, 'Dati non validi');
        const input = { shopFloorId: body.shop_floor_id, startDate: body.start_date, endDate: body.end_date };
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleGenerateShifts(deps, input, c));
        const created = result.events.reduce((n, e) => n + e.data.shifts.length, 0);
        ctx.body = { shop_floor_id: body.shop_floor_id, start_date: body.start_date, end_date: body.end_date, created };
      },
    },
  ];
}
