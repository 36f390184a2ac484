import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import type { ImprovementSummary } from '../../domain/dbr/efficiency.js';

/** The improvement summary (spec 000 §3), as domain/dbr/efficiency.ts declares it. */
export type DashboardSummary = ImprovementSummary;

export interface SummaryFilter {
  shopFloorId: number;
  /** Line names, as the page sends them; names unknown on the shop floor select nothing. */
  lineNames: string[];
  shiftIds: number[];
  /** Instead of ids: every shift of these codes in the range (what the page's names stand for; a year is over 1,000 ids). */
  shiftCodes?: string[];
  from: string;
  to: string;
}

/**
 * The chosen (day, code) pairs of a summary, by shift id or by code: its parameters are the shop
 * floor, the ids, the codes and the range (shiftChoiceParams).
 */
export const CHOSEN_SHIFTS_SQL = `select distinct shift_day, code from shifts
  where shop_floor_id = ? and (id = any(?::bigint[]) or code = any(?::text[])) and shift_day between ?::date and ?::date`;

/** CHOSEN_SHIFTS_SQL's parameters: the codes when given (then no id), else the ids. */
export function shiftChoiceParams(f: { shopFloorId: number; shiftIds: number[]; shiftCodes?: string[]; from: string; to: string }): Knex.Value[] {
  return [f.shopFloorId, f.shiftCodes ? [] : f.shiftIds, f.shiftCodes ?? [], f.from, f.to];
}

/** Whether a summary's choice of shifts is empty (nothing chosen: the summary of nothing). */
export const noShiftChosen = (f: { shiftIds: number[]; shiftCodes?: string[] }) => (f.shiftCodes ?? f.shiftIds).length === 0;

/** The summary of nothing chosen (no line or no shift). */
export const EMPTY_SUMMARY: Readonly<DashboardSummary> = Object.freeze({
  volume: 0,
  working_time: 0,
  waste: 0,
  stop_count: 0,
  total_unplanned_downtime: 0,
  total_planned_downtime: 0,
  rated_volume: 0,
});

/**
 * The summary from a row of sums named volume, working_time, waste, stop_count, unplanned,
 * planned and rated (numeric text or numbers). `rated` is Σ working hours × the design speed in
 * force at each shift's start, summed by the read model per row (docs/dashboard.md).
 */
export function summaryFromRow(row: Record<string, unknown>): DashboardSummary {
  return {
    volume: Number(row.volume),
    working_time: Number(row.working_time),
    waste: Number(row.waste),
    stop_count: Number(row.stop_count),
    total_unplanned_downtime: Number(row.unplanned),
    total_planned_downtime: Number(row.planned),
    rated_volume: Number(row.rated),
  };
}

/** Whether the shop floor exists and is not retired: a scalar subquery, so a read checks it in its own statement. */
const FLOOR_SQL = '(select exists (select 1 from plant_shop_floors f where f.id = ? and not f.retired))';

const SUMS = 'd.line_id, d.volume, d.working_minutes, d.waste, d.stop_count, d.unplanned_minutes, d.planned_minutes, d.rated_volume';

/**
 * The calendar months lying wholly inside [from, to] (first days of the first and the last;
 * the first after the last when there is none) and the two ranges of days left at the edges
 * (an empty range has its first day after its last). Their union is [from, to], without overlap.
 */
export function wholeMonths(from: string, to: string): { firstMonth: string; lastMonth: string; edges: [string, string, string, string] } {
  const f = DateTime.fromISO(from, { zone: 'utc' });
  const t = DateTime.fromISO(to, { zone: 'utc' });
  const first = f.day === 1 ? f : f.startOf('month').plus({ months: 1 });
  const lastEnd = t.endOf('month').day === t.day ? t.startOf('day') : t.startOf('month').minus({ days: 1 });
  const d = (x: DateTime) => x.toISODate()!;
  if (first > lastEnd) return { firstMonth: d(first), lastMonth: d(first.minus({ months: 1 })), edges: [from, to, d(t.plus({ days: 1 })), to] };
  return { firstMonth: d(first), lastMonth: d(lastEnd.startOf('month')), edges: [from, d(first.minus({ days: 1 })), d(lastEnd.plus({ days: 1 })), to] };
}

/**
 * Sums the line-day-shift rows of the filter, or null when the shop floor does not exist,
 * in one statement (the summary is asked at every filter change). A shift id stands for
 * its day and code, so the rows are those of the chosen (day, code) pairs; stops outside
 * every shift are left out, as a chosen shift never holds them.
 *
 * The page chooses shifts by name, so the ids are usually every shift of some codes in the
 * range: then the rows are matched on the code alone, from the covering index, instead of
 * joined to the pairs (a year of 50 lines is 55,000 rows; docs/benchmarks.md, dashboard).
 * The two are the same rows because a row's code always comes from a scheduled shift of
 * that day (a submitted report's, or the regular shift holding a stop's start). One
 * branch of the union runs, the other is cut by its one-time filter.
 */
export async function dashboardSummary(knex: Knex, f: SummaryFilter): Promise<DashboardSummary | null> {
  const floor = f.shopFloorId;
  const range = [floor, f.from, f.to];
  const m = wholeMonths(f.from, f.to);
  const r = await knex.raw<{ rows: Record<string, unknown>[] }>(
    `with chosen as materialized (
       ${CHOSEN_SHIFTS_SQL}
     ), codes as (
       select coalesce(array_agg(distinct code), '{}') as codes from chosen
     ), whole as (
       -- chosen is a subset of the (day, code) pairs of its codes in the range: equal counts make it all of them
       select (select count(*) from (select distinct s.shift_day, s.code from shifts s
                 where s.shop_floor_id = ? and s.shift_day between ?::date and ?::date and s.code = any((select codes from codes)::text[])) x)
              = (select count(*) from chosen) as yes
     ), lines as (
       select array(select l.id from plant_lines l where l.shop_floor_id = ? and l.name = any(?::text[])) as ids
     ), edges(first, last) as (
       -- the partial months at both ends: two ranges, each read from the covering index (an empty one has first after last)
       values (?::date, ?::date), (?::date, ?::date)
     ), picked as (
       select ${SUMS} from dashboard_months d
        where (select yes from whole) and d.shop_floor_id = ? and d.month between ?::date and ?::date
          and d.line_id = any((select ids from lines)::int[]) and d.shift_code = any((select codes from codes)::text[])
       union all
       select ${SUMS} from dashboard_days d, edges e
        where (select yes from whole) and d.shop_floor_id = ? and d.day between e.first and e.last
          and d.line_id = any((select ids from lines)::int[]) and d.shift_code = any((select codes from codes)::text[])
       union all
       select ${SUMS} from dashboard_days d join chosen c on c.shift_day = d.day and c.code = d.shift_code
        where not (select yes from whole) and d.shop_floor_id = ? and d.day between ?::date and ?::date
          and d.line_id = any((select ids from lines)::int[])
     )
     select ${FLOOR_SQL} as floor, coalesce(sum(rated_volume), 0) as rated,
            coalesce(sum(volume), 0) as volume, coalesce(sum(working_minutes), 0) as working_time, coalesce(sum(waste), 0) as waste,
            coalesce(sum(stop_count), 0) as stop_count, coalesce(sum(unplanned_minutes), 0) as unplanned, coalesce(sum(planned_minutes), 0) as planned
       from picked`,
    [...shiftChoiceParams(f), ...range, floor, f.lineNames, ...m.edges, floor, m.firstMonth, m.lastMonth, floor, ...range, floor],
  );
  const row = r.rows[0]!;
  if (!row.floor) return null;
  if (f.lineNames.length === 0 || noShiftChosen(f)) return EMPTY_SUMMARY;
  return summaryFromRow(row);
}

/**
 * Volume per day of the lines over [from, to], every day present (0 without a submitted
 * report), or null when the shop floor does not exist; one statement.
 */
export async function volumesHistory(knex: Knex, shopFloorId: number, lineIds: number[], from: string, to: string): Promise<{ date: string; volume: number }[] | null> {
  const r = await knex.raw<{ rows: { floor: boolean; date: string; volume: string | number }[] }>(
    `select ${FLOOR_SQL} as floor, to_char(g.day, 'YYYY-MM-DD') as date, coalesce(v.volume, 0) as volume
       from generate_series(?::date, ?::date, interval '1 day') as g(day)
       left join (select day, sum(volume) as volume from dashboard_line_days
                   where shop_floor_id = ? and line_id = any(?::int[]) and day between ?::date and ?::date group by day) v on v.day = g.day
      order by g.day`,
    [shopFloorId, from, to, shopFloorId, lineIds, from, to],
  );
  if (!r.rows[0]?.floor) return null;
  return r.rows.map((row) => ({ date: row.date, volume: Number(row.volume) }));
}

/** The most recent day in [from, to] whose day rows of the lines meet `condition` (a fixed SQL test on a figure), or null. */
async function lastDayWith(knex: Knex, condition: 'volume > 0' | 'stop_count > 0', shopFloorId: number, lineIds: number[], from: string, to: string): Promise<string | null> {
  const r = await knex.raw<{ rows: { day: string }[] }>(
    `select to_char(max(day), 'YYYY-MM-DD') as day from dashboard_days
      where shop_floor_id = ? and line_id = any(?::int[]) and day between ?::date and ?::date and ${condition}`,
    [shopFloorId, lineIds, from, to],
  );
  return r.rows[0]?.day ?? null;
}

/** The most recent day in [from, to] on which the lines produced something, or null. */
export const lastProductionDay = (knex: Knex, shopFloorId: number, lineIds: number[], from: string, to: string) => lastDayWith(knex, 'volume > 0', shopFloorId, lineIds, from, to);

/** The most recent day in [from, to] with an unplanned stop on the lines, or null. */
export const lastStopDay = (knex: Knex, shopFloorId: number, lineIds: number[], from: string, to: string) => lastDayWith(knex, 'stop_count > 0', shopFloorId, lineIds, from, to);

/**
 * Each line's design speed in force at `at` (a shift's start), by the dashboard's record of its
 * changes: the latest set at or before it, else (before the line's first change) its first, as the
 * rated volume and the loss analysis take it. A line without any has no entry.
 */
export async function speedsInForce(knex: Knex, lineIds: readonly number[], at: Date): Promise<Map<number, number>> {
  const r = await knex.raw<{ rows: { line_id: number; def_speed: number | null }[] }>(
    `select l.id as line_id,
            coalesce((select s.def_speed from dashboard_speeds s where s.line_id = l.id and s.effective_at <= ? order by s.effective_at desc limit 1),
                     (select s.def_speed from dashboard_speeds s where s.line_id = l.id order by s.effective_at limit 1)) as def_speed
       from unnest(?::int[]) as l(id)`,
    [at, [...lineIds]],
  );
  return new Map(r.rows.filter((row) => row.def_speed !== null).map((row) => [Number(row.line_id), Number(row.def_speed)]));
}
