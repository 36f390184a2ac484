import type { EventCatalog } from '../../domain/shared/catalog.js';
import { shiftCalendarStream, type ScheduledShift, type ShiftEvent } from '../../domain/shifts/events.js';
import type { EventStore } from '../../domain/shared/eventStore.js';

type Deps = { store: EventStore; catalog: EventCatalog };

/**
 * The shift report's stream, written by the shift-report aggregate: one per line,
 * shift day and shift code (docs/line-log.md). Read raw, by event type only, so the
 * lock does not depend on that aggregate's code.
 */
export const shiftReportStream = (lineId: number, shiftDay: string, shiftCode: string) => `shift-report-${lineId}-${shiftDay}-${shiftCode}`;
/** The one event type that closes a shift (docs/line-log.md, Shift reports). */
export const SHIFT_REPORT_SUBMITTED = 'ShiftReportSubmitted';

/**
 * Every shift of the shop floor's calendar whose [start, end) holds the instant, as
 * the event store knows it (a read table may lag). Usually one; two where the
 * extra shift ('Turno E', 08-16) lies over a regular one.
 */
export async function shiftsContaining(deps: Deps, shopFloorId: number, instant: string): Promise<ScheduledShift[]> {
  const t = Date.parse(instant);
  const found: ScheduledShift[] = [];
  for (const recorded of await deps.store.readStream(shiftCalendarStream(shopFloorId))) {
    const event = deps.catalog.decode(recorded) as unknown as ShiftEvent;
    for (const s of event.data.shifts) if (Date.parse(s.startTime) <= t && t < Date.parse(s.endTime)) found.push(s);
  }
  return found;
}

/**
 * Whether a stop starting at `startTime` on this line sits in a submitted report:
 * a stop shows in the report of every shift that holds its start, so it is frozen
 * when any of them is submitted. A start outside every shift is never locked.
 */
export async function isShiftSubmitted(deps: Deps, place: { shopFloorId: number; lineId: number }, startTime: string): Promise<boolean> {
  for (const shift of await shiftsContaining(deps, place.shopFloorId, startTime)) {
    const report = await deps.store.readStream(shiftReportStream(place.lineId, shift.shiftDay, shift.code));
    if (report.some((r) => r.type === SHIFT_REPORT_SUBMITTED)) return true;
  }
  return false;
}
