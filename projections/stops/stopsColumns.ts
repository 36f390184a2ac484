import { bigint, boolean, date, defineColumns, int, text, timestamptz, type RowOf } from '../columns.js';
import { SHIFT_COPY } from '../shiftPlacement.js';

/** Columns both kinds share: the place (for the filters), the times, and the days the lists filter on. */
const common = {
  id: bigint().primary(),
  shop_floor_id: int(),
  line_id: int(),
  equipment_id: int(),
  start_time: timestamptz(),
  end_time: timestamptz(),
  /** Day of the start in Italy: the shift day when no regular shift holds the start. */
  start_day: date(),
  /** The day the stop counts for (docs/line-log.md): its regular shift's day, else start_day. */
  shift_day: date(),
  /** The regular shift holding the start, null while none is scheduled. */
  shift_id: bigint().nullable(),
  /** Deleted stops keep their row (history); every list leaves them out. */
  deleted: boolean().defaultTo(false),
  updated_at: timestamptz(),
};

export const UNPLANNED_STOPS = defineColumns({
  ...common,
  workpoint_id: int(),
  stop_code_id: int(),
  triggering_event_id: int(),
  failure_mode: text(),
  corrective_action: text(),
  action_material_change: boolean(),
  action_cleaning: boolean(),
  action_setting_adjustment: boolean(),
  action_component_restore: boolean(),
});

export const PLANNED_STOPS = defineColumns({ ...common, planned_reason_id: int(), notes: text().nullable() });

/** Every scheduled shift, extra ones included (the shift_id filter matches them too). */
export const STOP_SHIFTS = defineColumns(SHIFT_COPY);

/** The columns worked out when a stop is written, from its start and the shifts known then. */
export const PLACEMENT = ['start_day', 'shift_day', 'shift_id'] as const;
type Placement = (typeof PLACEMENT)[number];

/** A stop recorded in the batch, as its events leave it (the placement is not yet worked out). */
export type UnplannedRow = Omit<RowOf<typeof UNPLANNED_STOPS>, Placement>;
export type PlannedRow = Omit<RowOf<typeof PLANNED_STOPS>, Placement>;
export type ShiftRow = RowOf<typeof STOP_SHIFTS>;
