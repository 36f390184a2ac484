/**
 * The history calls (docs/audit.md): one record's events in words, oldest first, with who,
 * when and the field-level changes. Read only when a drawer opens.
 */
import useSWR from 'swr';
import type { HistoryEntry } from '../../../../../domain/history/entries.js';
import type { QueryValue } from '../../../lib/api.js';

/** One entry as the history calls answer it (`at` in Europe/Rome, with its offset). */
export type { HistoryChange, HistoryEntry } from '../../../../../domain/history/entries.js';

/** Which record: the call's path and its query (the report is named by day, shift and line). */
export interface HistorySource {
  path: string;
  query?: Record<string, QueryValue>;
}

/** The report's history call. */
export const reportHistory = (key: { day: string; shiftCode: string; lineName: string }): HistorySource => ({
  path: '/factory/shift_notes/history',
  query: { day: key.day, shift_code: key.shiftCode, line_name: key.lineName },
});
export const unplannedStopHistory = (id: number): HistorySource => ({ path: `/factory/stop_events/${id}/history` });
export const plannedStopHistory = (id: number): HistorySource => ({ path: `/factory/planned_stops/${id}/history` });
export const rootCauseHistory = (stopId: number): HistorySource => ({ path: `/factory/root_cause/${stopId}/history` });
export const dbrActionHistory = (id: number): HistorySource => ({ path: `/factory/dbr_actions/${id}/history` });

/** The entries of a record; nothing is fetched while `source` is null (drawer closed). */
export function useHistory(source: HistorySource | null) {
  return useSWR<HistoryEntry[]>(source ? (source.query ? [source.path, source.query] : source.path) : null, {
    revalidateOnFocus: false,
    onError: (err: unknown) => console.error('Caricamento dello storico non riuscito', err),
  });
}
