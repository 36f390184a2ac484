/**
 * The reads of 'Analisi perdite' (docs/oee.md): GET /factory/oee and GET /factory/oee/pareto
 * with the dashboard's filters, and the unplanned stops behind a Pareto bar from the stop list.
 * Every key is null while the filters are incomplete; failures are only logged.
 */
import useSWR from 'swr';
import { lossFilterParams, stopListShiftParams, type DashboardQuery } from '../../dashboard/index.js';
import type { UnplannedStop } from '../../../lib/stops.js';
import type { OeeAnswer, OeeGroup, ParetoAnswer, ParetoBy } from '../model/oee.js';
import type { EffectivenessAnswer } from '../model/effectiveness.js';

const options = (what: string) => ({
  revalidateOnFocus: false,
  keepPreviousData: true,
  onError: (err: unknown) => console.error(`Analisi perdite: ${what} non riuscito`, err),
});

export function useOee(q: DashboardQuery | null, groupBy: OeeGroup) {
  return useSWR<OeeAnswer>(q ? ['/factory/oee', { ...lossFilterParams(q), group_by: groupBy }] : null, options('caricamento dell’OEE'));
}

export function useOeePareto(q: DashboardQuery | null, by: ParetoBy) {
  return useSWR<ParetoAnswer>(q ? ['/factory/oee/pareto', { ...lossFilterParams(q), by }] : null, options('caricamento del Pareto'));
}

/** Stops the list call answers at most without paging (the server refuses more: TOO_MANY_STOPS). */
export const BAR_STOPS_LIMIT = 1000;

/**
 * The unplanned stops of the chosen lines and shifts in the range (by code when the choice covers
 * whole codes, so a year is not refused; `only`: one shift code's): the page filters them down to one bar.
 */
export function useStopsOf(q: DashboardQuery | null, only?: { code: string; ids: readonly number[] }) {
  return useSWR<UnplannedStop[]>(
    q
      ? [
          '/factory/stop_events/unplanned',
          { shop_floor_id: q.shopFloorId, date_from: q.dateFrom, date_to: q.dateTo, lines_id: q.lineIds, ...stopListShiftParams(q, only), limit: BAR_STOPS_LIMIT },
        ]
      : null,
    options('caricamento degli stop'),
  );
}

/** The executed DBR actions of the chosen lines and days against their target's stops, N days each side (docs/oee.md). */
export function useDbrEffectiveness(q: DashboardQuery | null, days: number) {
  return useSWR<EffectivenessAnswer>(
    q ? ['/factory/dbr/action-effectiveness', { shop_floor_id: q.shopFloorId, lines: q.lineNames.join(','), date_from: q.dateFrom, date_to: q.dateTo, days }] : null,
    options('caricamento dell’efficacia delle azioni DBR'),
  );
}
