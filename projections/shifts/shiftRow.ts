import type { ScheduledShift } from '../../domain/shifts/events.js';

/** A scheduled shift as the read models keep it (their shift tables share these columns). */
export interface ScheduledShiftRow {
  id: number;
  shop_floor_id: number;
  code: string;
  shift_day: string;
  start_time: string;
  end_time: string;
  extra: boolean;
}

/** The row of one shift of a ShiftsScheduled event. */
export const scheduledShiftRow = (shopFloorId: number, s: ScheduledShift): ScheduledShiftRow => ({
  id: s.shiftId,
  shop_floor_id: shopFloorId,
  code: s.code,
  shift_day: s.shiftDay,
  start_time: s.startTime,
  end_time: s.endTime,
  extra: s.extra,
});
