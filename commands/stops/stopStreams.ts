import { DateTime } from 'luxon';
import { eachDay, PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { legacyPlannedStopsStream, legacyUnplannedStopsStream, plannedStopsStream, unplannedStopsStream } from '../../domain/stops/events.js';
import { parseStopId } from '../../domain/stops/ids.js';
import { plannedFold } from '../../domain/stops/plannedState.js';
import { MAX_UNPLANNED_STOP_HOURS, plantDay } from '../../domain/stops/rules.js';
import { initialUnplannedStopsState, unplannedFold, type UnplannedStopFacts, type UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import type { EventOf } from '../../domain/shared/catalog.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import type { ReadSet } from '../readSet.js';
import { isShiftSubmitted } from './shiftLock.js';

/** Which stream holds a stop: its day stream, or (stops recorded before day streams) its equipment's legacy stream. */
export interface StopStream {
  stream: string;
  legacy: boolean;
}

/** The stream of an unplanned stop id, or null when no unplanned stop can have it (a 404). */
export function unplannedStreamOf(id: number): StopStream | null {
  const loc = parseStopId(id);
  if (!loc || loc.kind !== 'unplanned') return null;
  return loc.scheme === 'day' ? { stream: unplannedStopsStream(loc.equipmentId, loc.day), legacy: false } : { stream: legacyUnplannedStopsStream(loc.equipmentId), legacy: true };
}

/** The stream of a planned stop id, or null. */
export function plannedStreamOf(id: number): StopStream | null {
  const loc = parseStopId(id);
  if (!loc || loc.kind !== 'planned') return null;
  return loc.scheme === 'day' ? { stream: plannedStopsStream(loc.equipmentId, loc.day), legacy: false } : { stream: legacyPlannedStopsStream(loc.equipmentId), legacy: true };
}

/**
 * A day stream is read whole (a day of one machine's stops); a legacy stream, which no
 * longer receives new stops, through the command-side cache, so its size costs once.
 */
export const readUnplannedStream = (reads: ReadSet, s: StopStream) => (s.legacy ? reads.readCached(s.stream, unplannedFold) : reads.read(s.stream, unplannedFold));

export const readPlannedStream = (reads: ReadSet, s: StopStream) => (s.legacy ? reads.readCached(s.stream, plannedFold) : reads.read(s.stream, plannedFold));

/**
 * What the overlap rule needs for a new unplanned stop of [start, end): the stops of the
 * day stream it goes to, and every other live stop of the equipment that could overlap
 * it. A stop lasts at most MAX_UNPLANNED_STOP_HOURS, so an overlapping stop started on
 * one of the new stop's plant days or on the day before: at most three day streams, plus
 * the equipment's legacy stream. Each is read through the ReadSet, so the append fails
 * (and the command decides again) if any of them moved meanwhile.
 */
export async function unplannedStopsAround(
  reads: ReadSet,
  equipmentId: number,
  startTime: string,
  endTime: string,
): Promise<{ day: string; own: UnplannedStopsState; nearby: UnplannedStopFacts[] }> {
  const day = plantDay(startTime);
  const first = DateTime.fromISO(startTime, { zone: PLANT_ZONE }).minus({ hours: MAX_UNPLANNED_STOP_HOURS }).toISODate()!;
  let own = initialUnplannedStopsState;
  const nearby: UnplannedStopFacts[] = [];
  for (const d of eachDay(first, plantDay(endTime))) {
    const state = await reads.read(unplannedStopsStream(equipmentId, d), unplannedFold);
    if (d === day) own = state;
    else nearby.push(...state.stops.values());
  }
  const legacy = await reads.readCached(legacyUnplannedStopsStream(equipmentId), unplannedFold);
  nearby.push(...legacy.stops.values());
  return { day, own, nearby };
}

/** A stop stream's state as the edit and delete commands need it. */
export interface StopsOnStream {
  stops: ReadonlyMap<number, { shopFloorId: number; lineId: number; startTime: string }>;
}

/**
 * The shape every command on an existing stop shares (edit, delete; planned or unplanned):
 * the id names the stream (404 when no stop can have it), the stream is read, the stop must
 * be there (404 when unknown or deleted), its shift's lock is read, and `decide` runs on the
 * stream's state. All of it through one ReadSet, so the append is conditional on all of it.
 */
export function runOnExistingStop<S extends StopsOnStream, E extends EventOf>(
  deps: CommandDeps,
  ctx: CommandContext,
  stop: { id: number; where: StopStream | null; read: (reads: ReadSet, where: StopStream) => Promise<S>; notFound: () => DomainError },
  decide: (state: S, shiftSubmitted: boolean) => E[],
): Promise<CommandResult<E>> {
  const { where } = stop;
  if (!where) return Promise.reject(stop.notFound());
  return runCommand(deps, ctx, async (reads) => {
    const state = await stop.read(reads, where);
    const found = state.stops.get(stop.id);
    if (!found) throw stop.notFound();
    return { stream: where.stream, events: decide(state, await isShiftSubmitted(reads, found, found.startTime)) };
  });
}
