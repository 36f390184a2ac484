import { DateTime } from 'luxon';
import { PLANT_ZONE } from '../../../domain/shifts/calendar.js';
import { sentTimes } from '../../../projections/shiftReports/shiftReports.queries.js';
import { listShifts } from '../../../projections/shifts/shifts.queries.js';
import type { AppDeps } from '../../deps.js';

/**
 * For each detected stop, whether it was still running when the report of its shift was sent
 * (docs/machine-signals.md, 'rilevati dopo l'invio'): its shift is the regular shift holding its
 * start (the earliest, as for recorded stops), and the stop ended after that report's first send,
 * or has not ended. The operator could not classify it; support does, by amending the report.
 * Two queries: the shifts around the window, and their reports' send times.
 */
export async function runningAtSend(
  deps: AppDeps,
  q: { shopFloorId: number; lineId: number; from: Date },
  stops: ReadonlyArray<{ startTime: Date; endTime: Date | null }>,
): Promise<boolean[]> {
  if (stops.length === 0) return [];
  const first = DateTime.fromJSDate(new Date(Math.min(q.from.getTime(), ...stops.map((s) => s.startTime.getTime()))), { zone: PLANT_ZONE });
  const last = DateTime.fromJSDate(new Date(Math.max(...stops.map((s) => s.startTime.getTime()))), { zone: PLANT_ZONE });
  const shifts = await listShifts(deps.knex, q.shopFloorId, first.minus({ days: 1 }).toISODate()!, last.toISODate()!, false);
  const holding = stops.map(
    (s) => shifts.filter((sh) => sh.startTime <= s.startTime && s.startTime < sh.endTime).sort((a, b) => a.startTime.getTime() - b.startTime.getTime())[0] ?? null,
  );
  const keys = [...new Map(holding.filter((h) => h !== null).map((h) => [`${h.shiftDay}|${h.code}`, { day: h.shiftDay, code: h.code }])).values()];
  const sent = await sentTimes(deps.knex, q.lineId, keys);
  return stops.map((s, i) => {
    const h = holding[i];
    const at = h ? sent.get(`${h.shiftDay}|${h.code}`) : undefined;
    return at !== undefined && (s.endTime === null || s.endTime > at);
  });
}
