import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { dbrConstantsSchema } from './constants.js';
import { plantIdSchema } from '../shared/bounds.js';

/** An admin (or a plant file) gave a line its DBR targets; the whole set, as the editor saves it. */
export const DbrConstantsSet = defineEvent('DbrConstantsSet', 1, z.object({ lineId: plantIdSchema, constants: dbrConstantsSchema }));

export const dbrEvents = [DbrConstantsSet] as const;
export type DbrEvent = EventFromDefinition<(typeof dbrEvents)[number]>;
