import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';

/** At most `limit` of a list, newest first, and how many there are in all. */
export interface Bounded<R> {
  total: number;
  items: R[];
}

/** What every item says of its line (its query selects `line_id` and `line_name`). */
export interface OnLine {
  lineId: number;
  lineName: string;
}

/** A submitted report the improvement role has not amended since. */
export interface ReportToReview extends OnLine {
  day: string;
  shiftCode: string;
  shiftName: string | null;
  submittedAt: Date;
  submittedBy: string;
}

/** An unplanned stop with no root cause written yet. */
export interface StopWithoutCause extends OnLine {
  id: number;
  shiftDay: string;
  equipmentName: string;
  stopCodeName: string;
  startTime: Date;
  endTime: Date;
}

/** A DBR action past its due shift (or its day, for 'Fine gg') and not executed. */
export interface OverdueAction extends OnLine {
  id: number;
  dueDate: string;
  dueShiftName: string | null;
  equipmentName: string | null;
  activity: string;
  owner: string;
}

/** A stop a machine detected that no recorded stop explains, in a shift that is over, and that shift (null: none holds its start). */
export interface UnclassifiedDetectedStop extends OnLine {
  id: number;
  equipmentId: number;
  equipmentName: string;
  startTime: Date;
  endTime: Date;
  shift: { day: string; code: string; name: string } | null;
}

/** The improvement role's start page: what waits for it on a shop floor over a range of days. */
export interface SupportQueue {
  reports: Bounded<ReportToReview>;
  stops: Bounded<StopWithoutCause>;
  actions: Bounded<OverdueAction>;
  detected: Bounded<UnclassifiedDetectedStop>;
}

export interface SupportQueueQuery {
  shopFloorId: number;
  from: string;
  to: string;
  now: Date;
  limit: number;
}

type Row = Record<string, any>;

/** Stops latest first (the id breaks a tie), by the table's alias. */
const latestFirst = (alias: string) => [
  { column: `${alias}.start_time`, order: 'desc' as const },
  { column: `${alias}.id`, order: 'desc' as const },
];

/** A list's first `limit` rows, each with its line, and how many there are in all (counted over the whole result). */
async function boundedList<R>(knex: Knex, query: Knex.QueryBuilder, q: SupportQueueQuery, map: (r: Row) => R): Promise<Bounded<R & OnLine>> {
  const rows = (await query.select(knex.raw('count(*) over () as total')).limit(q.limit)) as Row[];
  return { total: rows.length ? Number(rows[0]!.total) : 0, items: rows.map((r) => ({ lineId: Number(r.line_id), lineName: String(r.line_name), ...map(r) })) };
}

/**
 * Reports submitted in the range and not amended since their submit, newest first: the row's
 * last change is the submit (same time and same author; an amend moves at least one of them).
 */
function reportsToReview(knex: Knex, q: SupportQueueQuery): Promise<Bounded<ReportToReview>> {
  const query = knex('shift_reports as r')
    .join('plant_lines as l', 'l.id', 'r.line_id')
    .leftJoin('shifts as s', function () {
      this.on('s.shop_floor_id', 'r.shop_floor_id').andOn('s.shift_day', 'r.day').andOn('s.code', 'r.shift_code');
    })
    .where({ 'r.shop_floor_id': q.shopFloorId, 'r.confirmed': true })
    .andWhereBetween('r.day', [q.from, q.to])
    .andWhereRaw('r.submitted_at is not null and r.updated_at = r.submitted_at and r.updated_by = r.submitted_by')
    .select('r.line_id', 'l.name as line_name', 'r.day', 'r.shift_code', 's.name as shift_name', 'r.submitted_at', 'r.submitted_by')
    .orderBy([{ column: 'r.day', order: 'desc' }, { column: 's.start_time', order: 'desc' }, { column: 'r.line_id' }]);
  return boundedList(knex, query, q, (r) => ({
    day: String(r.day),
    shiftCode: String(r.shift_code),
    shiftName: r.shift_name ?? null,
    submittedAt: r.submitted_at,
    submittedBy: String(r.submitted_by),
  }));
}

/** Unplanned stops of the range's shift days with no root cause (none saved, or a blank one), latest first. */
function stopsWithoutCause(knex: Knex, q: SupportQueueQuery): Promise<Bounded<StopWithoutCause>> {
  const query = knex('unplanned_stops as s')
    .join('plant_lines as l', 'l.id', 's.line_id')
    .join('plant_equipments as e', 'e.id', 's.equipment_id')
    .join('plant_stop_codes as c', 'c.id', 's.stop_code_id')
    .whereRaw('not s.deleted')
    .andWhere('s.shop_floor_id', q.shopFloorId)
    .andWhereRaw('s.shift_day between ?::date and ?::date', [q.from, q.to])
    .andWhereRaw("not exists (select 1 from root_causes r where r.stop_event_id = s.id and btrim(r.root_cause) <> '')")
    .select('s.id', 's.line_id', 'l.name as line_name', 's.shift_day', 'e.name as equipment_name', 'c.name as stop_code_name', 's.start_time', 's.end_time')
    .orderBy(latestFirst('s'));
  return boundedList(knex, query, q, (r) => ({
    id: Number(r.id),
    shiftDay: String(r.shift_day),
    equipmentName: String(r.equipment_name),
    stopCodeName: String(r.stop_code_name),
    startTime: r.start_time,
    endTime: r.end_time,
  }));
}

/**
 * DBR actions not executed whose due shift has ended by `now`; a 'Fine gg' action (no shift) is
 * overdue once its day is over. Due days in the range; latest due first.
 */
function overdueActions(knex: Knex, q: SupportQueueQuery): Promise<Bounded<OverdueAction>> {
  const query = knex('dbr_actions as a')
    .join('plant_lines as l', 'l.id', 'a.line_id')
    .leftJoin('plant_equipments as e', 'e.id', 'a.equipment_id')
    .leftJoin('shifts as s', 's.id', 'a.due_shift_id')
    .where({ 'a.deleted': false, 'a.shop_floor_id': q.shopFloorId })
    .whereNull('a.executed_at')
    .andWhereBetween('a.due_date', [q.from, q.to])
    .andWhere((w) => w.where('a.due_date', '<', q.to).orWhere('s.end_time', '<=', q.now))
    .select('a.id', 'a.line_id', 'l.name as line_name', 'a.due_date', 'a.due_shift_name', 'a.equipment_id', 'e.name as equipment_name', 'a.activity', 'a.owner')
    .orderBy([{ column: 'a.due_date', order: 'desc' }, { column: 's.start_time', order: 'desc', nulls: 'first' }, { column: 'a.id' }]);
  return boundedList(knex, query, q, (r) => ({
    id: Number(r.id),
    dueDate: String(r.due_date),
    dueShiftName: r.due_shift_name ?? null,
    equipmentName: r.equipment_id == null ? null : String(r.equipment_name ?? ''),
    activity: r.activity,
    owner: r.owner,
  }));
}

/**
 * Detected stops no recorded stop explains (docs/machine-signals.md) that started in the range on
 * the shop floor's lines and are left over from past shifts: the machine runs again and the
 * shift holding the start (the earliest, where shifts overlap) is over by `now`, so nobody on
 * the floor will classify them from the line log. Latest first. Read per line through the
 * (line_id, start_time) index, so only the range's stops are read however many years lie behind.
 */
function unclassifiedDetectedStops(knex: Knex, q: SupportQueueQuery): Promise<Bounded<UnclassifiedDetectedStop>> {
  const from = DateTime.fromISO(q.from, { zone: PLANT_ZONE }).toJSDate();
  const to = DateTime.fromISO(q.to, { zone: PLANT_ZONE }).plus({ days: 1 }).toJSDate();
  const shift = knex('shifts as sh')
    .select('sh.shift_day', 'sh.code', 'sh.name', 'sh.end_time')
    .whereRaw('sh.shop_floor_id = d.shop_floor_id and sh.start_time <= d.start_time and sh.end_time > d.start_time')
    // The shift holding a start is of its plant day or the day before (a night shift): the unique (shop floor, day, code) index finds it.
    .andWhereRaw('sh.shift_day between (d.start_time at time zone ?)::date - 1 and (d.start_time at time zone ?)::date', [PLANT_ZONE, PLANT_ZONE])
    .orderBy('sh.start_time')
    .limit(1)
    .as('sh');
  const query = knex('detected_stops as d')
    .join('plant_lines as l', 'l.id', 'd.line_id')
    .join('plant_equipments as e', 'e.id', 'd.equipment_id')
    .joinRaw('left join lateral ? on true', [knex.raw('?', [shift])])
    .whereIn('d.line_id', knex('plant_lines').select('id').where('shop_floor_id', q.shopFloorId))
    .andWhere('d.start_time', '>=', from)
    .andWhere('d.start_time', '<', to)
    .whereNull('d.classified_stop_id')
    .whereNotNull('d.end_time')
    .andWhereRaw('coalesce(sh.end_time, d.end_time) <= ?', [q.now])
    .select(
      'd.id',
      'd.line_id',
      'l.name as line_name',
      'd.equipment_id',
      'e.name as equipment_name',
      'd.start_time',
      'd.end_time',
      'sh.shift_day',
      'sh.code as shift_code',
      'sh.name as shift_name',
    )
    .orderBy(latestFirst('d'));
  return boundedList(knex, query, q, (r) => ({
    id: Number(r.id),
    equipmentId: Number(r.equipment_id),
    equipmentName: String(r.equipment_name),
    startTime: r.start_time,
    endTime: r.end_time,
    shift: r.shift_code == null ? null : { day: String(r.shift_day), code: String(r.shift_code), name: String(r.shift_name) },
  }));
}

/**
 * What waits for the improvement role on a shop floor, four bounded lists read at once. `to` is
 * today: an action due today counts once its shift has ended.
 */
export async function supportQueue(knex: Knex, q: SupportQueueQuery): Promise<SupportQueue> {
  const [reports, stops, actions, detected] = await Promise.all([
    reportsToReview(knex, q),
    stopsWithoutCause(knex, q),
    overdueActions(knex, q),
    unclassifiedDetectedStops(knex, q),
  ]);
  return { reports, stops, actions, detected };
}
