/** How the 'Storico modifiche' drawer writes a history: newest first, Italian dates, empty values named. */
import type { HistoryEntry } from '../api/history.js';

/** The entries newest first (the calls answer oldest first). */
export const newestFirst = (entries: readonly HistoryEntry[]): HistoryEntry[] => [...entries].reverse();

/** '10/06/2031 11:05:00' from '2031-06-10T11:05:00.250+02:00': the wall-clock time the call already gives in Rome. */
export function formatAt(at: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(at);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}:${m[6]}` : at;
}

/** A value as the drawer shows it: numbers with a decimal comma, nothing as '(vuoto)'. */
export function valueText(v: string | number | null): string {
  if (v === null || v === '') return '(vuoto)';
  return typeof v === 'number' ? String(v).replace('.', ',') : v;
}
