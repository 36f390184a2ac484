import { bigint, date, defineColumns, double, int, numeric, text, timestamptz, boolean, type RowOf } from '../columns.js';
import { SHIFT_COPY_WITH_CODE } from '../shiftPlacement.js';
import type { TableNames } from '../types.js';

/** The projection's own copy of the shift calendar. */
export const DASHBOARD_SHIFTS = defineColumns(SHIFT_COPY_WITH_CODE);

/** One row per stop: its place and the two facts that only ever go one way (recorded, deleted). */
export const DASHBOARD_STOPS = defineColumns({
  id: bigint().primary(),
  /** 'u' unplanned, 'p' planned. */
  kind: text(),
  shop_floor_id: int(),
  line_id: int(),
  start_time: timestamptz(),
  minutes: int(),
  deleted: boolean(),
  /** The shift day and code it counts for (see NO_SHIFT). */
  day: date(),
  shift_code: text(),
});

export const DASHBOARD_DAYS = defineColumns({
  line_id: int(),
  day: date(),
  shift_code: text(),
  shop_floor_id: int(),
  volume: double().defaultTo(0),
  waste: double().defaultTo(0),
  working_minutes: double().defaultTo(0),
  /** The report event's revision behind the three figures; null while no report was submitted. */
  report_revision: int().nullable(),
  /** Sums of stops: bigint, since a key's stops may add up past an integer column (docs/bounds.md). */
  stop_count: bigint().defaultTo(0),
  unplanned_minutes: bigint().defaultTo(0),
  planned_minutes: bigint().defaultTo(0),
  /**
   * What the line would have made at design speed in the report's working time: the `def_speed`
   * in force at the shift's start (before the line's first change, its first) × working hours;
   * Rendimento divides the volume by it (docs/dashboard.md). 0 without a report or a speed.
   */
  rated_volume: double().defaultTo(0),
});

/** What a batch writes of a key: every column but rated_volume, which the statement works out from the speeds. */
export const DAY_DELTA_COLUMNS = DASHBOARD_DAYS.pick(
  'line_id',
  'day',
  'shift_code',
  'shop_floor_id',
  'volume',
  'waste',
  'working_minutes',
  'report_revision',
  'stop_count',
  'unplanned_minutes',
  'planned_minutes',
);

/** Every change of a line's design speed, at the time it was made (as the loss analysis keeps them). */
export const DASHBOARD_SPEEDS = defineColumns({
  line_id: int(),
  effective_at: timestamptz(),
  def_speed: double(),
});

/** Exact sums (numeric) of the day rows. */
const sums = {
  volume: numeric(null),
  waste: numeric(null),
  working_minutes: numeric(null),
  stop_count: bigint(),
  unplanned_minutes: bigint(),
  planned_minutes: bigint(),
  rated_volume: numeric(null),
};

export const DASHBOARD_MONTHS = defineColumns({ line_id: int(), month: date(), shift_code: text(), shop_floor_id: int(), ...sums });

export const DASHBOARD_LINE_DAYS = defineColumns({ line_id: int(), day: date(), shop_floor_id: int(), volume: numeric(null) });

/** The physical names of the tables a batch writes. */
export interface DashboardTables {
  shifts: string;
  stops: string;
  days: string;
  speeds: string;
}

export const dashboardTables = (tables: TableNames): DashboardTables => ({
  shifts: tables.dashboard_shifts!,
  stops: tables.dashboard_stops!,
  days: tables.dashboard_days!,
  speeds: tables.dashboard_speeds!,
});

export type ShiftRow = RowOf<typeof DASHBOARD_SHIFTS>;
export type StopRow = RowOf<typeof DASHBOARD_STOPS>;
export type SpeedRow = RowOf<typeof DASHBOARD_SPEEDS>;

/** What one key of `dashboard_days` receives from a batch: stop figures to add, and the report (null figures: none) that replaces its own. */
export type DayDelta = Omit<RowOf<typeof DASHBOARD_DAYS>, 'volume' | 'waste' | 'working_minutes' | 'rated_volume'> & {
  volume: number | null;
  waste: number | null;
  working_minutes: number | null;
};
