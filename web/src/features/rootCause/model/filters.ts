/**
 * The Root Cause Tool's filters as pure rules (line log §2.5, §7): the default range of days, the
 * line selection ('Tutte le linee' / 'Nessuna linea', the default line preselected) and the query
 * of GET /factory/stop_events/unplanned, which is not sent at all when nothing can match.
 */
import { addDays, isIsoDay, todayInRome } from '../../../lib/dates.js';
import type { DayRange } from '../../../lib/dayRange.js';
import type { UnplannedStopsQuery } from '../api/unplannedStops.js';

/** Days the default range covers, today included (README "Root Cause Tool"). */
export const DEFAULT_RANGE_DAYS = 30;

/** The longest range the server answers (docs/line-log.md: at most 366 days). */
export const MAX_RANGE_DAYS = 366;

export type { DayRange } from '../../../lib/dayRange.js';

/** The last 30 days up to today (Europe/Rome): from 29 days ago to today, both included. */
export function defaultDateRange(today: string = todayInRome()): DayRange {
  return { from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today };
}

/** Days in a range, both ends included (0 when it is not a valid range). */
export function daysInRange(range: DayRange): number {
  if (!isIsoDay(range.from) || !isIsoDay(range.to) || range.from > range.to) return 0;
  const ms = Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** Why a range cannot be asked for, in Italian, or null when it is fine. */
export function rangeProblem(range: DayRange): string | null {
  if (!isIsoDay(range.from) || !isIsoDay(range.to)) return 'Indica entrambe le date del periodo.';
  if (range.from > range.to) return 'La data iniziale segue la data finale.';
  if (daysInRange(range) > MAX_RANGE_DAYS) return `Intervallo troppo lungo: al massimo ${MAX_RANGE_DAYS} giorni`;
  return null;
}

/** The limit as the page states it beside the fields, before anyone runs into it. */
export const RANGE_HINT = `Intervallo massimo: ${MAX_RANGE_DAYS} giorni.`;

/** Ids as the checkboxes hold them (strings), whatever the server or local storage gave. */
export type LineId = string;

/**
 * The selection once the lines are known: the default line when it is one of them, else none
 * (a default line of another shop floor selects nothing rather than something unexpected).
 */
export function initialLineSelection(lineIds: readonly LineId[], defaultLineId: string | null | undefined): LineId[] {
  const wanted = defaultLineId?.trim() ?? '';
  return wanted !== '' && lineIds.includes(wanted) ? [wanted] : [];
}

/** Ticks or unticks one line, keeping the lines' own order. */
export function toggleLine(selected: readonly LineId[], lineId: LineId, checked: boolean, order: readonly LineId[]): LineId[] {
  const set = new Set(selected);
  if (checked) set.add(lineId);
  else set.delete(lineId);
  return order.filter((id) => set.has(id));
}

/** What the list needs to be asked for. */
export interface StopsFilter {
  shopFloorId: string;
  range: DayRange;
  lineIds: readonly LineId[];
}

/**
 * The query of GET /factory/stop_events/unplanned (lines_id repeated, sorted so the same choice
 * is one cache entry), or null when no call must be made: no shop floor, no line selected, or a
 * range the server would refuse. With no line the list is simply empty.
 */
export function buildUnplannedStopsQuery(filter: StopsFilter): UnplannedStopsQuery | null {
  const shopFloorId = filter.shopFloorId.trim();
  if (!/^\d+$/.test(shopFloorId)) return null;
  const lines = [...new Set(filter.lineIds.map((id) => id.trim()).filter((id) => /^\d+$/.test(id)))].sort((a, b) => Number(a) - Number(b));
  if (lines.length === 0) return null;
  if (rangeProblem(filter.range) !== null) return null;
  return { shop_floor_id: shopFloorId, date_from: filter.range.from, date_to: filter.range.to, lines_id: lines };
}
