import type { Knex } from 'knex';

/** At most `limit` of a list, newest first, and how many there are in all. */
export interface Bounded<R> {
  total: number;
  items: R[];
}

/** A submitted report the improvement role has not amended since. */
export interface ReportToReview {
  lineId: number;
  lineName: string;
  day: string;
  shiftCode: string;
  shiftName: string | null;
  submittedAt: Date;
  submittedBy: string;
}

/** An unplanned stop with no root cause written yet. */
export interface StopWithoutCause {
  id: number;
  lineId: number;
  lineName: string;
  shiftDay: string;
  equipmentName: string;
  stopCodeName: string;
  startTime: Date;
  endTime: Date;
}

/** A DBR action past its due shift (or its day, for 'Fine gg') and not executed. */
export interface OverdueAction {
  id: number;
  lineId: number;
  lineName: string;
  dueDate: string;
  dueShiftName: string | null;
  equipmentName: string | null;
  activity: string;
  owner: string;
}

/** The improvement role's start page: what waits for it on a shop floor over a range of days. */
export interface SupportQueue {
  reports: Bounded<ReportToReview>;
  stops: Bounded<StopWithoutCause>;
  actions: Bounded<OverdueAction>;
}

export interface SupportQueueQuery {
  shopFloorId: number;
  from: string;
  to: string;
  now: Date;
  limit: number;
}

const bounded = <R>(rows: Array<Record<string, any>>, map: (r: Record<string, any>) => R): Bounded<R> => ({
  total: rows.length ? Number(rows[0]!.total) : 0,
  items: rows.map(map),
});

/**
 * Reports submitted in the range and not amended since their submit, newest first: the row's
 * last change is the submit (same time and same author; an amend moves at least one of them).
 */
async function reportsToReview(knex: Knex, q: SupportQueueQuery): Promise<Bounded<ReportToReview>> {
  const rows = await knex('shift_reports as r')
    .join('plant_lines as l', 'l.id', 'r.line_id')
    .leftJoin('shifts as s', function () {
      this.on('s.shop_floor_id', 'r.shop_floor_id').andOn('s.shift_day', 'r.day').andOn('s.code', 'r.shift_code');
    })
    .where({ 'r.shop_floor_id': q.shopFloorId, 'r.confirmed': true })
    .andWhereBetween('r.day', [q.from, q.to])
    .andWhereRaw('r.submitted_at is not null and r.updated_at = r.submitted_at and r.updated_by = r.submitted_by')
    .select('r.line_id', 'l.name as line_name', 'r.day', 'r.shift_code', 's.name as shift_name', 'r.submitted_at', 'r.submitted_by', knex.raw('count(*) over () as total'))
    .orderBy([{ column: 'r.day', order: 'desc' }, { column: 's.start_time', order: 'desc' }, { column: 'r.line_id' }])
    .limit(q.limit);
  return bounded(rows, (r) => ({
    lineId: Number(r.line_id),
    lineName: String(r.line_name),
    day: String(r.day),
    shiftCode: String(r.shift_code),
    shiftName: r.shift_name ?? null,
    submittedAt: r.submitted_at,
    submittedBy: String(r.submitted_by),
  }));
}

/** Unplanned stops of the range's shift days with no root cause (none saved, or a blank one), latest first. */
async function stopsWithoutCause(knex: Knex, q: SupportQueueQuery): Promise<Bounded<StopWithoutCause>> {
  const rows = await knex('unplanned_stops as s')
    .join('plant_lines as l', 'l.id', 's.line_id')
    .join('plant_equipments as e', 'e.id', 's.equipment_id')
    .join('plant_stop_codes as c', 'c.id', 's.stop_code_id')
    .whereRaw('not s.deleted')
    .andWhere('s.shop_floor_id', q.shopFloorId)
    .andWhereRaw('s.shift_day between ?::date and ?::date', [q.from, q.to])
    .andWhereRaw("not exists (select 1 from root_causes r where r.stop_event_id = s.id and btrim(r.root_cause) <> '')")
    .select(
      's.id',
      's.line_id',
      'l.name as line_name',
      's.shift_day',
      'e.name as equipment_name',
      'c.name as stop_code_name',
      's.start_time',
      's.end_time',
      knex.raw('count(*) over () as total'),
    )
    .orderBy([
      { column: 's.start_time', order: 'desc' },
      { column: 's.id', order: 'desc' },
    ])
    .limit(q.limit);
  return bounded(rows, (r) => ({
    id: Number(r.id),
    lineId: Number(r.line_id),
    lineName: String(r.line_name),
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
async function overdueActions(knex: Knex, q: SupportQueueQuery): Promise<Bounded<OverdueAction>> {
  const rows = await knex('dbr_actions as a')
    .join('plant_lines as l', 'l.id', 'a.line_id')
    .leftJoin('plant_equipments as e', 'e.id', 'a.equipment_id')
    .leftJoin('shifts as s', 's.id', 'a.due_shift_id')
    .where({ 'a.deleted': false, 'a.shop_floor_id': q.shopFloorId })
    .whereNull('a.executed_at')
    .andWhereBetween('a.due_date', [q.from, q.to])
    .andWhere((w) => w.where('a.due_date', '<', q.to).orWhere('s.end_time', '<=', q.now))
    .select(
      'a.id',
      'a.line_id',
      'l.name as line_name',
      'a.due_date',
      'a.due_shift_name',
      'a.equipment_id',
      'e.name as equipment_name',
      'a.activity',
      'a.owner',
      knex.raw('count(*) over () as total'),
    )
    .orderBy([{ column: 'a.due_date', order: 'desc' }, { column: 's.start_time', order: 'desc', nulls: 'first' }, { column: 'a.id' }])
    .limit(q.limit);
  return bounded(rows, (r) => ({
    id: Number(r.id),
    lineId: Number(r.line_id),
    lineName: String(r.line_name),
    dueDate: String(r.due_date),
    dueShiftName: r.due_shift_name ?? null,
    equipmentName: r.equipment_id == null ? null : String(r.equipment_name ?? ''),
    activity: r.activity,
    owner: r.owner,
  }));
}

/**
 * What waits for the improvement role on a shop floor, three bounded lists read at once. `to` is
 * today: an action due today counts once its shift has ended.
 */
export async function supportQueue(knex: Knex, q: SupportQueueQuery): Promise<SupportQueue> {
  const [reports, stops, actions] = await Promise.all([reportsToReview(knex, q), stopsWithoutCause(knex, q), overdueActions(knex, q)]);
  return { reports, stops, actions };
}
