import { DateTime } from 'luxon';
import { shiftReportStream } from '../../domain/shiftReports/events.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import type { ScheduledShift } from '../../domain/shifts/events.js';
import type { ReadSet } from '../readSet.js';
import { readShiftsByDay } from '../shifts/readCalendar.js';

export { shiftReportStream };
/** The one event type that closes a shift (docs/line-log.md, Shift reports). */
export const SHIFT_REPORT_SUBMITTED = 'ShiftReportSubmitted';

/**
 * Every shift of the shop floor's calendar whose [start, end) holds the instant, as the
 * event store knows it (a read table may lag). Usually one; two where the extra shift
 * ('Turno E', 08-16) lies over a regular one. A shift starts on its own day or, for a
 * night shift, the day before the instant's. In calendar order.
 */
export async function shiftsContaining(reads: ReadSet, shopFloorId: number, instant: string): Promise<ScheduledShift[]> {
  const byDay = await readShiftsByDay(reads, shopFloorId);
  const t = Date.parse(instant);
  const day = DateTime.fromMillis(t, { zone: PLANT_ZONE });
  const candidates = [...(byDay.get(day.minus({ days: 1 }).toISODate()!) ?? []), ...(byDay.get(day.toISODate()!) ?? [])];
  return candidates.filter((s) => Date.parse(s.startTime) <= t && t < Date.parse(s.endTime));
}

/**
 * Whether a stop starting at `startTime` on this line sits in a submitted report: a stop
 * shows in the report of every shift that holds its start, so it is frozen when any of
 * them is submitted. A start outside every shift is never locked. Every report stream
 * and the calendar are read through the command's ReadSet, so a submit that lands before
 * the stop's append makes the append fail and the command decide again (locked).
 */
export async function isShiftSubmitted(reads: ReadSet, place: { shopFloorId: number; lineId: number }, startTime: string): Promise<boolean> {
  let locked = false;
  for (const shift of await shiftsContaining(reads, place.shopFloorId, startTime)) {
    // By event type only, so the lock does not depend on the report aggregate's code.
    const report = await reads.readRaw(shiftReportStream(place.lineId, shift.shiftDay, shift.code));
    if (report.some((r) => r.type === SHIFT_REPORT_SUBMITTED)) locked = true;
  }
  return locked;
}
