import type { Knex } from 'knex';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { NO_WHYS, type RootCauseState } from '../../domain/rootCauses/state.js';

export interface Named {
  id: number;
  name: string;
}

/** An unplanned stop with the names the tables show; `rootCause` is null until one is saved. */
export interface UnplannedStopRow {
  id: number;
  workpointId: number;
  stopCodeId: number;
  triggeringEventId: number;
  failureMode: string;
  correctiveAction: string;
  actionMaterialChange: boolean;
  actionCleaning: boolean;
  actionSettingAdjustment: boolean;
  actionComponentRestore: boolean;
  startTime: Date;
  endTime: Date;
  workpoint: Named;
  equipment: Named;
  line: Named;
  stopCode: Named;
  triggeringEvent: Named;
  rootCause: RootCauseState | null;
}

export interface PlannedStopRow {
  id: number;
  equipmentId: number;
  plannedReasonId: number;
  startTime: Date;
  endTime: Date;
  notes: string | null;
  equipment: Named;
  line: Named;
  plannedReason: Named;
}

/**
 * Which stops of a shop floor's lines: those whose start lies in a time window (one
 * shift), or those whose shift day lies in a range, optionally only those whose start
 * lies in one of some shifts (regular or extra).
 */
export type StopFilter = { shopFloorId: number; lineIds: number[] } & (
  | { window: { start: Date; end: Date } }
  | { days: { from: string; to: string }; shiftIds?: number[]; /** Instead of ids: the regular shifts of these codes in the range. */ shiftCodes?: string[] }
);

/** Where a list goes on: the shift day, start (UTC, to the microsecond) and id of the last row given. */
export interface StopCursor {
  shiftDay: string;
  startTime: string;
  id: number;
}

/** At most `limit` rows after `after`, in the lists' order; `wholeOrNothing`: no rows at all when more follow. */
export interface PageRequest {
  limit: number;
  after?: StopCursor | null;
  wholeOrNothing?: boolean;
}

/** A page of a list; `next` is null when nothing follows. */
export interface StopPage<R> {
  rows: R[];
  next: StopCursor | null;
}

const ZONE_DAY = (instant: string) => `(timezone(?, ${instant}::timestamptz))::date`;

/**
 * The filter as conditions the indexes (line or shop floor, shift_day, start_time, id) answer.
 * A stop's stored shift day is its start's Italian day or the day before, so a shift's window
 * also bounds the shift days to scan.
 */
function filtered(q: Knex.QueryBuilder, f: StopFilter, after?: StopCursor | null): Knex.QueryBuilder {
  q.whereRaw('not s.deleted').andWhere('s.shop_floor_id', f.shopFloorId);
  // One line as an equality: the planner then reads its (line_id, shift_day, start_time, id)
  // index in order and stops at the page, where `= any(array)` made it fetch and sort the range.
  if (f.lineIds.length === 1) q.andWhere('s.line_id', f.lineIds[0]!);
  else q.andWhereRaw('s.line_id = any(?::int[])', [f.lineIds]);
  if ('window' in f) {
    const [start, end] = [f.window.start.toISOString(), f.window.end.toISOString()];
    q.andWhereRaw(`s.shift_day between ${ZONE_DAY('?')} - 1 and ${ZONE_DAY('?')}`, [PLANT_ZONE, start, PLANT_ZONE, end]);
    q.andWhere('s.start_time', '>=', start).andWhere('s.start_time', '<', end);
  } else {
    q.andWhereRaw('s.shift_day between ?::date and ?::date', [f.days.from, f.days.to]);
    if (f.shiftCodes) {
      // A stop's shift_id is the regular shift holding its start, on its shift day: the shifts of the codes in the range are those.
      q.andWhereRaw('s.shift_id in (select x.id from shifts x where x.shop_floor_id = ? and x.code = any(?::text[]) and x.shift_day between ?::date and ?::date)', [
        f.shopFloorId,
        f.shiftCodes,
        f.days.from,
        f.days.to,
      ]);
    } else if (f.shiftIds && f.shiftIds.length > 0) {
      // The shifts' windows as one multirange, computed once: each stop is then a binary search.
      // The first test is implied by the second (a stop's shift_id is a regular shift holding
      // its start), so the rows are the same; it is there because the planner can estimate it
      // (the multirange test it cannot: it guessed 19 rows for 3,824 and sorted a year of stops
      // instead of reading the first page in index order), and it answers most rows by a hash.
      q.andWhereRaw(
        `(s.shift_id = any(?::bigint[]) or (select range_agg(tstzrange(sx.start_time, sx.end_time, '[)')) from stop_shifts sx where sx.shop_floor_id = ? and sx.id = any(?::bigint[])) @> s.start_time)`,
        [f.shiftIds, f.shopFloorId, f.shiftIds],
      );
    }
  }
  if (after) q.andWhereRaw('(s.shift_day, s.start_time, s.id) > (?::date, ?::timestamptz, ?::bigint)', [after.shiftDay, after.startTime, after.id]);
  return q.orderBy([{ column: 's.shift_day' }, { column: 's.start_time' }, { column: 's.id' }]);
}

/**
 * Times leave PostgreSQL as whole microseconds since 1970 (a bigint, exact below 2^53 until
 * the year 2255): cheaper to read than timestamptz text, and exact for the cursor.
 */
const MICROS_SQL = (column: string) => `(extract(epoch from s.${column}) * 1000000)::bigint as ${column}_us`;

/** A row's cursor: its shift day, its exact start written back as an ISO instant to the microsecond, and its id. */
function cursorOf(r: Record<string, any>): StopCursor {
  const us = Number(r.start_time_us);
  const iso = new Date(Math.floor(us / 1000)).toISOString();
  return { shiftDay: r.shift_day, startTime: `${iso.slice(0, 23)}${String(((us % 1000) + 1000) % 1000).padStart(3, '0')}Z`, id: Number(r.id) };
}

const dateOf = (us: unknown) => new Date(Math.floor(Number(us) / 1000));

/** The stop columns a list needs (times as microseconds), from a stops view aliased `s`. */
const stopColumns = (knex: Knex, table: string, columns: string[]) =>
  knex(`${table} as s`)
    .select(['id', 'line_id', 'equipment_id', 'shift_day', ...columns].map((c) => `s.${c}`))
    .select(knex.raw(MICROS_SQL('start_time')), knex.raw(MICROS_SQL('end_time')));

/** Plant views whose names a list shows, by the row's id column. */
type NameSources = Record<string, string>;

/**
 * Names of the plant items a page refers to, one small query after the page: the stop rows
 * are read alone, so a wrong row estimate (a shift filter is hard to estimate) can never
 * turn the name lookups into loops over the plant tables.
 */
async function namesOf(knex: Knex, rows: Array<Record<string, any>>, sources: NameSources): Promise<Map<string, Map<number, string>>> {
  const names = new Map(Object.keys(sources).map((column) => [column, new Map<number, string>()]));
  if (rows.length === 0) return names;
  const parts = Object.entries(sources).map(([column, view]) => ({ column, view, ids: [...new Set(rows.map((r) => Number(r[column])))] }));
  const sql = parts.map(() => 'select ?::text as k, id, name from ?? where id = any(?::int[])').join(' union all ');
  const found = await knex.raw(
    sql,
    parts.flatMap((p) => [p.column, p.view, p.ids]),
  );
  for (const r of found.rows as Array<{ k: string; id: number; name: string }>) names.get(r.k)!.set(r.id, r.name);
  return names;
}

/**
 * The page's rows (limit + 1, to know whether more follow), then the names. With
 * `wholeOrNothing` a list longer than the limit comes back empty with its `next`: the
 * caller refuses it, so its rows are not worth naming.
 */
async function page<R>(
  knex: Knex,
  inner: Knex.QueryBuilder,
  sources: NameSources,
  map: (r: Record<string, any>, name: (column: string) => Named) => R,
  request: PageRequest | null,
  around: (rows: Knex.QueryBuilder) => Knex.QueryBuilder = (rows) => rows,
): Promise<StopPage<R>> {
  if (request) inner.limit(request.limit + 1);
  const all: Array<Record<string, any>> = await around(inner);
  const rows = request && all.length > request.limit ? all.slice(0, request.limit) : all;
  const next = rows.length < all.length ? cursorOf(rows.at(-1)!) : null;
  if (next && request?.wholeOrNothing) return { rows: [], next };
  const names = await namesOf(knex, rows, sources);
  const out = rows.map((r) => map(r, (column) => ({ id: Number(r[column]), name: names.get(column)!.get(Number(r[column])) ?? '' })));
  return { rows: out, next };
}

const UNPLANNED_NAMES: NameSources = {
  workpoint_id: 'plant_workpoints',
  equipment_id: 'plant_equipments',
  line_id: 'plant_lines',
  stop_code_id: 'plant_stop_codes',
  triggering_event_id: 'plant_triggering_events',
};

/** The unplanned stop's own columns. */
const unplannedStops = (knex: Knex) =>
  stopColumns(knex, 'unplanned_stops', [
    'workpoint_id',
    'stop_code_id',
    'triggering_event_id',
    'failure_mode',
    'corrective_action',
    'action_material_change',
    'action_cleaning',
    'action_setting_adjustment',
    'action_component_restore',
  ]);

/**
 * Each stop of a filtered (and limited) list with its analysis: one probe of root_causes'
 * key per row given, after the limit, so a page of 1,000 out of a year's stops probes
 * 1,000 keys, not one per stop of the year (docs/benchmarks.md, dashboard section).
 */
const withRootCauses = (knex: Knex) => (stops: Knex.QueryBuilder) =>
  knex
    .from(stops.as('s'))
    .select('s.*', 'rc.stop_event_id as root_cause_of', 'rc.root_cause', 'rc.troubleshooting', 'rc.whys', 'rc.category')
    .joinRaw('left join lateral (select r.stop_event_id, r.root_cause, r.troubleshooting, r.whys, r.category from root_causes r where r.stop_event_id = s.id limit 1) rc on true')
    .orderBy([{ column: 's.shift_day' }, { column: 's.start_time_us' }, { column: 's.id' }]);

const toUnplanned = (r: Record<string, any>, name: (column: string) => Named): UnplannedStopRow => ({
  id: Number(r.id),
  workpointId: r.workpoint_id,
  stopCodeId: r.stop_code_id,
  triggeringEventId: r.triggering_event_id,
  failureMode: r.failure_mode,
  correctiveAction: r.corrective_action,
  actionMaterialChange: r.action_material_change,
  actionCleaning: r.action_cleaning,
  actionSettingAdjustment: r.action_setting_adjustment,
  actionComponentRestore: r.action_component_restore,
  startTime: dateOf(r.start_time_us),
  endTime: dateOf(r.end_time_us),
  workpoint: name('workpoint_id'),
  equipment: name('equipment_id'),
  line: name('line_id'),
  stopCode: name('stop_code_id'),
  triggeringEvent: name('triggering_event_id'),
  rootCause: r.root_cause_of == null ? null : { rootCause: r.root_cause, troubleshooting: r.troubleshooting, whys: r.whys ?? [...NO_WHYS], category: r.category ?? '' },
});

/**
 * Unplanned stops of the filter, by start time (then id); with a page, at most its limit
 * after its cursor, and the cursor of the next page. Names come from the plant views,
 * retired items included.
 */
export async function listUnplannedStops(knex: Knex, filter: StopFilter, pageRequest: PageRequest | null = null): Promise<StopPage<UnplannedStopRow>> {
  if (filter.lineIds.length === 0) return { rows: [], next: null };
  return page(knex, filtered(unplannedStops(knex), filter, pageRequest?.after), UNPLANNED_NAMES, toUnplanned, pageRequest, withRootCauses(knex));
}

/** A stop that is not deleted, or null. */
export async function findUnplannedStop(knex: Knex, id: number): Promise<UnplannedStopRow | null> {
  const inner = unplannedStops(knex).where('s.id', id).andWhereRaw('not s.deleted');
  return (await page(knex, inner, UNPLANNED_NAMES, toUnplanned, null, withRootCauses(knex))).rows[0] ?? null;
}

/** Planned stops of the filter, by start time (then id), with equipment, line and reason names. */
export async function listPlannedStops(knex: Knex, filter: StopFilter): Promise<PlannedStopRow[]> {
  if (filter.lineIds.length === 0) return [];
  const inner = filtered(stopColumns(knex, 'planned_stops', ['planned_reason_id', 'notes']), filter);
  const sources = { equipment_id: 'plant_equipments', line_id: 'plant_lines', planned_reason_id: 'plant_planned_stop_reasons' };
  const toPlanned = (r: Record<string, any>, name: (column: string) => Named): PlannedStopRow => ({
    id: Number(r.id),
    equipmentId: r.equipment_id,
    plannedReasonId: r.planned_reason_id,
    startTime: dateOf(r.start_time_us),
    endTime: dateOf(r.end_time_us),
    notes: r.notes,
    equipment: name('equipment_id'),
    line: name('line_id'),
    plannedReason: name('planned_reason_id'),
  });
  return (await page(knex, inner, sources, toPlanned, null)).rows;
}

/** Ids among these that are shifts of the shop floor (the others answer 404), from the stops' own calendar. */
export async function knownShiftIds(knex: Knex, shopFloorId: number, ids: number[]): Promise<number[]> {
  // One array parameter, not a placeholder per id: the dashboard sends every shift of a year (about 1,100 ids).
  const r = await knex.raw<{ rows: { id: unknown }[] }>('select id from stop_shifts where shop_floor_id = ? and id = any(?::bigint[])', [shopFloorId, ids]);
  return r.rows.map((row) => Number(row.id));
}
