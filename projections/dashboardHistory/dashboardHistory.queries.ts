import type { Knex } from 'knex';
import { CHOSEN_SHIFTS_SQL, EMPTY_SUMMARY, noShiftChosen, shiftChoiceParams, summaryFromRow, type DashboardSummary } from '../dashboard/dashboard.queries.js';

/** The summary's choice with the lines already resolved to ids on the shop floor. */
export interface SummaryAsOfFilter {
  shopFloorId: number;
  lineIds: number[];
  shiftIds: number[];
  /** Instead of ids: every shift of these codes in the range. */
  shiftCodes?: string[];
  from: string;
  to: string;
}

/**
 * The improvement summary as it stood at `asOf`: the same sums as dashboardSummary, over the
 * rows valid at that moment (valid_from <= asOf < valid_to). A stop counts for the regular shift
 * holding its start if that shift was scheduled by then, else for its Italian day outside every
 * shift (and so for no chosen shift), as the live dashboard did at the time.
 *
 * The shifts that may hold a stop are those of its start's Italian day and the day before (the
 * live rule, docs/line-log.md): one hash join on (shop floor, shift day) for both days, then the
 * earliest holding shift per stop. A lateral lookup of the latest shift starting before each stop
 * walked the shift index from the plant's first shift, so its cost grew with the calendar: 19 s
 * for a year of 50 lines on 400 days of history, 0.35 s this way (docs/benchmarks.md).
 */
export async function dashboardSummaryAsOf(knex: Knex, f: SummaryAsOfFilter, asOf: Date): Promise<DashboardSummary> {
  if (f.lineIds.length === 0 || noShiftChosen(f)) return EMPTY_SUMMARY;
  const r = await knex.raw<{ rows: Record<string, unknown>[] }>(
    `with chosen as (
       ${CHOSEN_SHIFTS_SQL}),
     valid as (
       select r.line_id, r.day, r.shift_code, r.shop_floor_id, r.volume, r.working_minutes, r.waste
         from dashboard_history_reports r join chosen c on c.shift_day = r.day and c.code = r.shift_code
        where r.shop_floor_id = ? and r.line_id = any(?::int[]) and r.day between ?::date and ?::date
          and r.valid_from <= ? and (r.valid_to is null or r.valid_to > ?)),
     rated as (
       -- each report at the design speed in force at its shift's start, among the speeds set by then (the live read model's rule)
       select r.volume, r.working_minutes, r.waste,
              greatest(coalesce(
                (select sp.def_speed from dashboard_history_speeds sp
                  where sp.line_id = r.line_id and sp.effective_at <= ? and sp.effective_at <= coalesce(
                    (select min(sh.start_time) from dashboard_history_shifts sh
                      where sh.shop_floor_id = r.shop_floor_id and sh.shift_day = r.day and sh.code = r.shift_code and not sh.extra),
                    r.day::timestamp at time zone 'Europe/Rome')
                  order by sp.effective_at desc limit 1),
                (select sp.def_speed from dashboard_history_speeds sp where sp.line_id = r.line_id and sp.effective_at <= ? order by sp.effective_at limit 1),
                0), 0) * r.working_minutes / 60 as rated
         from valid r),
     reports as (
       select coalesce(sum(volume), 0) as volume, coalesce(sum(working_minutes), 0) as working_time, coalesce(sum(waste), 0) as waste, coalesce(sum(rated), 0) as rated
         from rated),
     placed as (
       select distinct on (s.id) s.kind, s.minutes, sh.shift_day, sh.code
         from dashboard_history_stops s
         cross join (values (0), (1)) as back(days)
         join dashboard_history_shifts sh on sh.shop_floor_id = s.shop_floor_id and sh.shift_day = s.start_day - back.days
        where s.shop_floor_id = ? and s.line_id = any(?::int[])
          and s.start_time >= ?::date - interval '2 days' and s.start_time < ?::date + interval '2 days'
          and s.start_day between ?::date and ?::date + 1
          and s.valid_from <= ? and (s.valid_to is null or s.valid_to > ?)
          and not sh.extra and sh.valid_from <= ? and sh.start_time <= s.start_time and s.start_time < sh.end_time
        order by s.id, sh.start_time, sh.id),
     stops as (
       select count(*) filter (where p.kind = 'u') as stop_count,
              coalesce(sum(p.minutes) filter (where p.kind = 'u'), 0) as unplanned,
              coalesce(sum(p.minutes) filter (where p.kind = 'p'), 0) as planned
         from placed p join chosen c on c.shift_day = p.shift_day and c.code = p.code)
     select * from reports, stops`,
    [...shiftChoiceParams(f), f.shopFloorId, f.lineIds, f.from, f.to, asOf, asOf, asOf, asOf, f.shopFloorId, f.lineIds, f.from, f.to, f.from, f.to, asOf, asOf, asOf],
  );
  return summaryFromRow(r.rows[0]!);
}
