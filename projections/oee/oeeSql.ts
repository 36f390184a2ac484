import { BY_CODES, codesPieces } from './pareto.queries.js';
import { IDEAL } from './oeeColumns.js';

// The SQL of GET /factory/oee (oee.queries.ts): the chosen shifts' rows `rs` by each path, and the machines' own stops.

/** The chosen (day, code) pairs of the shop floor in the range, once each: by shift id, or every shift of the chosen codes. */
const pairsSql = (chosen: string) => `select distinct shift_day, code from oee_shifts where shop_floor_id = :floor and ${chosen} and shift_day between :from and :to`;

/** A shift's pieces and their ideal minutes at its own design speed (none without one), from a row with volume, waste and rate. */
const PIECES_SQL = (t: string) => `${t}.volume + ${t}.waste as produced, ${t}.volume as good,
  ${IDEAL(t, `(${t}.volume + ${t}.waste)`)} as ideal, ${IDEAL(t, `${t}.volume`)} as good_ideal`;

/** The condition on `oee_shifts` that picks the filter's shifts. */
export const chosenShifts = (f: { shiftCodes?: string[] }) => (f.shiftCodes ? 'code = any(:codes)' : 'id = any(:shifts)');

/**
 * The chosen shifts of the chosen lines that have a submitted report, each with its design
 * speed as it was at the shift's start (before the first change, the first value known):
 * `p` holds each chosen (day, code) once with its regular shift's start, `v` each speed of
 * the lines with the interval it held for, so both join by hash.
 */
const reportsSql = (chosen: string) => `
  l as (select id, name from plant_lines where shop_floor_id = :floor and name = any(:names)),
  p as (
    select d.shift_day, d.code, coalesce(sh.start_time, d.shift_day::timestamp at time zone 'Europe/Rome') as start_at
      from (${pairsSql(chosen)}) d
      left join oee_shifts sh on sh.shop_floor_id = :floor and sh.shift_day = d.shift_day and sh.code = d.code and not sh.extra),
  v as (
    select line_id, def_speed, effective_at as a, lead(effective_at) over w as b, row_number() over w = 1 as is_first
      from oee_speeds where line_id in (select id from l) window w as (partition by line_id order by effective_at)),
  r as (
    select r.line_id, r.day, r.shift_code, r.working_minutes, r.volume, r.waste, v.def_speed as rate
      from oee_reports r
      join l on l.id = r.line_id
      join p on p.shift_day = r.day and p.code = r.shift_code
      left join v on v.line_id = r.line_id and (v.is_first or v.a <= p.start_at) and (v.b is null or p.start_at < v.b)
     where r.day between :from and :to)`;

/**
 * The sums of the stops that count for each of those shifts (`x` excluded, `su` setup, `u`
 * unplanned, `b` breakdowns, `f` failures; `mn`, `mm` the detected micro-stops and their
 * minutes), from every stop and every fold of micro-stops: what the machines' own stops read
 * by shift ids or at a threshold other than the default, and what the tests compare the
 * rollups with (`rawStops`).
 */
export const SHIFTS_SQL = (chosen: string) => `${reportsSql(chosen)},
  st as (
    select s.line_id, s.day, s.shift_code, s.equipment_id, s.kind, s.minutes, coalesce(c.oee_category, 'excluded') as cat
      from oee_stops s
      join r on r.line_id = s.line_id and r.day = s.day and r.shift_code = s.shift_code
      left join oee_reasons c on c.id = s.reason_id
     where not s.deleted),
  s as (
    select line_id, day, shift_code,
           sum(minutes) filter (where kind = 'p' and cat = 'excluded') as x,
           sum(minutes) filter (where kind = 'p' and cat = 'loss') as su,
           sum(minutes) filter (where kind = 'u') as u,
           sum(minutes) filter (where kind = 'u' and minutes >= :minor) as b,
           count(*) filter (where kind = 'u') as f
      from st group by line_id, day, shift_code),
  mh as (
    select h.line_id, h.day, h.shift_code, sum(h.micro_stops) as mn, sum(h.micro_stop_minutes) as mm
      from oee_machine_hours h
      join r on r.line_id = h.line_id and r.day = h.day and r.shift_code = h.shift_code
     group by h.line_id, h.day, h.shift_code),
  rs as (select r.line_id, r.day, r.shift_code, r.working_minutes, ${PIECES_SQL('r')}, s.x, s.su, s.u, s.b, s.f, mh.mn, mh.mm
           from r left join s using (line_id, day, shift_code) left join mh using (line_id, day, shift_code))`;

/**
 * The breakdown minutes of a rollup row `t`: at the default threshold its own column, at
 * another (`banded`) the sum of its bands from the threshold `:minor` up (oeeColumns.ts,
 * STOP_SUMS), null when it has none.
 */
const breakdowns = (t: string, banded: boolean) =>
  banded ? `(select sum(x.m) from unnest(${t}.band_floor, ${t}.band_minutes) x(f, m) where x.f >= :minor)` : `${t}.breakdown_minutes`;

/**
 * The same rows from `oee_shift_figures` (one per submitted report, with its design speed and
 * stop sums; `banded`: at a threshold other than the default). One range of one table joined
 * by hash to the chosen (day, code) pairs.
 */
export const figuresSql = (chosen: string, banded: boolean) => `
  l as (select id from plant_lines where shop_floor_id = :floor and name = any(:names)),
  p as (${pairsSql(chosen)}),
  rs as (
    select ${figuresColumns(banded)}
      from oee_shift_figures g
      join p on p.shift_day = g.day and p.code = g.shift_code
     where g.line_id in (select id from l) and g.day between :from and :to)`;

/** A row of `oee_shift_figures` (alias g) as `rs` holds it. */
const figuresColumns = (banded: boolean) => `g.line_id, g.day, g.shift_code, g.working_minutes, ${PIECES_SQL('g')}, g.excluded_minutes as x, g.setup_minutes as su,
  g.unplanned_minutes as u, ${breakdowns('g', banded)} as b, g.failures as f, g.micro_stops as mn, g.micro_stop_minutes as mm`;

/**
 * By shift codes (every shift of the codes in the range): the whole months of the range from
 * `oee_month_figures`, the partial months at its ends (`:e1`-`:e2`, `:e3`-`:e4`; an empty one has
 * its first day after its last) from `oee_shift_figures`, both matched on the code alone: a
 * report's (day, code) is always a shift scheduled that day (the report command requires it, and
 * shifts are never removed), so it is one of the chosen pairs exactly when its code is chosen.
 * A year of 50 lines and three codes reads 1,800 month rows and the edges' days.
 */
export const monthsSql = (banded: boolean) => `
  l as (select id from plant_lines where shop_floor_id = :floor and name = any(:names)),
  rs as (
    select g.line_id, g.month as day, g.shift_code, g.working_minutes, g.produced, g.good, g.ideal, g.good_ideal, g.excluded_minutes as x, g.setup_minutes as su,
           g.unplanned_minutes as u, ${breakdowns('g', banded)} as b, g.failures as f, g.micro_stops as mn, g.micro_stop_minutes as mm
      from oee_month_figures g
     where g.line_id in (select id from l) and g.month between :m1 and :m2 and g.shift_code = any(:codes)
    union all
    select ${figuresColumns(banded)}
      from oee_shift_figures g
     where g.line_id in (select id from l) and (g.day between :e1 and :e2 or g.day between :e3 and :e4) and g.shift_code = any(:codes))`;

/** The sums of some rows of \`rs\`, by the names OeeSums reads back. */
export const SUMS_SQL = `
  sum(working_minutes) as pot, sum(coalesce(x, 0)) as x, sum(coalesce(su, 0)) as su, sum(coalesce(u, 0)) as u,
  sum(coalesce(b, 0)) as b, sum(coalesce(f, 0)) as f, sum(produced) as produced, sum(good) as good,
  sum(ideal) as ideal, sum(good_ideal) as good_ideal, sum(coalesce(mn, 0)) as mn, sum(coalesce(mm, 0)) as mm`;

/** Each machine's own unplanned stops (`u`, `b`, `f`) in the chosen shifts that have a report, from every stop (`st` of SHIFTS_SQL). */
export const RAW_OWN = `m as (select equipment_id, sum(minutes) as u, sum(minutes) filter (where minutes >= :minor) as b, count(*) as f from st where kind = 'u' group by equipment_id)`;

/** A stop `s` of a shift with a submitted report (what dimension 'r' of `oee_month_pareto` sums). */
const REPORTED = `and exists (select 1 from oee_reports rp where rp.line_id = s.line_id and rp.day = s.day and rp.shift_code = s.shift_code)`;

/**
 * The same sums by shift codes: the whole months (and a mostly covered month less its other
 * days) from the machines' rows of `oee_month_pareto` (dimension 'r'), the other days from the
 * stops (pareto.queries.ts); a report's (day, code) is always a chosen pair when its code is.
 */
export function ownFromMonths(f: { from: string; to: string; shiftCodes?: string[] }, lineIds: number[], atMinor: boolean) {
  const p = codesPieces(f.from, f.to, 'r');
  const sql = `${reportsSql(chosenShifts(f))},
    m as (select s.equipment_id, sum(s.minutes) as u, sum(s.b) as b, sum(s.n) as f from (${BY_CODES('s.equipment_id', p.ranges, REPORTED, atMinor)}) s group by s.equipment_id having sum(s.n) <> 0)`;
  return { sql, bindings: { lines: lineIds, ...p.bindings } };
}
