import { notFound } from '../../../domain/shared/errors.js';
import { listShifts } from '../../../projections/shifts/shifts.queries.js';
import { knownShiftIds, listPlannedStops, listUnplannedStops, type StopFilter } from '../../../projections/stops/stops.queries.js';
import type { AppDeps } from '../../deps.js';
import { parseAsOf } from '../../params.js';
import { checkRangeFilter, existingPlant } from '../../plantChecks.js';
import { plannedByShiftAsOf, unplannedByShiftAsOf, type ShiftQuery } from '../history/eventReads.js';
import { route, type RouteDef } from '../types.js';
import { DEFAULT_PAGE_SIZE, encodeCursor, MAX_STOPS_PER_RESPONSE, tooManyStops } from './paging.js';
import { presentPlanned, presentUnplanned } from './presenters.js';
import { byShiftQuery, unplannedRangeQuery } from './schema.js';

/**
 * The stop tables of the line log (one shift of some lines) and the Root Cause Tool's
 * and dashboard's list (a range of days). Read models, except a shift's lists `as_of` a
 * moment, which are folded from the stop streams (docs/audit.md).
 */
export function stopQueryRoutes(deps: AppDeps): RouteDef[] {
  const shopFloorExists = (id: number) => existingPlant(deps.knex, 'shopFloors', id);
  /** The shift's window: the spec sends only the code, so the day comes with it (docs/line-log.md). */
  const shiftWindow = async (q: { shop_floor_id: number; day: string; shift_code: string }) => {
    await shopFloorExists(q.shop_floor_id);
    const shift = (await listShifts(deps.knex, q.shop_floor_id, q.day, q.day, true)).find((s) => s.code === q.shift_code);
    if (!shift) throw notFound('Turno non trovato');
    return { start: shift.startTime, end: shift.endTime };
  };
  /** A shift's stops of one kind for the line log, from the read model or `as_of` a moment from the streams. */
  const byShift = (path: string, list: (filter: ShiftQuery & StopFilter, asOf: Date | null) => Promise<unknown[]>) =>
    route({
      method: 'get',
      path,
      action: 'stops:read',
      input: { query: byShiftQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        const asOf = parseAsOf(ctx.query.as_of);
        ctx.body = await list({ shopFloorId: q.shop_floor_id, lineIds: q.lines_id, window: await shiftWindow(q) }, asOf);
      },
    });
  return [
    byShift('/factory/stop_events/unplanned_by_shift', async (filter, asOf) =>
      (asOf ? await unplannedByShiftAsOf(deps, filter, asOf) : (await listUnplannedStops(deps.knex, filter)).rows).map(presentUnplanned),
    ),
    byShift('/factory/stop_events/planned_by_shift', async (filter, asOf) =>
      (asOf ? await plannedByShiftAsOf(deps, filter, asOf) : await listPlannedStops(deps.knex, filter)).map(presentPlanned),
    ),
    route({
      method: 'get',
      path: '/factory/stop_events/unplanned',
      action: 'stops:read',
      input: { query: unplannedRangeQuery },
      async handler(ctx) {
        const q = ctx.input.query;
        // Shift codes stand for every regular shift of those codes in the range; `shift_id` is then not read.
        const shifts = q.shift_codes ? { shiftCodes: q.shift_codes } : { shiftIds: q.shift_id };
        await checkRangeFilter(deps.knex, { shopFloorId: q.shop_floor_id, dateFrom: q.date_from, dateTo: q.date_to, shiftIds: shifts.shiftIds ?? [] }, knownShiftIds);
        const filter = { shopFloorId: q.shop_floor_id, lineIds: q.lines_id, days: { from: q.date_from, to: q.date_to }, ...shifts };
        const paging = q.limit !== undefined || q.after !== undefined;
        const limit = q.limit ?? (paging ? DEFAULT_PAGE_SIZE : MAX_STOPS_PER_RESPONSE);
        const page = await listUnplannedStops(deps.knex, filter, { limit, after: q.after, wholeOrNothing: !paging });
        if (page.next && !paging) throw tooManyStops();
        if (page.next) {
          const cursor = encodeCursor(page.next);
          ctx.set('X-Next-Cursor', cursor);
          ctx.set('Link', `<${nextPageUrl(ctx.path, ctx.querystring, limit, cursor)}>; rel="next"`);
        }
        ctx.body = page.rows.map(presentUnplanned);
      },
    }),
  ];
}

/** The same query with the next page's cursor (and the page size made explicit). */
function nextPageUrl(path: string, querystring: string, limit: number, cursor: string): string {
  const params = new URLSearchParams(querystring);
  params.set('limit', String(limit));
  params.set('after', cursor);
  return `${path}?${params.toString()}`;
}
