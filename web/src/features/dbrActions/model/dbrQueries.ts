/**
 * Which list each page asks for (foundations §4, §7). Both ask for one day of one line; the
 * daily activities page sends `lines` as repeated keys and filters shifts itself, the DBR page
 * sends `lines` comma-joined and the shift comma-joined with an extra empty entry, as the spec's
 * calls do. Nothing is asked until shop floor, day and line are all set.
 */
import type { DbrActionsQuery } from '../api/dbrActions.js';

export interface DbrListSelection {
  shopFloorId: string;
  day: string;
  lineName: string;
}

function complete(s: DbrListSelection): boolean {
  return s.shopFloorId !== '' && s.day !== '' && s.lineName !== '';
}

/** 'Attività giornaliere': lines as repeated keys, no shift filter on the server. */
export function dailyActivitiesQuery(s: DbrListSelection): DbrActionsQuery | null {
  if (!complete(s)) return null;
  return { shop_floor_id: s.shopFloorId, date_from: s.day, date_to: s.day, lines: [s.lineName] };
}

/** 'Azioni DBR esistenti': lines comma-joined; a chosen shift as 'id,' (the server then keeps 'Fine gg' too). */
export function dbrScreenQuery(s: DbrListSelection & { shiftId: number | null }): DbrActionsQuery | null {
  if (!complete(s)) return null;
  const query: DbrActionsQuery = { shop_floor_id: s.shopFloorId, date_from: s.day, date_to: s.day, lines: [s.lineName].join(',') };
  if (s.shiftId !== null) query.shifts = `${s.shiftId},`;
  return query;
}
