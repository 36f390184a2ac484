import { DateTime } from 'luxon';
import { eachDay, PLANT_ZONE } from '../../domain/shifts/calendar.js';
import {
  legacyPlannedStopsStream,
  legacyUnplannedStopsStream,
  plannedStopsStream,
  unplannedStopsStream,
  type PlannedStopEvent,
  type UnplannedStopEvent,
} from '../../domain/stops/events.js';
import { parseStopId } from '../../domain/stops/ids.js';
import { plannedFold, type PlannedStopFacts, type PlannedStopsState } from '../../domain/stops/plannedState.js';
import { MAX_PLANNED_STOP_HOURS, MAX_UNPLANNED_STOP_HOURS, plantDay } from '../../domain/stops/rules.js';
import type { StopsState } from '../../domain/stops/stopsFold.js';
import { unplannedFold, type UnplannedStopFacts, type UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import type { EventOf } from '../../domain/shared/catalog.js';
import type { Fold } from '../../domain/shared/fold.js';
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

/** One kind of stop as the overlap rule reads it: its day streams, its legacy stream, its fold and longest stop. */
interface StopKindStreams<F, E extends EventOf> {
  dayStream(equipmentId: number, day: string): string;
  legacyStream(equipmentId: number): string;
  fold: Fold<StopsState<F>, E>;
  maxHours: number;
}

/**
 * What the overlap rule needs for a new stop of [start, end): the stops of the day stream it
 * goes to, and every other live stop of the same kind on the equipment that could overlap it.
 * A stop lasts at most `maxHours` (24 unplanned, a week planned), so an overlapping stop started
 * on one of the new stop's plant days or on the days `maxHours` before: a bounded number of day
 * streams, plus the equipment's legacy stream. Each is read through the ReadSet, so the append
 * fails (and the command decides again) if any of them moved meanwhile.
 */
async function stopsAround<F, E extends EventOf>(
  reads: ReadSet,
  kind: StopKindStreams<F, E>,
  equipmentId: number,
  startTime: string,
  endTime: string,
): Promise<{ day: string; own: StopsState<F>; nearby: F[] }> {
  const { fold } = kind;
  const day = plantDay(startTime);
  const first = DateTime.fromISO(startTime, { zone: PLANT_ZONE }).minus({ hours: kind.maxHours }).toISODate()!;
  let own = fold.initialState;
  const nearby: F[] = [];
  for (const d of eachDay(first, plantDay(endTime))) {
    const state = await reads.read(kind.dayStream(equipmentId, d), fold);
    if (d === day) own = state;
    else nearby.push(...state.stops.values());
  }
  const legacy = await reads.readCached(kind.legacyStream(equipmentId), fold);
  nearby.push(...legacy.stops.values());
  return { day, own, nearby };
}

const UNPLANNED: StopKindStreams<UnplannedStopFacts, UnplannedStopEvent> = {
  dayStream: unplannedStopsStream,
  legacyStream: legacyUnplannedStopsStream,
  fold: unplannedFold,
  maxHours: MAX_UNPLANNED_STOP_HOURS,
};
const PLANNED: StopKindStreams<PlannedStopFacts, PlannedStopEvent> = {
  dayStream: plannedStopsStream,
  legacyStream: legacyPlannedStopsStream,
  fold: plannedFold,
  maxHours: MAX_PLANNED_STOP_HOURS,
};

/** The unplanned stops a new unplanned stop of [start, end) may overlap (at most three day streams and the legacy stream). */
export const unplannedStopsAround = (
  reads: ReadSet,
  equipmentId: number,
  startTime: string,
  endTime: string,
): Promise<{ day: string; own: UnplannedStopsState; nearby: UnplannedStopFacts[] }> => stopsAround(reads, UNPLANNED, equipmentId, startTime, endTime);

/** The planned stops a new planned stop of [start, end) may overlap (the week before its start, its days, and the legacy stream). */
export const plannedStopsAround = (
  reads: ReadSet,
  equipmentId: number,
  startTime: string,
  endTime: string,
): Promise<{ day: string; own: PlannedStopsState; nearby: PlannedStopFacts[] }> => stopsAround(reads, PLANNED, equipmentId, startTime, endTime);

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
