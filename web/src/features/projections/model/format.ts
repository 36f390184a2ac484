/** Labels and numbers of the 'Proiezioni' page, kept out of the components for unit tests. */
import { formatPlantDateTime, plantDayTime, todayInRome } from '../../../lib/dates.js';
import { formatNumber } from '../../../lib/numbers.js';

/** The engine's states in the page's words. */
export const STATE_LABELS: Readonly<Record<string, string>> = {
  live: 'Attiva',
  rebuilding: 'In ricostruzione',
  'needs-rebuild': 'Da ricostruire',
  missing: 'Mancante',
  failed: 'In errore',
};

/** 12345 -> '12.345'. */
export function formatCount(n: number): string {
  return formatNumber(n);
}

/** The rows figure: '1.234', 'circa 973.000' when a large table is the database's estimate, '–' when not counted. */
export function formatRows(rows: number | null, estimated: boolean): string {
  if (rows === null) return '–';
  return estimated ? `circa ${formatCount(rows)}` : formatCount(rows);
}

/** Seconds to '1 min 05 s' / '42 s'; '–' while unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  const m = Math.floor(seconds / 60);
  return `${m} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** An instant in the plant's time, '24/11/2026 00:15'; '–' when never. */
export function formatWhen(iso: string | null): string {
  if (!iso) return '–';
  return formatPlantDateTime(new Date(iso));
}

/** The checkpoint as 'commit/prepare'; '–' before the first event. */
/** How far a read model has read, for people: the event's place in the log ('n. 36.720'), '–' before the first. */
export function formatReadUpTo(p: { commit: number } | null): string {
  return p ? `n. ${formatCount(p.commit)}` : '–';
}

export function formatPosition(p: { commit: number; prepare: number } | null): string {
  return p ? `${p.commit}/${p.prepare}` : '–';
}

/**
 * What a failed read model's card says: stopped at which event, or which rebuild failed.
 * 'Bloccata all'evento 12/3 (RootCauseRecorded, stream root-cause-7)'.
 */
export function formatFailure(f: { position: { commit: number; prepare: number } | null; eventType: string | null; stream: string | null; duringRebuild: boolean }): string {
  const head = f.duringRebuild ? 'Ricostruzione non riuscita' : 'Bloccata';
  if (!f.position) return head;
  const at = f.duringRebuild ? ", bloccata all'evento" : " all'evento";
  return `${head}${at} ${formatPosition(f.position)} (${f.eventType ?? '?'}${f.stream ? `, stream ${f.stream}` : ''})`;
}

/** A machine's state as the connector follows it, in the page's words; null is a machine not heard since the start. */
export function signalStateLabel(state: string | null): string {
  if (state === 'running') return 'In marcia';
  if (state === 'stopped') return 'Ferma';
  if (state === 'Segnale assente') return 'Segnale assente';
  return 'Nessun messaggio';
}

/** The topic of a machine's last message: 'stato' or 'conteggio'. */
export function signalTopicLabel(topic: 'state' | 'count' | null): string {
  return topic === 'count' ? 'conteggio' : topic === 'state' ? 'stato' : '';
}

/** When a machine's last message came: '14:32:05' today, '24/11 14:32' before; '–' never. */
export function formatLastMessage(iso: string | null, now: Date = new Date()): string {
  if (!iso) return '–';
  const at = plantDayTime(new Date(iso));
  if (!at) return '–';
  return at.day === todayInRome(now) ? at.time : `${at.day.slice(8, 10)}/${at.day.slice(5, 7)} ${at.time.slice(0, 5)}`;
}
