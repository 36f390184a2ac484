import type { Knex } from 'knex';
import { DEFAULT_MINOR_STOP_MINUTES } from '../../domain/oee/categories.js';
import { oeeFigures, ZERO_SUMS, type OeeAnswer, type OeeRow, type OeeSums } from '../../domain/oee/figures.js';
import { wholeMonths } from '../dashboard/dashboard.queries.js';
import { chosenShifts, figuresSql, monthsSql, ownFromMonths, RAW_OWN, SHIFTS_SQL, SUMS_SQL } from './oeeSql.js';

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
  // The machines' rows take their lines' sums from here too; their own stops come from machineSums,
  // from the month rollup (its machine rows' bands give the breakdowns at any threshold).
  const fromRollup = !f.rawStops;
  // At another threshold each rollup row's breakdowns are the sum of its bands from the threshold up.
  const banded = f.minorStopMinutes !== DEFAULT_MINOR_STOP_MINUTES;
  // By machine, the machines' own stops are read at the same time (another connection of the pool).
  const [sums, machines] = await Promise.all([
    knex.raw<{ rows: Array<SumRow & { k: string | null; total: number }> }>(
      `with ${!fromRollup ? SHIFTS_SQL(chosenShifts(f)) : f.shiftCodes && group !== 'day' ? monthsSql(banded) : figuresSql(chosenShifts(f), banded)}
     select ${key ?? `''`} as k, ${key ? `grouping(${key})` : '1'} as total, ${SUMS_SQL}
       from rs ${key ? `group by grouping sets ((${key}), ()) order by total desc, k` : ''}`,
      bindings,
    ),
    group === 'equipment' ? machineSums(knex, f, fromRollup, banded, lines, bindings) : [],
  ]);
  const grouped = sums.rows;
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
  } else if (group === 'equipment') answer.rows = equipmentRows(machines, new Map(rows.map((r) => [String(r.k), r])), lines, days);
  return answer;
}

type MachineSums = { id: number; name: string; line_id: number; u: string | null; b: string | null; f: string | null; mn: string | null; mm: string | null };

/**
 * Each machine of the chosen lines with its own unplanned stops and detected micro-stops in the
 * chosen shifts that have a report. By shift codes the stops come from the month rollup too (as
 * the Pareto reads them; `banded`: the breakdowns at a threshold other than the default, from its
 * bands), else from every stop.
 */
async function machineSums(knex: Knex, f: OeeFilter, fromRollup: boolean, banded: boolean, lines: LineInfo[], bindings: Record<string, unknown>): Promise<MachineSums[]> {
  const own =
    fromRollup && f.shiftCodes
      ? ownFromMonths(
          f,
          lines.map((l) => l.id),
          banded,
        )
      : { sql: `${SHIFTS_SQL(chosenShifts(f))}, ${RAW_OWN}`, bindings: {} };
  return (
    await knex.raw<{ rows: MachineSums[] }>(
      `with ${own.sql},
        mq as (select h.equipment_id, sum(h.micro_stops) as mn, sum(h.micro_stop_minutes) as mm
                 from oee_machine_hours h join r on r.line_id = h.line_id and r.day = h.day and r.shift_code = h.shift_code group by h.equipment_id)
       select e.id, e.name, e.line_id, m.u, m.b, m.f, mq.mn, mq.mm
         from plant_equipments e join l on l.id = e.line_id left join m on m.equipment_id = e.id left join mq on mq.equipment_id = e.id
        where not e.retired or m.equipment_id is not null or mq.equipment_id is not null
        order by e.line_id, e.id`,
      { ...bindings, ...own.bindings },
    )
  ).rows;
}

/**
 * A machine's row (docs/oee.md, per machine): its line's planned time, setup and production,
 * and only its own unplanned stops and detected micro-stops.
 */
function equipmentRows(machines: MachineSums[], lineSums: Map<string, SumRow>, lines: LineInfo[], days: number): OeeRow[] {
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
