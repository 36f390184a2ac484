import { EventCatalog, type EventDefinition } from './shared/catalog.js';
import { userEvents } from './users/events.js';

/** Every event type of the product. A new aggregate adds its list here. */
export const allEventDefinitions: EventDefinition[] = [...userEvents];

export function createCatalog(): EventCatalog {
  return new EventCatalog(allEventDefinitions);
}
