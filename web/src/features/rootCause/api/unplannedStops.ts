/**
 * The Root Cause Tool's list (line log §2.5, §7; docs/line-log.md): GET
 * /factory/stop_events/unplanned for a shop floor, a range of shift days and some lines. Each stop
 * carries its saved analysis, so the tool needs no call per row.
 */
import useSWR, { useSWRConfig } from 'swr';
import { apiRequest, type QueryValue } from '../../../lib/api.js';
import type { RootCauseTexts, UnplannedStop } from '../../../lib/stops.js';
import { followCursor, PAGE_SIZE } from './pages.js';

export type { Named, RootCauseTexts, UnplannedStop } from '../../../lib/stops.js';

/** The list's path; also the first element of every SWR key of the list. */
export const UNPLANNED_STOPS_PATH = '/factory/stop_events/unplanned';

/** The query of one list (see buildUnplannedStopsQuery); null fetches nothing. */
export type UnplannedStopsQuery = Record<string, QueryValue>;

/**
 * Every stop of the filters: one request while they fit in a page of 2000 (a year of a line, a
 * month of a dozen lines), then the next pages ('Tutte le linee' of a large shop floor).
 */
export function fetchUnplannedStops([path, query]: readonly [string, UnplannedStopsQuery]): Promise<UnplannedStop[]> {
  return followCursor(async (after) => {
    const { body, headers } = await apiRequest<UnplannedStop[]>(path, { query: { ...query, limit: PAGE_SIZE, after } });
    return { rows: body, next: headers.get('X-Next-Cursor') };
  });
}

/**
 * The stops for the filters, or nothing at all while `query` is null (no line selected, no shop
 * floor, an invalid range). The previous answer stays on screen while a new filter loads, so the
 * table does not flash empty on every checkbox.
 */
export function useUnplannedStops(query: UnplannedStopsQuery | null) {
  return useSWR<UnplannedStop[], unknown, readonly [string, UnplannedStopsQuery] | null>(query ? [UNPLANNED_STOPS_PATH, query] : null, fetchUnplannedStops, {
    keepPreviousData: true,
    onError: (err: unknown) => console.error('Caricamento degli stop non pianificati non riuscito', err),
  });
}

function isListKey(key: unknown): boolean {
  return Array.isArray(key) && key[0] === UNPLANNED_STOPS_PATH;
}

/**
 * Writes a saved analysis into every cached list holding that stop, without asking the server
 * again: the POST answer is the analysis as saved, and other filters see it at once.
 */
export function useRootCauseCacheUpdate(): (stopId: number, texts: RootCauseTexts) => void {
  const { mutate } = useSWRConfig();
  return (stopId, texts) => {
    void mutate(
      isListKey,
      (stops: UnplannedStop[] | undefined) =>
        stops?.map((s) =>
          s.id === stopId ? { ...s, root_cause: { root_cause: texts.root_cause, troubleshooting: texts.troubleshooting, whys: texts.whys, category: texts.category } } : s,
        ),
      { revalidate: false },
    );
  };
}
