import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';

/** Which executed actions: a shop floor's lines (by name), executed on the Italian days from..to, each measured over `days` days. */
export interface EffectivenessFilter {
  shopFloorId: number;
  lineNames: string[];
  from: string;
  to: string;
  days: number;
  /** The clock: the days after an execution are observed only up to now. */
  now: Date;
}

/** Unplanned stops of a window: how many and their exact minutes, over the days the window spans. */
export interface StopWindow {
  days: number;
  count: number;
  minutes: number;
}

export interface ActionEffectiveness {
  actionId: number;
  lineName: string;
  dueDate: string;
  activity: string;
  executedAt: Date;
  equipmentId: number;
  equipmentName: string;
  stopCodeId: number | null;
  stopCodeName: string | null;
  before: StopWindow;
  after: StopWindow;
  /** Whether the `days` days after the execution are all in the past (false: `after.days` < `days`). */
  complete: boolean;
}

/** Calendar days (Italian time) between two instants, down to a tenth (a window not yet over never reads as whole). */
const daysBetween = (from: Date, to: Date) =>
  Math.floor(DateTime.fromJSDate(to, { zone: PLANT_ZONE }).diff(DateTime.fromJSDate(from, { zone: PLANT_ZONE }), 'days').days * 10) / 10;

/**
 * For each executed, not deleted action with a target on the chosen lines: the unplanned stops
 * (not deleted) of its target machine (and stop code, when it names one) that started in the
 * `days` Italian calendar days before its execution, against those that started from its
 * execution to `days` days after it or now, whichever is first. One statement over the
 * dbr_actions and oee read models; ordered by execution, then id.
 */
export async function actionEffectiveness(knex: Knex, f: EffectivenessFilter): Promise<ActionEffectiveness[]> {
  if (f.lineNames.length === 0) return [];
  const { rows } = await knex.raw<{ rows: Array<Record<string, any>> }>(
    `with l as (select id, name from plant_lines where shop_floor_id = :floor and name = any(:names)),
          a as (
            select a.id, l.name as line_name, a.line_id, a.due_date, a.activity, a.executed_at, a.target_equipment_id, a.target_stop_code_id,
                   ((a.executed_at at time zone :zone) - make_interval(days => :days)) at time zone :zone as before_from,
                   least(((a.executed_at at time zone :zone) + make_interval(days => :days)) at time zone :zone, :now::timestamptz) as after_to
              from dbr_actions a join l on l.id = a.line_id
             where a.shop_floor_id = :floor and not a.deleted and a.target_equipment_id is not null
               and a.executed_at >= (:from::date::timestamp at time zone :zone)
               and a.executed_at < ((:to::date + 1)::timestamp at time zone :zone)
               and a.executed_at <= :now::timestamptz)
     select a.id, a.line_name, a.due_date::text as due_date, a.activity, a.executed_at, a.after_to,
            a.target_equipment_id, e.name as equipment_name, a.target_stop_code_id, c.name as stop_code_name,
            count(s.id) filter (where s.start_time < a.executed_at) as before_count,
            coalesce(sum(s.minutes) filter (where s.start_time < a.executed_at), 0) as before_minutes,
            count(s.id) filter (where s.start_time >= a.executed_at) as after_count,
            coalesce(sum(s.minutes) filter (where s.start_time >= a.executed_at), 0) as after_minutes
       from a
       left join oee_stops s
         on s.shop_floor_id = :floor and s.line_id = a.line_id and s.kind = 'u' and not s.deleted
        and s.equipment_id = a.target_equipment_id and (a.target_stop_code_id is null or s.stop_code_id = a.target_stop_code_id)
        and s.start_time >= a.before_from and s.start_time < a.after_to
       left join plant_equipments e on e.id = a.target_equipment_id
       left join plant_stop_codes c on c.id = a.target_stop_code_id
      group by a.id, a.line_name, a.due_date, a.activity, a.executed_at, a.after_to, a.target_equipment_id, e.name, a.target_stop_code_id, c.name
      order by a.executed_at, a.id`,
    { floor: f.shopFloorId, names: f.lineNames, from: f.from, to: f.to, days: f.days, now: f.now.toISOString(), zone: PLANT_ZONE },
  );
  return rows.map((r) => {
    const executedAt = new Date(r.executed_at);
    const complete = DateTime.fromJSDate(executedAt, { zone: PLANT_ZONE }).plus({ days: f.days }).toMillis() <= f.now.getTime();
    const afterDays = complete ? f.days : daysBetween(executedAt, new Date(r.after_to));
    return {
      actionId: Number(r.id),
      lineName: String(r.line_name),
      dueDate: String(r.due_date),
      activity: String(r.activity),
      executedAt,
      equipmentId: Number(r.target_equipment_id),
      equipmentName: String(r.equipment_name ?? ''),
      stopCodeId: r.target_stop_code_id == null ? null : Number(r.target_stop_code_id),
      stopCodeName: r.target_stop_code_id == null ? null : String(r.stop_code_name ?? ''),
      before: { days: f.days, count: Number(r.before_count), minutes: Number(r.before_minutes) },
      after: { days: afterDays, count: Number(r.after_count), minutes: Number(r.after_minutes) },
      complete,
    };
  });
}
