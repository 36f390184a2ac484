import type { EventCatalog, EventOf } from '../../domain/shared/catalog.js';
import { plannedStopsStream, unplannedStopsStream } from '../../domain/stops/events.js';
import type { PlannedStopsState } from '../../domain/stops/plannedState.js';
import type { UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import type { Decider } from '../handleCommand.js';
import { plannedStopsDecider } from './plannedDecider.js';
import { unplannedStopsDecider } from './unplannedDecider.js';

type Deps = { store: EventStore; catalog: EventCatalog };

async function fold<S, E extends EventOf>(deps: Deps, stream: string, decider: Decider<never, S, E>): Promise<S> {
  const recorded = await deps.store.readStream(stream);
  return recorded.reduce((s, r) => decider.evolve(s, deps.catalog.decode(r) as unknown as E), decider.initialState);
}

/**
 * An equipment's stops as the event store knows them. Edits and deletes read the
 * stop's start here to find its shift (for the lock) before the command runs; the
 * root cause checks here that its stop exists.
 */
export const readUnplannedStops = (deps: Deps, equipmentId: number): Promise<UnplannedStopsState> =>
  fold(deps, unplannedStopsStream(equipmentId), unplannedStopsDecider);

/** An equipment's planned stops as the event store knows them. */
export const readPlannedStops = (deps: Deps, equipmentId: number): Promise<PlannedStopsState> =>
  fold(deps, plannedStopsStream(equipmentId), plannedStopsDecider);
