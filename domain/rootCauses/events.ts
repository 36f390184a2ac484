import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { compositeIdSchema, maxChars } from '../shared/bounds.js';

/** Room for a real analysis in each box of the Root Cause Tool (line log §2.5). */
export const ROOT_CAUSE_MAX = 2000;

/** The 5-why chain: five answers at most, each a sentence or two (docs/line-log.md, "Root cause"). */
export const WHY_COUNT = 5;
export const WHY_MAX = 500;

/** The 6M (Ishikawa) categories a root cause falls in; '' is none chosen. */
export const SIX_M = ['Macchina', 'Metodo', 'Materiale', 'Manodopera', 'Misura', 'Ambiente'] as const;
export type SixM = (typeof SIX_M)[number];
export const sixMSchema = z.enum(['', ...SIX_M], { error: `Una tra: ${SIX_M.join(', ')}` });

/**
 * The improvement staff saved the analysis of an unplanned stop (autosave on blur,
 * line log §2.5). Always the whole analysis, so the latest event is the analysis.
 * Version 2 adds the optional structured fields: the 5-why chain (`whys`, always five
 * entries, '' where not answered) and the 6M category; a version 1 event reads as
 * five empty whys and no category.
 */
export const RootCauseRecorded = defineEvent(
  'RootCauseRecorded',
  2,
  z.object({
    stopEventId: compositeIdSchema,
    rootCause: maxChars(ROOT_CAUSE_MAX),
    troubleshooting: maxChars(ROOT_CAUSE_MAX),
    whys: z.array(maxChars(WHY_MAX)).length(WHY_COUNT),
    category: sixMSchema,
  }),
  { 1: (data) => ({ ...(data as object), whys: Array<string>(WHY_COUNT).fill(''), category: '' }) },
);

/** The definitions the catalog registers. */
export const rootCauseEvents = [RootCauseRecorded] as const;
export type RootCauseEvent = EventFromDefinition<(typeof rootCauseEvents)[number]>;

/** One analysis per stop: its own small stream, so saving it never contends with recording stops. */
export const rootCauseStream = (stopEventId: number) => `root-cause-${stopEventId}`;
