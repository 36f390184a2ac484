import type { EventCatalog } from '../../domain/shared/catalog.js';
import { PLANT_STREAM, type PlantEvent } from '../../domain/plant/events.js';
import type { PlantState } from '../../domain/plant/state.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { plantDecider } from './decider.js';

/**
 * The structure as the event store knows it. Commands of other aggregates (station,
 * shifts, DBR constants) check ids against this, not against a read table that may lag.
 */
export async function readPlantState(deps: { store: EventStore; catalog: EventCatalog }): Promise<PlantState> {
  const recorded = await deps.store.readStream(PLANT_STREAM);
  return recorded.reduce((s, r) => plantDecider.evolve(s, deps.catalog.decode(r) as unknown as PlantEvent), plantDecider.initialState);
}
