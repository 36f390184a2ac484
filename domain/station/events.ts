import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { MAX_USERNAME, plantIdSchema } from '../shared/bounds.js';

/**
 * A user chose where they work by default. Kept on the server so the choice follows
 * the user to another device; names are not stored, they are read from the plant.
 */
export const DefaultStationChosen = defineEvent(
  'DefaultStationChosen',
  1,
  z.object({
    username: z.string().min(1).max(MAX_USERNAME),
    shopFloorId: plantIdSchema,
    lineId: plantIdSchema,
    /** Null only for the support role, which needs no equipment (foundations §5). */
    equipmentId: plantIdSchema.nullable(),
  }),
);

export const stationEvents = [DefaultStationChosen] as const;
export type StationEvent = EventFromDefinition<(typeof stationEvents)[number]>;

export const stationStream = (username: string) => `station-${username.toLowerCase()}`;
