import type { EventCatalog } from '../../domain/shared/catalog.js';
import { rootCauseStream, type RootCauseEvent } from '../../domain/rootCauses/events.js';
import type { RootCauseState } from '../../domain/rootCauses/state.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { rootCauseDecider } from './decider.js';

/** The analysis as saved, for the answer of a save that changed nothing. */
export async function readRootCause(deps: { store: EventStore; catalog: EventCatalog }, stopEventId: number): Promise<RootCauseState> {
  const recorded = await deps.store.readStream(rootCauseStream(stopEventId));
  return recorded.reduce((s, r) => rootCauseDecider.evolve(s, deps.catalog.decode(r) as unknown as RootCauseEvent), rootCauseDecider.initialState);
}
