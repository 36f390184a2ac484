import type { Knex } from 'knex';
import { DEFAULT_MINOR_STOP_MINUTES } from '../../domain/oee/categories.js';
import { monthPieces, type DayRange } from './monthPieces.js';
import { MACHINE_BREAKDOWNS } from './oeeColumns.js';

export const PARETO_BY = ['stop_code', 'failure_mode', 'equipment', 'shift'] as const;
export type ParetoBy = (typeof PARETO_BY)[number];

export interface ParetoFilter {
  shopFloorId: number;
  lineNames: string[];
  shiftIds: number[];
  /** Instead of ids: every shift of these codes in the range. */
  shiftCodes?: string[];
  from: string;
  to: string;
}

/** One bar: what its stops share, their minutes and count, and the share of all minutes up to and including it. */
export interface LossParetoBar {
  key: string;
  label: string;
  minutes: number;
  count: number;
  cumulative_share: number;
}

export interface LossPareto {
  by: ParetoBy;
  total_minutes: number;
  total_count: number;
  bars: LossParetoBar[];
}

/**
 * Each grouping's columns of a stop, its key and its label, read after the stops are summed
 * (so a name is looked up once per bar, not once per stop; names from the plant views, kept
 * for retired items).
 */
const GROUPS: Record<ParetoBy, { columns: string; dim: string; key: string; label: string; join: string }> = {
  stop_code: { columns: 's.stop_code_id', dim: 'c', key: 'g.stop_code_id::text', label: "coalesce(c.name, '')", join: 'left join plant_stop_codes c on c.id = g.stop_code_id' },
  failure_mode: { columns: 's.failure_mode', dim: 'f', key: 'g.failure_mode', label: 'g.failure_mode', join: '' },
  equipment: {
    columns: 's.equipment_id, s.line_id',
    dim: 'e',
    key: 'g.equipment_id::text',
    label: "l.name || ' · ' || coalesce(e.name, '')",
    join: 'join plant_lines l on l.id = g.line_id left join plant_equipments e on e.id = g.equipment_id',
  },
  // Every stop is in each dimension once: the stop codes' rows, summed by their shift code.
  shift: { columns: 's.shift_code', dim: 'c', key: 'g.shift_code', label: 'g.shift_code', join: '' },
};

/** The live unplanned stops of the chosen lines (alias s). */
const LIVE = `s.kind = 'u' and not s.deleted and s.line_id = any(:lines)`;

/** By shift ids: the stops of the chosen (day, code) pairs, with a count of 1 each. */
const BY_IDS = (columns: string) => `
  select ${columns}, s.minutes, 1 as n
    from oee_stops s
    join (select distinct shift_day, code from oee_shifts where shop_floor_id = :floor and id = any(:shifts) and shift_day between :from and :to) p
      on p.shift_day = s.day and p.code = s.shift_code
   where ${LIVE} and s.day between :from and :to`;

/**
 * By shift codes: the months of `monthPieces` (the range's whole months, and a partial one whose
 * days outside the range are fewer) from `oee_month_pareto` (the dimension's rows with their
 * minutes, counts and breakdown minutes `b`), and the stops of its ranges of days from
 * `oee_stops`, signed (-1: the days of such a month outside the range), that also meet `only`
 * (a condition on stop `s`, as the dimension's rows sum them). A key whose stops all lie outside
 * sums to no stops. Binds `:lines` (ids), `:codes` and `codesPieces`' bindings. `atMinor`: the
 * breakdown minutes at the threshold `:minor` (bound too), from the bands of the machines' rows
 * (dimension 'r' only), else at the default threshold.
 */
export const BY_CODES = (columns: string, ranges: readonly DayRange[], only = '', atMinor = false) =>
  [
    `select ${columns}, s.minutes, s.n, ${atMinor ? MACHINE_BREAKDOWNS('s') : 's.breakdown_minutes'} as b
       from oee_month_pareto s
      where s.dim = :dim and s.line_id = any(:lines) and s.month = any(cast(:months as date[])) and s.shift_code = any(:codes)`,
    // One range scan of the stops' index per range of days (a join to a list of ranges is planned as a scan of every stop).
    ...ranges.map(
      (r, i) => `select ${columns}, s.minutes * ${r[2]}, ${r[2]}, case when s.minutes >= ${atMinor ? ':minor' : DEFAULT_MINOR_STOP_MINUTES} then s.minutes * ${r[2]} else 0 end
       from oee_stops s
      where ${LIVE} and s.shift_code = any(:codes) and s.day between :a${i} and :b${i} ${only}`,
    ),
  ].join(' union all ');

/** The range cut by `monthPieces`, and the bindings `BY_CODES` reads of it and of dimension `dim`. */
export function codesPieces(from: string, to: string, dim: string) {
  const p = monthPieces(from, to);
  const bindings = {
    months: p.months,
    dim,
    ...Object.fromEntries(
      p.ranges.flatMap((r, i) => [
        [`a${i}`, r[0]],
        [`b${i}`, r[1]],
      ]),
    ),
  };
  return { ranges: p.ranges, bindings };
}

/**
 * The Pareto of the unplanned stops that count for the chosen shifts (a shift id stands for
 * its day and code) of the chosen lines: longest downtime first (then most stops, then label),
 * with the cumulative share of the minutes. Deleted stops are left out. The chosen lines' ids
 * are looked up first, so the stops are filtered by a list the planner can weigh. By codes, the
 * stops are filtered on their own (day, code): a stop only ever counts for a regular shift
 * scheduled on that day with that code (or for none, code ''), so that is every shift of the codes.
 */
export async function lossPareto(knex: Knex, f: ParetoFilter, by: ParetoBy): Promise<LossPareto> {
  const g = GROUPS[by];
  const lineIds = (await knex('plant_lines').where({ shop_floor_id: f.shopFloorId }).whereIn('name', f.lineNames).select('id')).map((r: { id: number }) => Number(r.id));
  const p = codesPieces(f.from, f.to, g.dim);
  const rows = (
    await knex.raw<{ rows: Array<{ key: string; label: string; minutes: number; n: string }> }>(
      `with g as (select ${g.columns}, sum(s.minutes) as minutes, sum(s.n) as n from (${f.shiftCodes ? BY_CODES(g.columns, p.ranges) : BY_IDS(g.columns)}) s group by ${g.columns} having sum(s.n) <> 0)
       select ${g.key} as key, ${g.label} as label, g.minutes, g.n
         from g ${g.join}
        order by minutes desc, n desc, label`,
      { floor: f.shopFloorId, lines: lineIds, shifts: f.shiftIds, codes: f.shiftCodes ?? [], from: f.from, to: f.to, ...p.bindings },
    )
  ).rows;
  const total = rows.reduce((a, r) => a + Number(r.minutes), 0);
  let running = 0;
  const bars = rows.map((r) => {
    running += Number(r.minutes);
    return { key: String(r.key), label: r.label, minutes: Number(r.minutes), count: Number(r.n), cumulative_share: total > 0 ? running / total : 0 };
  });
  return { by, total_minutes: total, total_count: bars.reduce((a, b) => a + b.count, 0), bars };
}
