import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { isoDay } from '../shifts/events.js';

/**
 * The demo history (seed/demoHistory.ts) was claimed for these days. Appended to
 * its own stream with expectedRevision 'no_stream' before the first history command,
 * so two instances starting together never both seed, and a restart never seeds again.
 */
export const DemoHistorySeeded = defineEvent(
  'DemoHistorySeeded',
  1,
  z.object({
    fromDay: isoDay,
    toDay: isoDay,
    /** The generator's seed: with the days, it says exactly which history was written. */
    seed: z.number().int(),
  }),
);

export const demoEvents = [DemoHistorySeeded] as const;
export type DemoEvent = EventFromDefinition<(typeof demoEvents)[number]>;

export const DEMO_HISTORY_STREAM = 'demo-history';
