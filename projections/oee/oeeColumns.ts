import type { Knex } from 'knex';
import { MAX_MINOR_STOP_MINUTES } from '../../domain/oee/categories.js';
import { bigint, boolean, date, defineColumns, double, doubleArray, int, intArray, text, timestamptz } from '../columns.js';
import { SHIFT_COPY_WITH_CODE } from '../shiftPlacement.js';

/**
 * Whether a row's design speed `rate` gives ideal minutes (pieces x 60 / rate): a positive speed
 * the division cannot overflow with (a double overflows, and PostgreSQL fails, past about 1e308;
 * the schema accepts any positive speed up to a billion, down to 5e-324). No plant runs slower
 * than 1e-200 an hour: below that a speed counts as none, as 0 does.
 */
const RATED = (t: string) => `${t}.rate > 1e-200`;

/**
 * The ideal minutes of `pieces` (an expression over row `t`) at `t`'s design speed, 0 without a
 * usable one (RATED). Fewer than 1e-100 pieces count none: from that many up, at a speed of at
 * most a billion an hour, the division cannot underflow either (PostgreSQL fails a statement
 * whose double falls below 5e-324). The schema accepts a waste of 5e-324 pieces, which at a
 * billion an hour failed the projection's month sums (found by the totality test).
 */
export const IDEAL = (t: string, pieces: string) => `case when ${RATED(t)} and ${pieces} >= 1e-100 then ${pieces} * 60 / ${t}.rate else 0 end`;

/**
 * The sum of a double expression over a group, added in the order of `order` (a key unique in
 * the group, or the summed value itself: equal values added in either order give the same sum),
 * and 0 for no row (`where`: only the rows it holds). Doubles added in another order can differ
 * in their last bits, and a rollup's rows come in one order live and in another in a rebuild's
 * load; so the sum is the same to the last bit in both. PostgreSQL sorts the input once for the
 * aggregates of a query that share one order.
 */
export const ORDERED_SUM = (expr: string, order: string, where?: string) => `coalesce(sum(${expr} order by ${order})${where ? ` filter (where ${where})` : ''}, 0)`;

/** A stop's `minutes` as its whole milliseconds (see STOP_MINUTES_SUM). */
export const STOP_MS = (minutes: string) => `round(${minutes} * 60000)::bigint`;

/** Whole milliseconds `ms` (a bigint or numeric sum) as minutes: one division of an exact integer. */
export const MS_MINUTES = (ms: string) => `(${ms})::float8 / 60000`;

/**
 * The sum of stops' `minutes` (of `oee_stops`) over a group, exact whatever the order: each is
 * its whole milliseconds over 60,000 (the projection divides the stop's end less its start), so
 * the sum is taken in whole milliseconds (a 64-bit sum) and divided once. Half the cost of
 * ORDERED_SUM where PostgreSQL cannot sort the groups' input once (grouping sets).
 */
export const STOP_MINUTES_SUM = (minutes: string, where?: string) => `coalesce(${MS_MINUTES(`sum(${STOP_MS(minutes)})${where ? ` filter (where ${where})` : ''}`)}, 0)`;

/** The band of an unplanned stop of `minutes` (`band_floor` of the stop sums): its whole minutes, at most MAX_MINOR_STOP_MINUTES. */
export const BAND = (minutes: string) => `least(floor(${minutes}), ${MAX_MINOR_STOP_MINUTES})::int`;

/**
 * The breakdown minutes at the threshold `:minor` (whole minutes) of a machine's month row `t`
 * of `oee_month_pareto`: the minutes of its bands from `:minor` up, one element of `band_above`
 * (width_bucket counts the bands below `:minor` by a binary search); 0 when none is that long.
 */
export const MACHINE_BREAKDOWNS = (t: string) => `coalesce(${t}.band_above[width_bucket(cast(:minor as int) - 1, ${t}.band_floor) + 1], 0)`;

/** The projection's own copy of the shift calendar: where stops are placed, and each shift's start. */
export const OEE_SHIFTS = defineColumns(SHIFT_COPY_WITH_CODE);

/** An unplanned stop's stop code and failure mode (what two of the Pareto's groupings read). */
const PARETO_KEYS = { stop_code_id: int().nullable(), failure_mode: text().nullable() };

/** One row per stop, planned or unplanned, with what the OEE, the Pareto and the DBR effectiveness group by. */
export const OEE_STOPS = defineColumns({
  id: bigint().primary(),
  /** 'u' unplanned, 'p' planned. */
  kind: text(),
  shop_floor_id: int(),
  line_id: int(),
  equipment_id: int(),
  /** Unplanned stops only. */
  ...PARETO_KEYS,
  /** Planned stops only. */
  reason_id: int().nullable(),
  start_time: timestamptz(),
  /** The Italian day of the start. */
  start_day: date(),
  /** Exact minutes (not rounded): the OEE is checked against worked examples to 0.01 %. */
  minutes: double(),
  deleted: boolean(),
  /** The shift day and code it counts for: the regular shift holding its start, else its Italian day under ''. */
  day: date(),
  shift_code: text(),
});

/** The submitted report of a line, day and shift (the highest stream revision wins). */
export const OEE_REPORTS = defineColumns({
  line_id: int(),
  day: date(),
  shift_code: text(),
  shop_floor_id: int(),
  volume: double(),
  waste: double(),
  working_minutes: double(),
  revision: int(),
});

/**
 * Every change of a line's design speed, at the time it was made: (line, time) is the row's key,
 * so a replay adds nothing, and of two changes at the same instant the later in the store wins.
 */
export const OEE_SPEEDS = defineColumns({
  line_id: int(),
  effective_at: timestamptz(),
  def_speed: double(),
});

/**
 * The micro-stops the machines detected (MachineHourCounted, docs/machine-signals.md), one row
 * per fold that has any: the machine, the hour (`start_time`, placed as a stop starting then)
 * and the fold's first message (the fold's identity), and the (day, shift code) it counts for.
 */
export const OEE_MACHINE_HOURS = defineColumns({
  equipment_id: int(),
  start_time: timestamptz(),
  first_at: timestamptz(),
  shop_floor_id: int(),
  line_id: int(),
  /** The Italian day of the hour. */
  start_day: date(),
  micro_stops: int(),
  micro_stop_minutes: double(),
  day: date(),
  shift_code: text(),
});

/** Each planned stop reason's OEE category. */
export const OEE_REASONS = defineColumns({
  id: int().primary(),
  oee_category: text(),
});

/** The stop sums of a shift (or month) of a line, as `oee_shift_stops`, `oee_shift_figures` and `oee_month_figures` keep them. */
const STOP_SUMS = {
  /** Planned stops of an `excluded` reason, and of a `loss` reason (setup). */
  excluded_minutes: double(),
  setup_minutes: double(),
  unplanned_minutes: double(),
  /** Unplanned stops of at least DEFAULT_MINOR_STOP_MINUTES. */
  breakdown_minutes: double(),
  failures: int(),
  /** Micro-stops the machines detected (`oee_machine_hours`). */
  micro_stops: int(),
  micro_stop_minutes: double(),
  /**
   * The unplanned minutes by band of length: `band_minutes[i]` minutes of stops that last
   * `band_floor[i]` whole minutes (floor of their minutes; 480, MAX_MINOR_STOP_MINUTES, for 480
   * or more), bands ascending; stops under a minute are in none. A shift's row lists each such
   * stop (a band may repeat: one sort, no second grouping, when the rollup is summed), a
   * month's row each band once, summed. A stop is a breakdown at a threshold of T whole minutes
   * when its floor is at least T, so the breakdown minutes at any threshold are the sum of the
   * entries from T up (oeeSql.ts).
   */
  band_floor: intArray(),
  band_minutes: doubleArray(),
};

/**
 * The rollup of `oee_stops` by the (line, day, shift code) they count for, kept by the
 * projection (oeeRollup.ts): what GET /factory/oee sums at any minor-stop threshold,
 * so its cost follows lines × shifts, not stops. Only keys with live stops or detected
 * micro-stops have a row.
 */
export const OEE_SHIFT_STOPS = defineColumns({
  line_id: int(),
  day: date(),
  shift_code: text(),
  ...STOP_SUMS,
});

/**
 * What GET /factory/oee sums at any minor-stop threshold, one row per submitted report
 * (line, day, shift code): the report's figures, the line's design speed as it was at the
 * shift's start, and the stop sums of `oee_shift_stops` (zeros when it has none). Kept by the
 * projection (oeeFigures.ts), so a read is one range of one table.
 */
export const OEE_SHIFT_FIGURES = defineColumns({
  line_id: int(),
  day: date(),
  shift_code: text(),
  shop_floor_id: int(),
  working_minutes: double(),
  volume: double(),
  waste: double(),
  /** `def_speed` in force at the shift's start (before the first change, the first value); null when the line has none. */
  rate: double().nullable(),
  ...STOP_SUMS,
});

/**
 * `oee_shift_figures` summed by calendar month (line, first day of the month, shift code):
 * what GET /factory/oee reads for the whole months of a range chosen by shift codes
 * (oeeMonths.ts), the partial months at its ends coming from `oee_shift_figures`. The
 * produced and good pieces and their ideal minutes (each report's at its own design speed)
 * are summed as the read sums them.
 */
export const OEE_MONTH_FIGURES = defineColumns({
  line_id: int(),
  month: date(),
  shift_code: text(),
  working_minutes: double(),
  produced: double(),
  good: double(),
  ideal: double(),
  good_ideal: double(),
  ...STOP_SUMS,
});

/**
 * The live unplanned stops of `oee_stops` summed by (line, month, shift code they count for)
 * and one Pareto key: `dim` 'c' by stop code, 'f' by failure mode, 'e' by machine (the other
 * two key columns null). What GET /factory/oee/pareto reads for the whole months of a range
 * chosen by shift codes; each dimension holds every stop once. `dim` 'r' is 'e' for the stops
 * of shifts with a submitted report only: what the machine rows of GET /factory/oee read.
 */
export const OEE_MONTH_PARETO = defineColumns({
  line_id: int(),
  month: date(),
  shift_code: text(),
  dim: text(),
  ...PARETO_KEYS,
  equipment_id: int().nullable(),
  minutes: double(),
  n: int(),
  /** The minutes of those of at least DEFAULT_MINOR_STOP_MINUTES (breakdowns). */
  breakdown_minutes: double(),
  /**
   * `dim` 'r' only (empty for the others): the bands of its stops (as `band_floor` of the stop
   * sums: whole minutes, at most MAX_MINOR_STOP_MINUTES; stops under a minute in none), each
   * once, ascending, and `band_above[i]`: the minutes of the stops of band `band_floor[i]` or
   * more. The breakdown minutes at a threshold of T whole minutes are then one element, found
   * by a binary search (MACHINE_BREAKDOWNS), whatever the number of bands.
   */
  band_floor: intArray(),
  band_above: doubleArray(),
});

/**
 * The rollups' columns their readers and batches look rows up by, filter, join or group on:
 * the only ones the planner needs statistics of (see rollupsWithoutFigureStatistics).
 */
const ROLLUP_KEYS = {
  oee_shift_stops: [OEE_SHIFT_STOPS, ['line_id', 'day', 'shift_code']],
  oee_shift_figures: [OEE_SHIFT_FIGURES, ['line_id', 'day', 'shift_code', 'shop_floor_id']],
  oee_month_figures: [OEE_MONTH_FIGURES, ['line_id', 'month', 'shift_code']],
  oee_month_pareto: [OEE_MONTH_PARETO, ['line_id', 'month', 'shift_code', 'dim', 'stop_code_id', 'failure_mode', 'equipment_id']],
} as const;

/**
 * Turns off the planner's statistics of the rollups' figures (sums, counts, bands): they are
 * only read out, so no plan depends on them, and gathering them took three quarters of each
 * rollup's analyze (a rebuild analyzes every table it loaded before it switches; autovacuum later).
 */
export async function rollupsWithoutFigureStatistics(knex: Knex | Knex.Transaction, tables: Record<string, string>): Promise<void> {
  for (const [logical, [columns, keys]] of Object.entries(ROLLUP_KEYS)) {
    const figures = columns.names.filter((c) => !(keys as readonly string[]).includes(c));
    await knex.raw(`alter table ?? ${figures.map(() => 'alter column ?? set statistics 0').join(', ')}`, [tables[logical]!, ...figures]);
  }
}
