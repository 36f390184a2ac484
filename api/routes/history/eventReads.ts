/**
 * Reads for audit and as-of answers straight from the event store, never from a read
 * table (docs/audit.md): a record's events, and the line log's streams of one shift.
 */
import { readPlantState } from '../../../commands/plant/readPlant.js';
import { plannedStreamOf, unplannedStreamOf } from '../../../commands/stops/stopStreams.js';
import { plannedStopsAsOf, rootCauseAsOf, unplannedStopsAsOf } from '../../../domain/history/asOf.js';
import type { PlantState } from '../../../domain/plant/state.js';
import { rootCauseStream } from '../../../domain/rootCauses/events.js';
import type { DomainEvent } from '../../../domain/shared/catalog.js';
import { notFound } from '../../../domain/shared/errors.js';
import { eachDay } from '../../../domain/shifts/calendar.js';
import { legacyPlannedStopsStream, legacyUnplannedStopsStream, plannedStopsStream, unplannedStopsStream } from '../../../domain/stops/events.js';
import { plantDay } from '../../../domain/stops/rules.js';
import type { PlannedStopRow, UnplannedStopRow } from '../../../projections/stops/stops.queries.js';
import type { AppDeps } from '../../deps.js';
import { plannedRowFromEvent, unplannedRowFromEvent } from '../stopEvents/presenters.js';

type Reads = Pick<AppDeps, 'store' | 'catalog'>;

/** A stream's events, upcast and validated. */
export async function readEvents(deps: Reads, stream: string): Promise<DomainEvent[]> {
  return (await deps.store.readStream(stream)).map((r) => deps.catalog.decode(r));
}

/** A stop's own events in its stream (a day stream holds the equipment's other stops too); 404 when it never existed. */
export async function stopEvents(deps: Reads, kind: 'unplanned' | 'planned', id: number): Promise<DomainEvent[]> {
  const where = kind === 'unplanned' ? unplannedStreamOf(id) : plannedStreamOf(id);
  const events = where ? (await readEvents(deps, where.stream)).filter((e) => (e.data as { stopId?: number }).stopId === id) : [];
  if (events.length === 0) throw notFound('Stop non trovato');
  return events;
}

/** The equipments of some lines (retired too: their stops stay in the log). */
function equipmentsOf(plant: PlantState, shopFloorId: number, lineIds: readonly number[]): number[] {
  const lines = new Set(lineIds.filter((id) => plant.items.line.get(id)?.parentId === shopFloorId));
  return [...plant.items.equipment.values()].filter((e) => e.parentId !== null && lines.has(e.parentId)).map((e) => e.id);
}

export interface ShiftQuery {
  shopFloorId: number;
  lineIds: readonly number[];
  window: { start: Date; end: Date };
}

/**
 * Every event of the streams that can hold a stop of the shift: each equipment's day
 * streams for the plant days the window spans, and its legacy stream. Stops whose start
 * lies in the window are then kept, as the read-model query does.
 */
async function shiftStreamsEvents(deps: Reads, q: ShiftQuery, day: typeof unplannedStopsStream, legacy: typeof legacyUnplannedStopsStream) {
  const plant = await readPlantState(deps);
  const days = eachDay(plantDay(q.window.start.toISOString()), plantDay(new Date(q.window.end.getTime() - 1).toISOString()));
  const streams = equipmentsOf(plant, q.shopFloorId, q.lineIds).flatMap((eq) => [legacy(eq), ...days.map((d) => day(eq, d))]);
  const events = (await Promise.all(streams.map((s) => readEvents(deps, s)))).flat();
  return { plant, events };
}

const inWindow = (q: ShiftQuery) => (s: { startTime: string; lineId: number }) => {
  const t = Date.parse(s.startTime);
  return t >= q.window.start.getTime() && t < q.window.end.getTime() && q.lineIds.includes(s.lineId);
};
const byStart = (a: { startTime: Date; id: number }, b: { startTime: Date; id: number }) => a.startTime.getTime() - b.startTime.getTime() || a.id - b.id;

/** A stop's analysis as of a moment, or null. */
export async function analysisAsOf(deps: Reads, stopId: number, asOf: Date) {
  return rootCauseAsOf(await readEvents(deps, rootCauseStream(stopId)), asOf);
}

/** The shift's unplanned stops as they stood at `asOf`, each with its analysis as it stood then. */
export async function unplannedByShiftAsOf(deps: Reads, q: ShiftQuery, asOf: Date): Promise<UnplannedStopRow[]> {
  const { plant, events } = await shiftStreamsEvents(deps, q, unplannedStopsStream, legacyUnplannedStopsStream);
  const stops = [...unplannedStopsAsOf(events, asOf).values()].filter(inWindow(q));
  const rows = await Promise.all(stops.map(async (d) => ({ ...unplannedRowFromEvent(d, plant), rootCause: await analysisAsOf(deps, d.stopId, asOf) })));
  return rows.sort(byStart);
}

/** The shift's planned stops as they stood at `asOf`. */
export async function plannedByShiftAsOf(deps: Reads, q: ShiftQuery, asOf: Date): Promise<PlannedStopRow[]> {
  const { plant, events } = await shiftStreamsEvents(deps, q, plannedStopsStream, legacyPlannedStopsStream);
  return [...plannedStopsAsOf(events, asOf).values()]
    .filter(inWindow(q))
    .map((d) => plannedRowFromEvent(d, plant))
    .sort(byStart);
}

/** Whether the unplanned stop existed (recorded, not yet deleted) at `asOf`. */
export async function unplannedStopExistedAt(deps: Reads, id: number, asOf: Date): Promise<boolean> {
  const where = unplannedStreamOf(id);
  if (!where) return false;
  return unplannedStopsAsOf(await readEvents(deps, where.stream), asOf).has(id);
}
