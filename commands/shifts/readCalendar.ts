import { shiftCalendarStream, type ScheduledShift } from '../../domain/shifts/events.js';
import { shiftsByDayFold, type ShiftsByDay } from '../../domain/shifts/state.js';
import type { ReadSet } from '../readSet.js';

/**
 * A shop floor's calendar by day as the event store knows it (a read table may lag),
 * read as part of a command through the cache: a generation landing meanwhile makes the
 * append fail and the command decide again.
 */
export function readShiftsByDay(reads: ReadSet, shopFloorId: number): Promise<ShiftsByDay> {
  return reads.readCached(shiftCalendarStream(shopFloorId), shiftsByDayFold, 'shifts-by-day');
}

/** The shifts of a shop floor's day, in calendar order. */
export async function shiftsOfDay(reads: ReadSet, shopFloorId: number, day: string): Promise<readonly ScheduledShift[]> {
  return (await readShiftsByDay(reads, shopFloorId)).get(day) ?? [];
}
