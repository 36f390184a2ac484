import type { EventCatalog } from '../../domain/shared/catalog.js';
import { parseStopId } from '../../domain/stops/ids.js';
import type { PlannedStopFacts } from '../../domain/stops/plannedState.js';
import type { UnplannedStopFacts } from '../../domain/stops/unplannedState.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { plannedStopNotFound } from './editPlannedStopNote.js';
import { stopNotFound } from './editUnplannedStopDetail.js';
import { readPlannedStops, readUnplannedStops } from './readStops.js';
import { isShiftSubmitted } from './shiftLock.js';

type Deps = { store: EventStore; catalog: EventCatalog };

/**
 * An existing stop by id, as the event store knows it, with whether its shift report
 * is submitted: what an edit or a delete needs before its command runs. The id gives
 * the equipment, hence the stream; an id no stop can have, or a deleted stop, is a 404.
 */
export async function locateUnplannedStop(deps: Deps, id: number): Promise<{ equipmentId: number; stop: UnplannedStopFacts; shiftSubmitted: boolean }> {
  const parsed = parseStopId(id);
  if (!parsed || parsed.kind !== 'unplanned') throw stopNotFound();
  const stop = (await readUnplannedStops(deps, parsed.equipmentId)).stops.get(id);
  if (!stop) throw stopNotFound();
  return { equipmentId: parsed.equipmentId, stop, shiftSubmitted: await isShiftSubmitted(deps, stop, stop.startTime) };
}

/** As locateUnplannedStop, for planned stops (ids in the upper half of the equipment's block). */
export async function locatePlannedStop(deps: Deps, id: number): Promise<{ equipmentId: number; stop: PlannedStopFacts; shiftSubmitted: boolean }> {
  const parsed = parseStopId(id);
  if (!parsed || parsed.kind !== 'planned') throw plannedStopNotFound();
  const stop = (await readPlannedStops(deps, parsed.equipmentId)).stops.get(id);
  if (!stop) throw plannedStopNotFound();
  return { equipmentId: parsed.equipmentId, stop, shiftSubmitted: await isShiftSubmitted(deps, stop, stop.startTime) };
}

/** Whether an unplanned stop exists and is not deleted: a root cause needs one. */
export async function unplannedStopExists(deps: Deps, id: number): Promise<boolean> {
  const parsed = parseStopId(id);
  if (!parsed || parsed.kind !== 'unplanned') return false;
  return (await readUnplannedStops(deps, parsed.equipmentId)).stops.has(id);
}
