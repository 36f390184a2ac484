import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { compositeIdSchema, maxChars, plantIdSchema, plantInstantSchema } from '../shared/bounds.js';
import { CORRECTIVE_ACTION_MAX, FAILURE_MODE_MAX, MAX_PLANNED_STOP_HOURS, MAX_UNPLANNED_STOP_HOURS, NOTES_MAX, stopSpanProblem } from './rules.js';

const id = plantIdSchema;
const stopId = compositeIdSchema;
/** An instant, stored in UTC ('2030-06-05T06:10:00.000Z'); presented with the plant's offset. */
const instant = plantInstantSchema;
/** A required text of at most `max` characters (as the user counts them): one schema, not a pipe of two, as a rebuild decodes a stop's two texts by the hundred thousand. */
const text = (max: number) => maxChars(max).min(1);

/** End after start, within the kind's longest stop, starting on a plant day (see stopSpanProblem). */
const span = (maxHours: number) => (s: { startTime: string; endTime: string }, ctx: z.RefinementCtx) => {
  const problem = stopSpanProblem(s.startTime, s.endTime, maxHours);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['endTime'] });
};

/**
 * Where the stop happened, as the plant was when it was recorded. Equipment never
 * moves between lines (the plant import refuses it), so the line and shop floor
 * stored here stay true and the read model can filter on them without a join.
 */
const place = { shopFloorId: id, lineId: id, equipmentId: id };

/** An operator (or the improvement staff) recorded an unplanned stop through the chatbot (line log §4.2). */
export const UnplannedStopRecorded = defineEvent(
  'UnplannedStopRecorded',
  1,
  z
    .object({
      /** Given by the decider: see domain/stops/ids.ts. */
      stopId,
      ...place,
      workpointId: id,
      stopCodeId: id,
      triggeringEventId: id,
      failureMode: text(FAILURE_MODE_MAX),
      correctiveAction: text(CORRECTIVE_ACTION_MAX),
      actionMaterialChange: z.boolean(),
      actionCleaning: z.boolean(),
      actionSettingAdjustment: z.boolean(),
      actionComponentRestore: z.boolean(),
      startTime: instant,
      endTime: instant,
      /** The stop the machine detected that this one explains (docs/machine-signals.md); absent for a stop typed in alone. */
      detectedStopId: stopId.optional(),
    })
    .superRefine(span(MAX_UNPLANNED_STOP_HOURS)),
);

/** The failure mode or corrective action was changed inline in the line log (saved on blur, never empty). */
export const UnplannedStopDetailEdited = defineEvent(
  'UnplannedStopDetailEdited',
  1,
  z.object({
    stopId,
    field: z.enum(['failureMode', 'correctiveAction']),
    value: text(CORRECTIVE_ACTION_MAX),
  }),
);

/** The stop was deleted from the line log; the history keeps it, the lists no longer show it. */
export const UnplannedStopDeleted = defineEvent('UnplannedStopDeleted', 1, z.object({ stopId }));

/** A planned stop (format change, cleaning, maintenance, ...) was recorded through its chatbot (line log §4.3). */
export const PlannedStopRecorded = defineEvent(
  'PlannedStopRecorded',
  1,
  z
    .object({
      stopId,
      ...place,
      plannedReasonId: id,
      startTime: instant,
      endTime: instant,
      /** Optional; null when left empty. */
      notes: text(NOTES_MAX).nullable(),
    })
    .superRefine(span(MAX_PLANNED_STOP_HOURS)),
);

/** The planned stop's note was saved on blur; null when it was emptied (allowed, line log §5). */
export const PlannedStopNoteEdited = defineEvent('PlannedStopNoteEdited', 1, z.object({ stopId, notes: text(NOTES_MAX).nullable() }));

/** The planned stop was deleted; the history keeps it. */
export const PlannedStopDeleted = defineEvent('PlannedStopDeleted', 1, z.object({ stopId }));

/** The definitions the catalog registers; the unions below derive from them, so a switch cannot miss one. */
export const unplannedStopEvents = [UnplannedStopRecorded, UnplannedStopDetailEdited, UnplannedStopDeleted] as const;
export const plannedStopEvents = [PlannedStopRecorded, PlannedStopNoteEdited, PlannedStopDeleted] as const;
export const stopEvents = [...unplannedStopEvents, ...plannedStopEvents] as const;

export type UnplannedStopEvent = EventFromDefinition<(typeof unplannedStopEvents)[number]>;
export type PlannedStopEvent = EventFromDefinition<(typeof plannedStopEvents)[number]>;
export type StopEvent = UnplannedStopEvent | PlannedStopEvent;
export type UnplannedStopRecordedData = z.infer<typeof UnplannedStopRecorded.schema>;
export type PlannedStopRecordedData = z.infer<typeof PlannedStopRecorded.schema>;

/**
 * An equipment's unplanned stops of one plant day (the Italian day of their start) are
 * one aggregate: a command reads only the days its overlap rule needs (docs/line-log.md,
 * Stream boundaries), so its cost does not grow with the machine's history.
 */
export const unplannedStopsStream = (equipmentId: number, day: string) => `unplanned-stops-${equipmentId}-${day}`;
/** An equipment's planned stops of one plant day. */
export const plannedStopsStream = (equipmentId: number, day: string) => `planned-stops-${equipmentId}-${day}`;
/**
 * Before day streams, all stops of an equipment were one stream. Those streams are still
 * read (their stops keep their ids and their place in overlap checks) and receive the
 * edits and deletions of their own stops, but never a new stop.
 */
export const legacyUnplannedStopsStream = (equipmentId: number) => `unplanned-stops-${equipmentId}`;
export const legacyPlannedStopsStream = (equipmentId: number) => `planned-stops-${equipmentId}`;
