import type { Knex } from 'knex';
import type { DashboardSummary } from '../dashboard/dashboard.queries.js';

/** The summary's choice with the lines already resolved to ids on the shop floor. */
export interface SummaryAsOfFilter {
  shopFloorId: number;
  lineIds: number[];
  shiftIds: number[];
  from: string;
  to: string;
}

/**
 * The improvement summary as it stood at `asOf`: the same sums as dashboardSummary, over the
 * rows valid at that moment (valid_from <= asOf < valid_to). A stop counts for the regular shift
 * holding its start if that shift was scheduled by then, else for its Italian day outside every
 * shift (and so for no chosen shift), as the live dashboard did at the time.
 */
export async function dashboardSummaryAsOf(knex: Knex, f: SummaryAsOfFilter, asOf: Date): Promise<DashboardSummary> {
  const empty = { volume: 0, working_time: 0, waste: 0, stop_count: 0, total_unplanned_downtime: 0, total_planned_downtime: 0 };
  if (f.lineIds.length === 0 || f.shiftIds.length === 0) return empty;
  const r = await knex.raw<{ rows: Record<string, unknown>[] }>(
    `with chosen as (
       select distinct shift_day, code from shifts where shop_floor_id = ? and id = any(?::bigint[]) and shift_day between ?::date and ?::date),
     reports as (
       select coalesce(sum(r.volume), 0) as volume, coalesce(sum(r.working_minutes), 0) as working_time, coalesce(sum(r.waste), 0) as waste
         from dashboard_history_reports r join chosen c on c.shift_day = r.day and c.code = r.shift_code
        where r.shop_floor_id = ? and r.line_id = any(?::int[]) and r.day between ?::date and ?::date
          and r.valid_from <= ? and (r.valid_to is null or r.valid_to > ?)),
     placed as (
       select s.kind, s.minutes, x.shift_day, x.code
         from dashboard_history_stops s
         join lateral (
           select sh.shift_day, sh.code from dashboard_history_shifts sh
            where sh.shop_floor_id = s.shop_floor_id and sh.extra = false and sh.valid_from <= ?
              and sh.start_time <= s.start_time and s.start_time < sh.end_time
            order by sh.start_time limit 1) x on true
        where s.shop_floor_id = ? and s.line_id = any(?::int[])
          and s.start_time >= ?::date - interval '2 days' and s.start_time < ?::date + interval '2 days'
          and s.valid_from <= ? and (s.valid_to is null or s.valid_to > ?)),
     stops as (
       select count(*) filter (where p.kind = 'u') as stop_count,
              coalesce(sum(p.minutes) filter (where p.kind = 'u'), 0) as unplanned,
              coalesce(sum(p.minutes) filter (where p.kind = 'p'), 0) as planned
         from placed p join chosen c on c.shift_day = p.shift_day and c.code = p.code)
     select * from reports, stops`,
    [f.shopFloorId, f.shiftIds, f.from, f.to, f.shopFloorId, f.lineIds, f.from, f.to, asOf, asOf, asOf, f.shopFloorId, f.lineIds, f.from, f.to, asOf, asOf],
  );
  const row = r.rows[0]!;
  return {
    volume: Number(row.volume),
    working_time: Number(row.working_time),
    waste: Number(row.waste),
    stop_count: Number(row.stop_count),
    total_unplanned_downtime: Number(row.unplanned),
    total_planned_downtime: Number(row.planned),
  };
}
