import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { isoDay } from '../shifts/events.js';
import { DBR_TEXT_MAX } from './rules.js';
import { compositeIdSchema, maxChars, plantIdSchema, plantInstantSchema } from '../shared/bounds.js';

const id = plantIdSchema;
const text = z.string().min(1).pipe(maxChars(DBR_TEXT_MAX));

/**
 * The improvement staff planned a DBR action for a line (foundations §2 'Azioni DBR', §3):
 * what to do, who owns it, who supports, and by when (a shift of the due day, or none:
 * 'Fine gg', the end of that day). Texts are stored trimmed; the place as it was chosen.
 */
export const DbrActionCreated = defineEvent(
  'DbrActionCreated',
  1,
  z.object({
    /** Given by the decider: see domain/dbrActions/ids.ts. */
    actionId: compositeIdSchema,
    shopFloorId: id,
    lineId: id,
    /** Null: 'Non specificato', the action concerns the whole line. */
    equipmentId: id.nullable(),
    dueDay: isoDay,
    /** A shift of the due day on that shop floor; null: 'Fine gg'. */
    dueShiftId: compositeIdSchema.nullable(),
    /** The shift's name as the calendar has it (shifts are never renamed); null with 'Fine gg'. */
    dueShiftName: z.string().min(1).pipe(maxChars(60)).nullable(),
    activity: text,
    owner: text,
    supportBy: text.nullable(),
  }),
);

/** Someone on the line ticked the action in 'Attività giornaliere'; the time is the command's clock. */
export const DbrActionMarkedExecuted = defineEvent('DbrActionMarkedExecuted', 1, z.object({ actionId: compositeIdSchema, executedAt: plantInstantSchema }));

/** The tick was taken back: the action is open again. */
export const DbrActionUnmarkedExecuted = defineEvent('DbrActionUnmarkedExecuted', 1, z.object({ actionId: compositeIdSchema }));

/**
 * The improvement staff deleted the action ('Conferma eliminazione'). The stream keeps it,
 * so an auditor still sees that it existed and, in the metadata, who removed it; every
 * list leaves it out and every command on it answers 404.
 */
export const DbrActionDeleted = defineEvent('DbrActionDeleted', 1, z.object({ actionId: compositeIdSchema }));

/**
 * The loss the action is meant to cure (docs/dbr-actions.md, 'The loss an action targets'): a
 * machine of the action's line and, optionally, one of that machine's stop codes; both null: none.
 * Recorded with the creation when the form names one, and on every later change. Its effect is
 * measured on the machine's stops (of that code) before and after the action was executed.
 */
export const DbrActionTargetSet = defineEvent(
  'DbrActionTargetSet',
  1,
  z.object({
    actionId: compositeIdSchema,
    /** The machine whose stops the action should reduce; null: none. */
    equipmentId: id.nullable(),
    /** One of that machine's stop codes; null: every unplanned stop of the machine. */
    stopCodeId: id.nullable(),
  }),
);

export const dbrActionEvents = [DbrActionCreated, DbrActionMarkedExecuted, DbrActionUnmarkedExecuted, DbrActionDeleted, DbrActionTargetSet] as const;
export type DbrActionEvent = EventFromDefinition<(typeof dbrActionEvents)[number]>;
export type DbrActionCreatedData = z.infer<typeof DbrActionCreated.schema>;

/** One small stream per action: its creation, its ticks, its deletion. */
export const dbrActionStream = (actionId: number) => `dbr-action-${actionId}`;
