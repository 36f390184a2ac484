/**
 * The dashboard's reads (foundations §7; docs/dashboard.md). Every key is null while the
 * filters are incomplete, so nothing is fetched and the lists show empty (§4, §5). Every
 * failure is only logged (§8).
 */
import { useCallback, useMemo } from 'react';
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiFetch, apiRequest, type QueryValue } from '../../../lib/api.js';
import type { DbrAction } from '../../dbrActions/index.js';
import type { Page } from '../../rootCause/index.js';
import type { UnplannedStop } from '../../../lib/stops.js';
import { lossFilterParams, specShiftParams, type DashboardQuery, type LoadedShifts, type ShiftOption } from '../model/filters.js';
import type { GaugeConstants, ImprovementSummary } from '../model/summary.js';

const logged = (what: string) => ({ onError: (err: unknown) => console.error(`Dashboard: ${what} non riuscito`, err) });
const quiet = { revalidateOnFocus: false, keepPreviousData: true };

/** A DBR action as the dashboard's history reads it: the DBR list's own row. */
export type DbrActionRow = DbrAction;

export type { DashboardQuery } from '../model/filters.js';

export function useDefaultDates(shopFloorId: string, lineId: string) {
  return useSWR<{ date_from: string; date_to: string }>(shopFloorId && lineId ? ['/factory/dashboard/default-dates', { shop_floor_id: shopFloorId, line_id: lineId }] : null, {
    ...quiet,
    ...logged('caricamento delle date predefinite'),
  });
}

/**
 * The shifts of a range (null params: nothing asked). The answer carries the key of its params,
 * so the previous dates' list, kept on screen while the new one loads, is never taken for it.
 */
export function useShiftsRange(params: Record<string, string> | null, key: string) {
  return useSWR<LoadedShifts>(
    params ? ['/factory/shifts-range', params, key] : null,
    async ([path, query, k]: [string, Record<string, string>, string]) => ({ key: k, shifts: await apiFetch<ShiftOption[]>(path, { query }) }),
    { ...quiet, ...logged('caricamento dei turni') },
  );
}

/** Lines and shifts comma-joined, as the spec's call table says; `asOf` (Italian wall-clock time): the summary as it stood then. */
export function useImprovementSummary(q: DashboardQuery | null, asOf = '') {
  const at = asOf ? { as_of: asOf } : {};
  return useSWR<ImprovementSummary>(
    q
      ? [
          '/factory/dashboard-improvement',
          {
            shop_floor_id: q.shopFloorId,
            lines: q.lineNames.join(','),
            ...specShiftParams(q, 'shifts', (ids) => ids.join(',')),
            date_from: q.dateFrom,
            date_to: q.dateTo,
            ...at,
          },
        ]
      : null,
    { ...quiet, ...logged('caricamento del riepilogo') },
  );
}

/** Stops a page of the dashboard's list holds: a page the server answers within its 50 ms goal (docs/benchmarks.md). */
export const DASHBOARD_STOPS_PAGE = 1000;

type StopsKey = readonly [string, Record<string, QueryValue>, string | null];

async function fetchStopsPage([path, query, after]: StopsKey): Promise<Page<UnplannedStop>> {
  const { body, headers } = await apiRequest<UnplannedStop[]>(path, { query: { ...query, limit: DASHBOARD_STOPS_PAGE, after } });
  return { rows: body, next: headers.get('X-Next-Cursor') };
}

/**
 * The unplanned stops of the filters, a page of DASHBOARD_STOPS_PAGE at a time (oldest first,
 * by the server's cursor): the first page at once, the next ones on `loadMore`. Without a
 * limit the server refuses more than 2,000 stops (TOO_MANY_STOPS), which a year of a few
 * lines exceeds.
 */
export function useDashboardStops(q: DashboardQuery | null) {
  const query = q ? { shop_floor_id: q.shopFloorId, date_from: q.dateFrom, date_to: q.dateTo, lines_id: q.lineIds, ...specShiftParams(q, 'shift_id', (ids) => ids) } : null;
  const r = useSWRInfinite<Page<UnplannedStop>, unknown, (index: number, previous: Page<UnplannedStop> | null) => StopsKey | null>(
    (index, previous) => {
      if (!query) return null;
      if (index === 0) return ['/factory/stop_events/unplanned', query, null];
      return previous?.next ? ['/factory/stop_events/unplanned', query, previous.next] : null;
    },
    fetchStopsPage,
    { ...quiet, revalidateFirstPage: false, ...logged('caricamento degli stop') },
  );
  const pages = r.data;
  const { setSize } = r;
  // The same list and callback while the pages are the same, so the table below does not render again.
  const stops = useMemo(() => (pages ?? []).flatMap((p) => p.rows), [pages]);
  const loadMore = useCallback(() => void setSize((size) => size + 1), [setSize]);
  return {
    stops,
    /** Whether the server has stops after the pages loaded. */
    more: pages !== undefined && pages.length > 0 && pages[pages.length - 1]!.next !== null,
    loadingMore: r.isValidating && r.size > (pages?.length ?? 0),
    /** The first page of the current filters is not in yet (the previous filters' stops are shown meanwhile). */
    loading: r.isLoading,
    loadMore,
    error: r.error as unknown,
  };
}

/** Shifts comma-joined with an extra empty entry (§7), so actions due at the end of the day ('Fine gg') stay in (by code past a list's bound: 'Fine gg' is kept then too). */
export function useDashboardDbrActions(q: DashboardQuery | null) {
  return useSWR<DbrActionRow[]>(
    q
      ? [
          '/factory/dbr_actions-range',
          {
            shop_floor_id: q.shopFloorId,
            date_from: q.dateFrom,
            date_to: q.dateTo,
            lines: q.lineNames.join(','),
            ...specShiftParams(q, 'shifts', (ids) => `${ids.join(',')},`),
          },
        ]
      : null,
    { ...quiet, ...logged('caricamento delle azioni DBR') },
  );
}

export function useAverageConstants(lineIds: number[]) {
  return useSWR<GaugeConstants>(
    lineIds.length > 0 ? ['/factory/dbr_constants/average', lineIds.join(',')] : null,
    () => apiFetch<GaugeConstants>('/factory/dbr_constants/average', { method: 'POST', json: lineIds }),
    { ...quiet, ...logged('caricamento delle costanti DBR') },
  );
}

export function useVolumesHistory(shopFloorId: string, lineIds: number[]) {
  return useSWR<{ date: string; volume: number }[]>(
    shopFloorId && lineIds.length > 0 ? ['/factory/volumes-history', { shop_floor_id: shopFloorId, line_id: lineIds.join(','), days: 30 }] : null,
    { ...quiet, ...logged('caricamento dello storico volumi') },
  );
}

/** One bar of 'Pareto fermate' (GET /factory/oee/pareto, docs/oee.md): minutes, stops and the cumulative share up to it. */
export interface ParetoBar {
  key: string;
  label: string;
  minutes: number;
  count: number;
  cumulative_share: number;
}

/**
 * The Pareto of the unplanned stops of the page's filters (lines, shifts, dates) by stop code or
 * failure mode: the loss analysis's call with its parameters (docs/dashboard.md says why this
 * one), shifts by code when they cover whole codes, so a year is not refused.
 */
export function useParetoStops(q: DashboardQuery | null, by: 'stop_code' | 'failure_mode') {
  return useSWR<{ by: string; bars: ParetoBar[] }>(q ? ['/factory/oee/pareto', { ...lossFilterParams(q), by }] : null, { ...quiet, ...logged('caricamento del Pareto fermate') });
}
