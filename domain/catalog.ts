import { EventCatalog, type EventDefinition } from './shared/catalog.js';
import { dbrEvents } from './dbr/events.js';
import { dbrActionEvents } from './dbrActions/events.js';
import { demoEvents } from './demo/events.js';
import { machineEvents } from './machines/events.js';
import { plantEvents } from './plant/events.js';
import { rootCauseEvents } from './rootCauses/events.js';
import { shiftReportEvents } from './shiftReports/events.js';
import { shiftEvents } from './shifts/events.js';
import { stationEvents } from './station/events.js';
import { stopEvents } from './stops/events.js';
import { userEvents } from './users/events.js';

/** Every event type of the product. A new aggregate adds its list here. */
export const allEventDefinitions: EventDefinition[] = [
  ...userEvents,
  ...plantEvents,
  ...shiftEvents,
  ...dbrEvents,
  ...stationEvents,
  ...shiftReportEvents,
  ...stopEvents,
  ...rootCauseEvents,
  ...dbrActionEvents,
  ...demoEvents,
  ...machineEvents,
];

export function createCatalog(): EventCatalog {
  return new EventCatalog(allEventDefinitions);
}
