import type { Knex } from 'knex';

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
  rootCause: { rootCause: string; troubleshooting: string } | null;
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
 * shift), or those whose shift day lies in a range, optionally only in some shifts.
 */
export type StopFilter = { shopFloorId: number; lineIds: number[] } & (
  | { window: { start: Date; end: Date } }
  | { days: { from: string; to: string }; shiftIds?: number[] }
);

/**
 * The day a stop counts for: the day of the regular shift holding its start (a night
 * shift's stop at 02:00 counts for the evening the shift began), else the Italian day
 * of its start. A shift starts on its own day or the day before, which bounds the search
 * (and a stop of shift days [from, to] starts between from and to + 1).
 */
const SHIFT_DAY_SQL = (a: string) => `coalesce((
  select sh.shift_day from shifts sh
  where sh.shop_floor_id = ${a}.shop_floor_id and sh.extra = false
    and sh.shift_day between ${a}.start_day - 1 and ${a}.start_day
    and sh.start_time <= ${a}.start_time and ${a}.start_time < sh.end_time
  order by sh.start_time limit 1), ${a}.start_day)`;

function filtered(q: Knex.QueryBuilder, a: string, f: StopFilter): Knex.QueryBuilder {
  q.where(`${a}.deleted`, false).andWhere(`${a}.shop_floor_id`, f.shopFloorId).whereIn(`${a}.line_id`, f.lineIds);
  if ('window' in f) return q.andWhere(`${a}.start_time`, '>=', f.window.start).andWhere(`${a}.start_time`, '<', f.window.end);
  q.andWhereRaw(`${a}.start_day between ?::date and ?::date + 1`, [f.days.from, f.days.to]);
  q.andWhereRaw(`${SHIFT_DAY_SQL(a)} between ?::date and ?::date`, [f.days.from, f.days.to]);
  if (f.shiftIds && f.shiftIds.length > 0) {
    const ids = f.shiftIds;
    q.whereExists(function () {
      this.select(this.client.raw('1')).from('shifts as sx')
        .whereIn('sx.id', ids)
        .andWhereRaw(`sx.shop_floor_id = ${a}.shop_floor_id and sx.start_time <= ${a}.start_time and ${a}.start_time < sx.end_time`);
    });
  }
  return q;
}

const named = (id: unknown, name: unknown): Named => ({ id: Number(id), name: name == null ? '' : String(name) });

function unplannedQuery(knex: Knex): Knex.QueryBuilder {
  return knex('unplanned_stops as u')
    .leftJoin('plant_workpoints as w', 'w.id', 'u.workpoint_id')
    .leftJoin('plant_equipments as e', 'e.id', 'u.equipment_id')
    .leftJoin('plant_lines as l', 'l.id', 'u.line_id')
    .leftJoin('plant_stop_codes as sc', 'sc.id', 'u.stop_code_id')
    .leftJoin('plant_triggering_events as te', 'te.id', 'u.triggering_event_id')
    .leftJoin('root_causes as rc', 'rc.stop_event_id', 'u.id')
    .select('u.*', 'w.name as workpoint_name', 'e.name as equipment_name', 'l.name as line_name', 'sc.name as stop_code_name',
      'te.name as triggering_event_name', 'rc.root_cause', 'rc.troubleshooting', 'rc.stop_event_id as root_cause_of')
    .orderBy([{ column: 'u.start_time' }, { column: 'u.id' }]);
}

const toUnplanned = (r: Record<string, any>): UnplannedStopRow => ({
  id: Number(r.id),
  workpointId: Number(r.workpoint_id),
  stopCodeId: Number(r.stop_code_id),
  triggeringEventId: Number(r.triggering_event_id),
  failureMode: r.failure_mode,
  correctiveAction: r.corrective_action,
  actionMaterialChange: r.action_material_change,
  actionCleaning: r.action_cleaning,
  actionSettingAdjustment: r.action_setting_adjustment,
  actionComponentRestore: r.action_component_restore,
  startTime: r.start_time,
  endTime: r.end_time,
  workpoint: named(r.workpoint_id, r.workpoint_name),
  equipment: named(r.equipment_id, r.equipment_name),
  line: named(r.line_id, r.line_name),
  stopCode: named(r.stop_code_id, r.stop_code_name),
  triggeringEvent: named(r.triggering_event_id, r.triggering_event_name),
  rootCause: r.root_cause_of == null ? null : { rootCause: r.root_cause, troubleshooting: r.troubleshooting },
});

/** Unplanned stops of the filter, by start time. Names come from the plant views, retired items included. */
export async function listUnplannedStops(knex: Knex, filter: StopFilter): Promise<UnplannedStopRow[]> {
  if (filter.lineIds.length === 0) return [];
  return (await filtered(unplannedQuery(knex), 'u', filter)).map(toUnplanned);
}

/** A stop that is not deleted, or null. */
export async function findUnplannedStop(knex: Knex, id: number): Promise<UnplannedStopRow | null> {
  const row = await unplannedQuery(knex).where('u.id', id).andWhere('u.deleted', false).first();
  return row ? toUnplanned(row) : null;
}

/** Planned stops of the filter, by start time, with equipment, line and reason names. */
export async function listPlannedStops(knex: Knex, filter: StopFilter): Promise<PlannedStopRow[]> {
  if (filter.lineIds.length === 0) return [];
  const q = knex('planned_stops as p')
    .leftJoin('plant_equipments as e', 'e.id', 'p.equipment_id')
    .leftJoin('plant_lines as l', 'l.id', 'p.line_id')
    .leftJoin('plant_planned_stop_reasons as pr', 'pr.id', 'p.planned_reason_id')
    .select('p.*', 'e.name as equipment_name', 'l.name as line_name', 'pr.name as reason_name')
    .orderBy([{ column: 'p.start_time' }, { column: 'p.id' }]);
  return (await filtered(q, 'p', filter)).map((r: Record<string, any>) => ({
    id: Number(r.id),
    equipmentId: Number(r.equipment_id),
    plannedReasonId: Number(r.planned_reason_id),
    startTime: r.start_time,
    endTime: r.end_time,
    notes: r.notes,
    equipment: named(r.equipment_id, r.equipment_name),
    line: named(r.line_id, r.line_name),
    plannedReason: named(r.planned_reason_id, r.reason_name),
  }));
}

/** Ids among these that are shifts of the shop floor (the others answer 404). */
export async function knownShiftIds(knex: Knex, shopFloorId: number, ids: number[]): Promise<number[]> {
  const rows = await knex('shifts').where({ shop_floor_id: shopFloorId }).whereIn('id', ids).select('id');
  return rows.map((r: { id: unknown }) => Number(r.id));
}
