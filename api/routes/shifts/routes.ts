import { z } from 'zod';
import { handleGenerateShifts } from '../../../commands/shifts/generateShifts.js';
import { listShifts } from '../../../projections/shifts/shifts.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import { checkDayRange, dayParam as day, idParam, optionalParam } from '../../params.js';
import { existingPlant } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { presentShift } from './presenters.js';

/** The admin's generation: the spec's names become the command's input as they are parsed. */
const generateBody = z
  .object({ shop_floor_id: idParam, start_date: day, end_date: day })
  .transform((b) => ({ shopFloorId: b.shop_floor_id, startDate: b.start_date, endDate: b.end_date }));

const flag = z.enum(['true', 'false'], { error: 'Valori ammessi: true, false' }).transform((v) => v === 'true');

/** Shift lists for the selectors and the admin's generation (foundations §2 Admin, §7). */
export function shiftRoutes(deps: AppDeps): RouteDef[] {
  const shopFloorExists = (id: number) => existingPlant(deps.knex, 'shopFloors', id);
  return [
    route({
      method: 'get',
      path: '/factory/shifts',
      action: 'plant:read',
      input: { query: z.object({ day, shop_floor_id: idParam }) },
      async handler(ctx) {
        const q = ctx.input.query;
        await shopFloorExists(q.shop_floor_id);
        ctx.body = (await listShifts(deps.knex, q.shop_floor_id, q.day, q.day, true)).map(presentShift);
      },
    }),
    route({
      method: 'get',
      path: '/factory/shifts-range',
      action: 'plant:read',
      input: { query: z.object({ date_from: day, date_to: day, shop_floor_id: idParam, extraShift: optionalParam(flag) }) },
      async handler(ctx) {
        const q = ctx.input.query;
        checkDayRange(q.date_from, q.date_to);
        await shopFloorExists(q.shop_floor_id);
        ctx.body = (await listShifts(deps.knex, q.shop_floor_id, q.date_from, q.date_to, q.extraShift ?? false)).map(presentShift);
      },
    }),
    route({
      method: 'post',
      path: '/admin/generate-shifts',
      action: 'shifts:generate',
      input: { body: generateBody },
      async handler(ctx) {
        const range = ctx.input.body;
        const result = await runWithReadYourWrites(deps, ctx, (c) => handleGenerateShifts(deps, range, c));
        const created = result.events.reduce((n, e) => n + e.data.shifts.length, 0);
        ctx.body = { shop_floor_id: range.shopFloorId, start_date: range.startDate, end_date: range.endDate, created };
      },
    }),
  ];
}
