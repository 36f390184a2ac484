import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { compositeIdSchema, maxChars, plantDaySchema, plantIdSchema, plantOffsetInstantSchema } from '../shared/bounds.js';

/** A plant day, YYYY-MM-DD, within the plant's calendar (domain/shared/bounds.ts). */
export const isoDay = plantDaySchema;

/** No shift lasts longer than a day (a pattern's end is within 24 hours of its start). */
const MAX_SHIFT_MS = 24 * 3_600_000;

export const scheduledShiftSchema = z
  .object({
    /** Globally unique and stable: see shiftId() in calendar.ts. */
    shiftId: compositeIdSchema,
    name: z.string().min(1).pipe(maxChars(60)),
    code: z.string().min(1).pipe(maxChars(10)),
    /** The day the shift starts; a night shift crossing midnight belongs to it. */
    shiftDay: isoDay,
    /** ISO instants with the plant's offset. */
    startTime: plantOffsetInstantSchema,
    endTime: plantOffsetInstantSchema,
    extra: z.boolean(),
  })
  .refine((s) => Date.parse(s.endTime) > Date.parse(s.startTime) && Date.parse(s.endTime) - Date.parse(s.startTime) <= MAX_SHIFT_MS, {
    message: "La fine del turno segue l'inizio entro 24 ore",
    path: ['endTime'],
  });
export type ScheduledShift = z.infer<typeof scheduledShiftSchema>;

/** Shifts were put on a shop floor's calendar; one event per generation, listing only the new ones. */
export const ShiftsScheduled = defineEvent(
  'ShiftsScheduled',
  1,
  z.object({
    shopFloorId: plantIdSchema,
    startDate: isoDay,
    endDate: isoDay,
    shifts: z.array(scheduledShiftSchema).min(1),
  }),
);

export const shiftEvents = [ShiftsScheduled] as const;
export type ShiftEvent = EventFromDefinition<(typeof shiftEvents)[number]>;

/** One calendar per shop floor; day + code is its natural key, so a shift cannot exist twice. */
export const shiftCalendarStream = (shopFloorId: number) => `shift-calendar-${shopFloorId}`;
