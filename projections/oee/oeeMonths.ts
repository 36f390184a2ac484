import type { Knex } from 'knex';
import { DEFAULT_MINOR_STOP_MINUTES } from '../../domain/oee/categories.js';
import { arrayLiteral } from '../batchWrite.js';
import { BAND, IDEAL, MS_MINUTES, ORDERED_SUM, OEE_MONTH_FIGURES, OEE_MONTH_PARETO, STOP_MINUTES_SUM, STOP_MS } from './oeeColumns.js';
import type { ShiftKey } from './oeeRollup.js';

/** The (line, month, shift code) keys of some (line, day, shift code) keys, once each, as the three arrays `MONTHS_TABLE` binds. */
function monthArrays(keys: readonly ShiftKey[]) {
  const months = new Map<string, ShiftKey>();
  for (const k of keys) {
    const month = `${k.day.slice(0, 8)}01`;
    months.set(`${k.line_id} ${month} ${k.shift_code}`, { line_id: k.line_id, day: month, shift_code: k.shift_code });
  }
  const all = [...months.values()];
  return [arrayLiteral(all.map((k) => k.line_id)), arrayLiteral(all.map((k) => k.day)), all.map((k) => k.shift_code)];
}

const MONTHS_TABLE = `unnest(?::int[], ?::date[], ?::text[]) k(line_id, month, shift_code)`;
/** The rows of table alias `t` a month key `k` sums: its line and code, the days of its month. */
const IN_MONTH = (t: string) => `${t}.line_id = k.line_id and ${t}.shift_code = k.shift_code and ${t}.day >= k.month and ${t}.day < (k.month + interval '1 month')::date`;

/** The sums of `oee_month_figures` over rows `g` of `oee_shift_figures` (all but the bands), each added day by day. */
const DAILY = (expr: string) => ORDERED_SUM(expr, 'g.day');
const FIGURE_SUMS = `${DAILY('g.working_minutes')}, ${DAILY('g.volume + g.waste')}, ${DAILY('g.volume')},
  ${DAILY(IDEAL('g', '(g.volume + g.waste)'))}, ${DAILY(IDEAL('g', 'g.volume'))},
  ${DAILY('g.excluded_minutes')}, ${DAILY('g.setup_minutes')}, ${DAILY('g.unplanned_minutes')}, ${DAILY('g.breakdown_minutes')}, sum(g.failures), sum(g.micro_stops),
  ${DAILY('g.micro_stop_minutes')}`;

/**
 * The rows of `oee_month_figures` from `rows`, a select of rows `g.*` of `oee_shift_figures`
 * with their `month`: FIGURE_SUMS by (line, month, shift code), and each month's bands summed
 * band by band (empty when its rows have none).
 */
const MONTH_FIGURES_OF = (rows: string) => `
  with g as (${rows}),
  b as (select g.line_id, g.month, g.shift_code, u.f, ${ORDERED_SUM('u.m', 'u.m')} as m from g cross join unnest(g.band_floor, g.band_minutes) u(f, m) group by 1, 2, 3, 4)
  select s.*, coalesce(bb.band_floor, '{}'), coalesce(bb.band_minutes, '{}')
    from (select g.line_id, g.month, g.shift_code, ${FIGURE_SUMS} from g group by 1, 2, 3) s
    left join (select line_id, month, shift_code, array_agg(f order by f) as band_floor, array_agg(m order by f) as band_minutes from b group by 1, 2, 3) bb
      using (line_id, month, shift_code)`;

/** The sums of `oee_month_pareto` over stops `s`: minutes, count, breakdown minutes. */
const STOP_SUMS = `${STOP_MINUTES_SUM('s.minutes')}, count(*), ${STOP_MINUTES_SUM('s.minutes', `s.minutes >= ${DEFAULT_MINOR_STOP_MINUTES}`)}`;
/** The Pareto key and sums of `oee_month_pareto` over stops `s` crossed with the dimensions `d` but 'r'; PARETO_STOPS: the stops it sums; DIMS: the dimensions. */
const PARETO_SUMS = `d.dim, case when d.dim = 'c' then s.stop_code_id end, case when d.dim = 'f' then s.failure_mode end, case when d.dim = 'e' then s.equipment_id end,
  ${STOP_SUMS}`;
const PARETO_STOPS = `s.kind = 'u' and not s.deleted`;
const DIMS = `cross join (values ('c'), ('f'), ('e')) d(dim)`;
/** The submitted report `rp` of stop `s`'s (line, day, shift code): dimension 'r' sums only the stops that have one. */
const REPORT_OF = `?? rp on rp.line_id = s.line_id and rp.day = s.day and rp.shift_code = s.shift_code`;
/** The band columns of the dimensions but 'r'. */
const NO_BANDS = `'{}'::int[], '{}'::float8[]`;

/**
 * The machines' month rows (`dim` 'r') from `stops`, a select of the live unplanned stops of
 * shifts with a submitted report as (line_id, month, shift_code, equipment_id, minutes): each
 * band's whole milliseconds summed (STOP_MINUTES_SUM), then the row's sums over its bands and
 * each band's from it to the longest (a window over the rows already sorted by band), exact
 * integers divided once.
 */
const MACHINE_ROWS_OF = (stops: string) => `
  with b as (select line_id, month, shift_code, equipment_id, ${BAND('minutes')} as f, sum(${STOP_MS('minutes')}) as ms, count(*) as n
               from (${stops}) s group by 1, 2, 3, 4, 5)
  select line_id, month, shift_code, 'r', null::int, null::text, equipment_id,
         ${MS_MINUTES('sum(ms)')}, sum(n), coalesce(${MS_MINUTES(`sum(ms) filter (where f >= ${DEFAULT_MINOR_STOP_MINUTES})`)}, 0),
         coalesce(array_agg(f order by f) filter (where f >= 1), '{}'), coalesce(array_agg(${MS_MINUTES('above')} order by f) filter (where f >= 1), '{}')
    from (select b.*, sum(ms) over (partition by line_id, month, shift_code, equipment_id order by f rows between current row and unbounded following) as above from b) x
   group by 1, 2, 3, 7`;

/**
 * Replaces the rows of a month rollup (keyed by line, month, shift code) holding these keys by
 * `select`'s rows: a statement reading the month keys as `MONTHS_TABLE` (its first bindings).
 */
async function rewriteMonths(
  trx: Knex.Transaction,
  table: string,
  names: readonly string[],
  keys: readonly ShiftKey[],
  select: string,
  bindings: readonly Knex.Value[],
): Promise<void> {
  if (keys.length === 0) return;
  const months = monthArrays(keys);
  await trx.raw(`delete from ?? t using ${MONTHS_TABLE} where t.line_id = k.line_id and t.month = k.month and t.shift_code = k.shift_code`, [table, ...months]);
  await trx.raw(`insert into ?? (${names.join(', ')}) ${select}`, [table, ...months, ...bindings]);
}

/**
 * Writes again the month rows of `oee_month_figures` holding these (line, day, shift code)
 * keys of `oee_shift_figures`: each the sum of its month's rows (none when it has none), so
 * the rollup is a function of that table however the events are batched.
 */
export async function recomputeMonthFigures(trx: Knex.Transaction, tables: Record<string, string>, keys: readonly ShiftKey[]): Promise<void> {
  await rewriteMonths(trx, tables.oee_month_figures!, OEE_MONTH_FIGURES.names, keys, MONTH_FIGURES_OF(`select g.*, k.month from ${MONTHS_TABLE} join ?? g on ${IN_MONTH('g')}`), [
    tables.oee_shift_figures!,
  ]);
}

/**
 * Writes again the month rows of `oee_month_pareto` holding these (line, day, shift code)
 * keys: the live unplanned stops of each month summed by stop code, by failure mode and by
 * machine, from `oee_stops`, and by machine those of shifts with a report (`oee_reports`).
 */
export async function recomputeMonthPareto(trx: Knex.Transaction, tables: Record<string, string>, keys: readonly ShiftKey[]): Promise<void> {
  await rewriteMonths(
    trx,
    tables.oee_month_pareto!,
    OEE_MONTH_PARETO.names,
    keys,
    `select k.line_id, k.month, k.shift_code, ${PARETO_SUMS}, ${NO_BANDS} from ${MONTHS_TABLE} join ?? s on ${IN_MONTH('s')} and ${PARETO_STOPS} ${DIMS}
      group by 1, 2, 3, 4, 5, 6, 7
     union all
     (${MACHINE_ROWS_OF(`select k.line_id, k.month, k.shift_code, s.equipment_id, s.minutes from ${MONTHS_TABLE} join ?? s on ${IN_MONTH('s')} and ${PARETO_STOPS} join ${REPORT_OF}`)})`,
    [tables.oee_stops!, ...monthArrays(keys), tables.oee_stops!, tables.oee_reports!],
  );
}

/**
 * The month rollups summed over the whole of their source tables at once, into empty tables:
 * what a rebuild's load does once (oeeLoad.ts) instead of summing the months again at every
 * batch. The same rows as the per-batch sums above. `oee_month_figures` reads `oee_shift_figures`.
 */
export async function loadMonthFigures(trx: Knex | Knex.Transaction, tables: Record<string, string>): Promise<void> {
  await trx.raw(`insert into ?? (${OEE_MONTH_FIGURES.names.join(', ')}) ${MONTH_FIGURES_OF(`select g.*, date_trunc('month', g.day)::date as month from ?? g`)}`, [
    tables.oee_month_figures!,
    tables.oee_shift_figures!,
  ]);
}

/**
 * `oee_month_pareto` summed over all of `oee_stops` and `oee_reports`, into an empty table (see
 * loadMonthFigures): the stop codes', failure modes' and machines' rows (`codes`) and the
 * machines' rows of reported shifts (`reported`, dim 'r'), two statements a rebuild runs on two
 * connections at once. Its index comes after both (indexMonthPareto): built at once from the
 * rows, where keeping it row by row cost about a sixth of their insert.
 */
export const loadMonthPareto = {
  async codes(trx: Knex | Knex.Transaction, tables: Record<string, string>): Promise<void> {
    // One pass by grouping sets (a third of the time of the stops crossed with the three dimensions): grouping() tells the dimension.
    await trx.raw(
      `insert into ?? (${OEE_MONTH_PARETO.names.join(', ')})
       select ${MONTH('s')}, case grouping(s.stop_code_id, s.failure_mode, s.equipment_id) when 3 then 'c' when 5 then 'f' else 'e' end,
              s.stop_code_id, s.failure_mode, s.equipment_id, ${STOP_SUMS}, ${NO_BANDS}
         from ?? s where ${PARETO_STOPS}
        group by 1, 2, 3, grouping sets ((s.stop_code_id), (s.failure_mode), (s.equipment_id))`,
      [tables.oee_month_pareto!, tables.oee_stops!],
    );
  },
  async reported(trx: Knex | Knex.Transaction, tables: Record<string, string>): Promise<void> {
    await trx.raw(
      `insert into ?? (${OEE_MONTH_PARETO.names.join(', ')})
       ${MACHINE_ROWS_OF(`select ${MONTH('s')}, s.equipment_id, s.minutes from ?? s join ${REPORT_OF} where ${PARETO_STOPS}`)}`,
      [tables.oee_month_pareto!, tables.oee_stops!, tables.oee_reports!],
    );
  },
};

/** The month Pareto's index, by the key its readers and its per-batch rewrites look rows up by; created once its rows are in (loadMonthPareto). */
export async function indexMonthPareto(trx: Knex | Knex.Transaction, tables: Record<string, string>): Promise<void> {
  const t = tables.oee_month_pareto!;
  await trx.raw('create index ?? on ?? (line_id, month, shift_code, dim)', [`${t}_line_month_code_dim`, t]);
}

/** A row's (line, month, shift code): the month rollups' key. */
const MONTH = (t: string) => `${t}.line_id, date_trunc('month', ${t}.day)::date as month, ${t}.shift_code`;
