import type { EventCatalog } from '../../domain/shared/catalog.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { PLANT_STREAM } from '../../domain/plant/events.js';
import { plantFold, type PlantState } from '../../domain/plant/state.js';
import { readCached, type ReadSet } from '../readSet.js';

/**
 * The structure as the event store knows it. Commands of other aggregates (stops,
 * station, shifts, DBR constants) check ids against this, not against a read table that
 * may lag. Cached by stream revision: a read costs one query for the events after it.
 */
export async function readPlantState(deps: { store: EventStore; catalog: EventCatalog }): Promise<PlantState> {
  return (await readCached(deps, PLANT_STREAM, plantFold)).state;
}

/** The structure, read as part of a command: its append then requires the structure unchanged. */
export function readPlantIn(reads: ReadSet): Promise<PlantState> {
  return reads.readCached(PLANT_STREAM, plantFold);
}
