import { DateTime } from 'luxon';
import { conflict } from '../shared/errors.js';

/**
 * Stop ids are integers given by the decider and stored in the events, never a database
 * sequence, so a rebuild of the read tables keeps every id, and the id alone says which
 * stream holds the stop.
 *
 * Day ids (every stop recorded since day streams): 1 EEEEEE DDDDD K SSS, i.e.
 * 10^15 + equipment × 10^9 + day × 10^4 + kind × 10^3 + sequence, where day counts plant
 * days from 2000-01-01, kind is 0 unplanned / 1 planned and sequence runs 1..999 within
 * the equipment's day. Always ≥ 10^15 and below 2^53.
 *
 * Legacy ids (stops recorded when an equipment's stops were one stream): equipment ×
 * 10^6 + (planned ? 500,000 : 0) + sequence, always below 10^15.
 */
const DAY_ID_BASE = 1_000_000_000_000_000;
const EPOCH = DateTime.fromISO('2000-01-01', { zone: 'UTC' });
const MAX_EQUIPMENT = 999_999;
const MAX_DAY_INDEX = 99_999;

/** Stops one equipment can have of each kind in one plant day (one every 1.44 minutes). */
export const MAX_STOPS_PER_DAY = 999;

const LEGACY_PER_EQUIPMENT = 1_000_000;
const LEGACY_PLANNED_OFFSET = 500_000;

export type StopKind = 'unplanned' | 'planned';

export type StopLocation =
  { scheme: 'day'; kind: StopKind; equipmentId: number; day: string; sequence: number } | { scheme: 'legacy'; kind: StopKind; equipmentId: number; sequence: number };

const dayIndex = (day: string) => Math.round(DateTime.fromISO(day, { zone: 'UTC' }).diff(EPOCH, 'days').days);
const dayOf = (index: number) => EPOCH.plus({ days: index }).toISODate()!;

/** The id the next recorded stop of a day stream gets; a full day is a 409 the operator can act on, not a crash. */
export function nextStopId(kind: StopKind, equipmentId: number, day: string, lastSequence: number): number {
  const sequence = lastSequence + 1;
  if (sequence > MAX_STOPS_PER_DAY) throw conflict('STOP_IDS_EXHAUSTED', 'Numero massimo di stop raggiunto per questa macchina in questo giorno');
  return stopId(kind, equipmentId, day, sequence);
}

/** The id of an equipment's n-th stop of a kind on a plant day (YYYY-MM-DD). */
export function stopId(kind: StopKind, equipmentId: number, day: string, sequence: number): number {
  const index = dayIndex(day);
  if (!(equipmentId >= 1 && equipmentId <= MAX_EQUIPMENT) || !(index >= 0 && index <= MAX_DAY_INDEX) || !(sequence >= 1 && sequence <= MAX_STOPS_PER_DAY)) {
    throw new RangeError(`No stop id for ${kind} stop ${sequence} of equipment ${equipmentId} on ${day}`);
  }
  return DAY_ID_BASE + equipmentId * 1e9 + index * 1e4 + (kind === 'planned' ? 1e3 : 0) + sequence;
}

/** The sequence of an id within its stream (1, 2, ...), for either scheme. */
export function sequenceOf(id: number): number {
  if (id >= DAY_ID_BASE) return id % 1e3;
  return (id % LEGACY_PER_EQUIPMENT) % LEGACY_PLANNED_OFFSET;
}

/** Where a stop with this id lives, or null when no stop can have it (a 404, not a 400). */
export function parseStopId(id: number): StopLocation | null {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  if (id >= DAY_ID_BASE) {
    const rest = id - DAY_ID_BASE;
    const equipmentId = Math.floor(rest / 1e9);
    const index = Math.floor((rest % 1e9) / 1e4);
    const kindDigit = Math.floor((rest % 1e4) / 1e3);
    const sequence = rest % 1e3;
    if (equipmentId < 1 || kindDigit > 1 || sequence < 1 || index > MAX_DAY_INDEX) return null;
    return { scheme: 'day', kind: kindDigit === 1 ? 'planned' : 'unplanned', equipmentId, day: dayOf(index), sequence };
  }
  const equipmentId = Math.floor(id / LEGACY_PER_EQUIPMENT);
  const rest = id % LEGACY_PER_EQUIPMENT;
  if (equipmentId < 1 || rest % LEGACY_PLANNED_OFFSET === 0) return null;
  return { scheme: 'legacy', kind: rest > LEGACY_PLANNED_OFFSET ? 'planned' : 'unplanned', equipmentId, sequence: rest % LEGACY_PLANNED_OFFSET };
}
