import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { compositeIdSchema, maxChars } from '../shared/bounds.js';

/** Room for a real analysis in each box of the Root Cause Tool (line log §2.5). */
export const ROOT_CAUSE_MAX = 2000;

/**
 * The improvement staff saved the analysis of an unplanned stop (autosave on blur,
 * line log §2.5). Always the whole pair, so the latest event is the analysis.
 */
export const RootCauseRecorded = defineEvent(
  'RootCauseRecorded',
  1,
  z.object({
    stopEventId: compositeIdSchema,
    rootCause: maxChars(ROOT_CAUSE_MAX),
    troubleshooting: maxChars(ROOT_CAUSE_MAX),
  }),
);

/** The definitions the catalog registers. */
export const rootCauseEvents = [RootCauseRecorded] as const;
export type RootCauseEvent = EventFromDefinition<(typeof rootCauseEvents)[number]>;

/** One analysis per stop: its own small stream, so saving it never contends with recording stops. */
export const rootCauseStream = (stopEventId: number) => `root-cause-${stopEventId}`;
