import type { EventCatalog } from '../../domain/shared/catalog.js';
import { rootCauseStream } from '../../domain/rootCauses/events.js';
import { rootCauseFold, type RootCauseState } from '../../domain/rootCauses/state.js';
import type { EventStore } from '../../domain/shared/eventStore.js';
import { readFolded } from '../readSet.js';

/** The analysis as saved, for the answer of a save that changed nothing. */
export async function readRootCause(deps: { store: EventStore; catalog: EventCatalog }, stopEventId: number): Promise<RootCauseState> {
  return (await readFolded(deps, rootCauseStream(stopEventId), rootCauseFold)).state;
}
