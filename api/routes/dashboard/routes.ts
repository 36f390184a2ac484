import { DateTime } from 'luxon';
import { notFound } from '../../../domain/shared/errors.js';
import { MAX_GENERATION_DAYS, PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { dashboardSummary, lastProductionDay, lastStopDay, volumesHistory } from '../../../projections/dashboard/dashboard.queries.js';
import { dashboardSummaryAsOf } from '../../../projections/dashboardHistory/dashboardHistory.queries.js';
import type { AppDeps } from '../../deps.js';
import { checkDayRange, namedRangeFilter, parseAsOf } from '../../params.js';
import { existingPlant, PLANT_NOT_FOUND } from '../../plantChecks.js';
import { route, type RouteDef } from '../types.js';
import { improvementQuery, lookupQuery, volumesQuery } from './schema.js';

/** The look-back of both date lookups (spec 000 §4, §9). */
export const LOOKBACK_DAYS = 30;

/**
 * The dashboard's reads (spec 000 §2 Dashboard, §4, §7; docs/dashboard.md), all from
 * the dashboard read model: the summary, the volume history and the date lookups.
 */
export function dashboardRoutes(deps: AppDeps): RouteDef[] {
  const shopFloorExists = (id: number) => existingPlant(deps.knex, 'shopFloors', id);
  const today = () => DateTime.fromJSDate(deps.clock(), { zone: PLANT_ZONE }).startOf('day');
  const iso = (d: DateTime) => d.toISODate()!;
  /** The last day with production of the lines in the look-back before today (null: none, or no line asked for). */
  const lastProduction = async (q: { shop_floor_id: number; line_id: number[] }) => {
    const t = today();
    return q.line_id.length === 0 ? null : await lastProductionDay(deps.knex, q.shop_floor_id, q.line_id, iso(t.minus({ days: LOOKBACK_DAYS })), iso(t.minus({ days: 1 })));
  };
  return [
    route({
      method: 'get',
      path: '/factory/dashboard-improvement',
      action: 'dashboard:read',
      input: { query: improvementQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        // As the line-log reads take it (docs/audit.md): ISO 8601, Italian wall-clock time without an offset; its own message, so read after the query.
        const asOf = parseAsOf(ctx.query.as_of);
        checkDayRange(q.date_from, q.date_to, MAX_GENERATION_DAYS);
        if (asOf) {
          // The summary as it stood at a moment (docs/audit.md), from the temporal read model.
          await shopFloorExists(q.shop_floor_id);
          const lineIds =
            q.lines.length === 0
              ? []
              : (await deps.knex('plant_lines').where({ shop_floor_id: q.shop_floor_id }).whereIn('name', q.lines).select('id')).map((r: { id: unknown }) => Number(r.id));
          ctx.body = await dashboardSummaryAsOf(
            deps.knex,
            { shopFloorId: q.shop_floor_id, lineIds, shiftIds: q.shifts, shiftCodes: q.shift_codes, from: q.date_from, to: q.date_to },
            asOf,
          );
          return;
        }
        // One statement: the shop floor's check, the line names and the sums (docs/benchmarks.md, dashboard section).
        const summary = await dashboardSummary(deps.knex, namedRangeFilter(q));
        if (!summary) throw notFound(PLANT_NOT_FOUND.shopFloors);
        ctx.body = summary;
      },
    }),
    route({
      method: 'get',
      path: '/factory/volumes-history',
      action: 'dashboard:read',
      input: { query: volumesQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        const to = today().minus({ days: 1 });
        const volumes = await volumesHistory(deps.knex, q.shop_floor_id, q.line_id, iso(to.minus({ days: q.days - 1 })), iso(to));
        if (!volumes) throw notFound(PLANT_NOT_FOUND.shopFloors);
        ctx.body = q.line_id.length === 0 ? [] : volumes;
      },
    }),
    route({
      method: 'get',
      path: '/factory/dashboard/last-production-date',
      action: 'dashboard:read',
      input: { query: lookupQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        await shopFloorExists(q.shop_floor_id);
        ctx.body = { date: await lastProduction(q) };
      },
    }),
    route({
      method: 'get',
      path: '/factory/dashboard/last-stop-date',
      action: 'dashboard:read',
      input: { query: lookupQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        await shopFloorExists(q.shop_floor_id);
        const yesterday = today().minus({ days: 1 });
        ctx.body = {
          date: q.line_id.length === 0 ? null : await lastStopDay(deps.knex, q.shop_floor_id, q.line_id, iso(yesterday.minus({ days: LOOKBACK_DAYS - 1 })), iso(yesterday)),
        };
      },
    }),
    route({
      method: 'get',
      path: '/factory/dashboard/default-dates',
      action: 'dashboard:read',
      input: { query: lookupQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        await shopFloorExists(q.shop_floor_id);
        const last = await lastProduction(q);
        const day = last ?? iso(previousWorkingDay(today()));
        ctx.body = { date_from: day, date_to: day, last_production_date: last };
      },
    }),
  ];
}

/** Yesterday, or the Friday before when today is Monday (spec 000 §4, date helpers). */
export function previousWorkingDay(today: DateTime): DateTime {
  return today.minus({ days: today.weekday === 1 ? 3 : 1 });
}
