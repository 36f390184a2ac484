import type { Knex } from 'knex';
import { DEFAULT_MINOR_STOP_MINUTES } from '../../domain/oee/categories.js';
import { oeeFigures, ZERO_SUMS, type OeeAnswer, type OeeRow, type OeeSums } from '../../domain/oee/figures.js';
import { wholeMonths } from '../dashboard/dashboard.queries.js';
import { RATED } from './oeeColumns.js';

/** The dashboard's filters (docs/dashboard.md) and how to group (docs/oee.md). */
export interface OeeFilter {
  shopFloorId: number;
  lineNames: string[];
  shiftIds: number[];
  /** Instead of ids: every shift of these codes in the range (what the page's names stand for). */
  shiftCodes?: string[];
  from: string;
  to: string;
  /** Unplanned stops shorter than this are minor stops, the others breakdowns. */
  minorStopMinutes: number;
  /** Sum every stop instead of the rollup (the tests compare the two paths). */
  rawStops?: boolean;
}

export const OEE_GROUPS = ['none', 'line', 'equipment', 'day', 'shift'] as const;
export type OeeGroup = (typeof OEE_GROUPS)[number];

export type { OeeAnswer, OeeRow };

/** The chosen (day, code) pairs of the shop floor in the range, once each: by shift id, or every shift of the chosen codes. */
const pairsSql = (chosen: string) => `select distinct shift_day, code from oee_shifts where shop_floor_id = :floor and ${chosen} and shift_day between :from and :to`;

/** A shift's pieces and their ideal minutes at its own design speed (none without one), from a row with volume, waste and rate. */
const PIECES_SQL = (t: string) => `${t}.volume + ${t}.waste as produced, ${t}.volume as good,
  case when ${RATED(t)} then (${t}.volume + ${t}.waste) * 60 / ${t}.rate else 0 end as ideal, case when ${RATED(t)} then ${t}.volume * 60 / ${t}.rate else 0 end as good_ideal`;

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
 * minutes), from every stop and every fold of micro-stops: what the machines' rows and a
 * minor-stop threshold other than the default read.
 */
const SHIFTS_SQL = (chosen: string) => `${reportsSql(chosen)},
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
 * The same rows from `oee_shift_figures` (one per submitted report, with its design speed and
 * stop sums): at the default threshold only. One range of one table joined by hash to the
 * chosen (day, code) pairs.
 */
const figuresSql = (chosen: string) => `
  l as (select id from plant_lines where shop_floor_id = :floor and name = any(:names)),
  p as (${pairsSql(chosen)}),
  rs as (
    select ${FIGURES_COLUMNS}
      from oee_shift_figures g
      join p on p.shift_day = g.day and p.code = g.shift_code
     where g.line_id in (select id from l) and g.day between :from and :to)`;

/** A row of `oee_shift_figures` (alias g) as `rs` holds it. */
const FIGURES_COLUMNS = `g.line_id, g.day, g.shift_code, g.working_minutes, ${PIECES_SQL('g')}, g.excluded_minutes as x, g.setup_minutes as su,
  g.unplanned_minutes as u, g.breakdown_minutes as b, g.failures as f, g.micro_stops as mn, g.micro_stop_minutes as mm`;

/**
 * By shift codes (every shift of the codes in the range): the whole months of the range from
 * `oee_month_figures`, the partial months at its ends (`:e1`-`:e2`, `:e3`-`:e4`; an empty one has
 * its first day after its last) from `oee_shift_figures`, both matched on the code alone: a
 * report's (day, code) is always a shift scheduled that day (the report command requires it, and
 * shifts are never removed), so it is one of the chosen pairs exactly when its code is chosen.
 * A year of 50 lines and three codes reads 1,800 month rows and the edges' days.
 */
const monthsSql = `
  l as (select id from plant_lines where shop_floor_id = :floor and name = any(:names)),
  rs as (
    select g.line_id, g.month as day, g.shift_code, g.working_minutes, g.produced, g.good, g.ideal, g.good_ideal, g.excluded_minutes as x, g.setup_minutes as su,
           g.unplanned_minutes as u, g.breakdown_minutes as b, g.failures as f, g.micro_stops as mn, g.micro_stop_minutes as mm
      from oee_month_figures g
     where g.line_id in (select id from l) and g.month between :m1 and :m2 and g.shift_code = any(:codes)
    union all
    select ${FIGURES_COLUMNS}
      from oee_shift_figures g
     where g.line_id in (select id from l) and (g.day between :e1 and :e2 or g.day between :e3 and :e4) and g.shift_code = any(:codes))`;

/** The sums of some rows of \`rs\`, by the names OeeSums reads back. */
const SUMS_SQL = `
  sum(working_minutes) as pot, sum(coalesce(x, 0)) as x, sum(coalesce(su, 0)) as su, sum(coalesce(u, 0)) as u,
  sum(coalesce(b, 0)) as b, sum(coalesce(f, 0)) as f, sum(produced) as produced, sum(good) as good,
  sum(ideal) as ideal, sum(good_ideal) as good_ideal, sum(coalesce(mn, 0)) as mn, sum(coalesce(mm, 0)) as mm`;

const KEYS: Record<Exclude<OeeGroup, 'equipment'>, string | null> = {
  none: null,
  line: `rs.line_id::text`,
  day: `to_char(rs.day, 'YYYY-MM-DD')`,
  shift: `rs.shift_code`,
};

type SumRow = Record<string, string | number | null>;
const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

function sumsOf(r: SumRow, calendar: number | null): OeeSums {
  const u = n(r.u);
  return {
    planned_operating_minutes: n(r.pot),
    excluded_minutes: n(r.x),
    setup_minutes: n(r.su),
    unplanned_minutes: u,
    breakdown_minutes: n(r.b),
    minor_stop_minutes: u - n(r.b),
    failures: n(r.f),
    produced: n(r.produced),
    good: n(r.good),
    ideal_minutes: n(r.ideal),
    good_ideal_minutes: n(r.good_ideal),
    calendar_minutes: calendar,
    micro_stops: n(r.mn),
    micro_stop_minutes: n(r.mm),
  };
}

const DAY = 86_400_000;
const daysIn = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;

interface LineInfo {
  id: number;
  name: string;
  mtbf: number | null;
  ut: number | null;
}

const orNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const average = (xs: Array<number | null>) => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? known.reduce((a, b) => a + b, 0) / known.length : null;
};

/**
 * `GET /factory/oee`: the figures of docs/oee.md over the filter, and one row per group.
 * Null when the shop floor does not exist.
 */
export async function oeeAnswer(knex: Knex, f: OeeFilter, group: OeeGroup): Promise<OeeAnswer | null> {
  const floor = await knex('plant_shop_floors').where({ id: f.shopFloorId, retired: false }).first('id');
  if (!floor) return null;
  const m = wholeMonths(f.from, f.to);
  const months = { m1: m.firstMonth, m2: m.lastMonth, e1: m.edges[0], e2: m.edges[1], e3: m.edges[2], e4: m.edges[3] };
  const bindings = { floor: f.shopFloorId, names: f.lineNames, shifts: f.shiftIds, codes: f.shiftCodes ?? [], from: f.from, to: f.to, minor: f.minorStopMinutes, ...months };
  const lines = (
    await knex.raw<{ rows: Array<{ id: number; name: string; mtbf: number | null; ut: number | null }> }>(
      `select l.id, l.name, d.mtbf_threshold as mtbf, d.ut_threshold as ut from plant_lines l left join dbr_constants d on d.line_id = l.id
        where l.shop_floor_id = :floor and l.name = any(:names) order by l.id`,
      bindings,
    )
  ).rows.map((r): LineInfo => ({ id: Number(r.id), name: r.name, mtbf: orNull(r.mtbf), ut: orNull(r.ut) }));
  const days = daysIn(f.from, f.to);
  // The whole answer's targets, and the day and shift rows': the averages over the chosen lines that have one.
  const targets = { mtbf_target_minutes: average(lines.map((l) => l.mtbf)), ut_target: average(lines.map((l) => l.ut)) };
  const empty: OeeAnswer = { ...oeeFigures({ ...ZERO_SUMS, calendar_minutes: days * lines.length * 1440 }), ...targets, rows: [] };
  if (lines.length === 0 || (f.shiftCodes ?? f.shiftIds).length === 0) return empty;

  const key = group === 'equipment' ? KEYS.line : KEYS[group];
  // The machines' rows take their lines' sums from here too; only their own stops are read from every stop (equipmentRows).
  const fromRollup = f.minorStopMinutes === DEFAULT_MINOR_STOP_MINUTES && !f.rawStops;
  const grouped = (
    await knex.raw<{ rows: Array<SumRow & { k: string | null; total: number }> }>(
      `with ${!fromRollup ? SHIFTS_SQL(chosenShifts(f)) : f.shiftCodes && group !== 'day' ? monthsSql : figuresSql(chosenShifts(f))}
     select ${key ?? `''`} as k, ${key ? `grouping(${key})` : '1'} as total, ${SUMS_SQL}
       from rs ${key ? `group by grouping sets ((${key}), ()) order by total desc, k` : ''}`,
      bindings,
    )
  ).rows;
  const totalRow = grouped.find((r) => Number(r.total) === 1);
  if (!totalRow) return empty;
  const answer: OeeAnswer = {
    ...oeeFigures(sumsOf(totalRow, days * lines.length * 1440)),
    ...targets,
    rows: [],
  };
  const byId = new Map(lines.map((l) => [String(l.id), l]));
  const rows = grouped.filter((r) => Number(r.total) === 0);
  if (group === 'line') {
    answer.rows = rows.map((r) => {
      const line = byId.get(String(r.k))!;
      return { key: String(r.k), label: line.name, line_id: line.id, mtbf_target_minutes: line.mtbf, ut_target: line.ut, ...oeeFigures(sumsOf(r, days * 1440)) };
    });
  } else if (group === 'day' || group === 'shift') {
    answer.rows = rows.map((r) => ({
      key: String(r.k),
      label: String(r.k),
      line_id: null,
      ...targets,
      ...oeeFigures(sumsOf(r, group === 'day' ? lines.length * 1440 : null)),
    }));
  } else if (group === 'equipment') answer.rows = await equipmentRows(knex, SHIFTS_SQL(chosenShifts(f)), bindings, new Map(rows.map((r) => [String(r.k), r])), lines, days);
  return answer;
}

/**
 * A machine's row (docs/oee.md, per machine): its line's planned time, setup and production,
 * and only its own unplanned stops and detected micro-stops.
 */
async function equipmentRows(knex: Knex, shifts: string, bindings: Record<string, unknown>, lineSums: Map<string, SumRow>, lines: LineInfo[], days: number): Promise<OeeRow[]> {
  const machines = (
    await knex.raw<{ rows: Array<{ id: number; name: string; line_id: number; u: string | null; b: string | null; f: string | null; mn: string | null; mm: string | null }> }>(
      `with ${shifts},
        m as (select equipment_id, sum(minutes) as u, sum(minutes) filter (where minutes >= :minor) as b, count(*) as f from st where kind = 'u' group by equipment_id),
        mq as (select h.equipment_id, sum(h.micro_stops) as mn, sum(h.micro_stop_minutes) as mm
                 from oee_machine_hours h join r on r.line_id = h.line_id and r.day = h.day and r.shift_code = h.shift_code group by h.equipment_id)
       select e.id, e.name, e.line_id, m.u, m.b, m.f, mq.mn, mq.mm
         from plant_equipments e join l on l.id = e.line_id left join m on m.equipment_id = e.id left join mq on mq.equipment_id = e.id
        where not e.retired or m.equipment_id is not null or mq.equipment_id is not null
        order by e.line_id, e.id`,
      bindings,
    )
  ).rows;
  const byLine = new Map(lines.map((l) => [l.id, l]));
  return machines.map((m) => {
    const line = lineSums.get(String(m.line_id));
    const own: OeeSums = line
      ? {
          ...sumsOf(line, days * 1440),
          ...{ unplanned_minutes: n(m.u), breakdown_minutes: n(m.b), minor_stop_minutes: n(m.u) - n(m.b), failures: n(m.f), micro_stops: n(m.mn), micro_stop_minutes: n(m.mm) },
        }
      : { ...ZERO_SUMS };
    const figures = oeeFigures(own);
    // Performance and quality are the line's: the line counts the pieces, not each machine.
    const lineFigures = line ? oeeFigures(sumsOf(line, null)) : figures;
    const performance = lineFigures.performance;
    const oee = figures.availability === null || performance === null || lineFigures.quality === null ? null : figures.availability * performance * lineFigures.quality;
    const l = byLine.get(Number(m.line_id))!;
    return {
      key: String(m.id),
      label: `${l.name} · ${m.name}`,
      line_id: l.id,
      mtbf_target_minutes: l.mtbf,
      ut_target: l.ut,
      ...figures,
      performance,
      oee,
      teep: oee === null ? null : (oee * figures.planned_busy_minutes) / (days * 1440),
    };
  });
}
