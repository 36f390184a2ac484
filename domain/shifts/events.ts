import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';

/** A calendar day, YYYY-MM-DD. */
export const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data nel formato AAAA-MM-GG');

export const scheduledShiftSchema = z.object({
  /** Globally unique and stable: see shiftId() in calendar.ts. */
  shiftId: z.number().int().positive(),
  name: z.string().min(1),
  code: z.string().min(1),
  /** The day the shift starts; a night shift crossing midnight belongs to it. */
  shiftDay: isoDay,
  /** ISO instants with the plant's offset. */
  startTime: z.string().min(1),
  endTime: z.string().min(1),
  extra: z.boolean(),
});
export type ScheduledShift = z.infer<typeof scheduledShiftSchema>;

/** Shifts were put on a shop floor's calendar; one event per generation, listing only the new ones. */
export const ShiftsScheduled = defineEvent(
  'ShiftsScheduled',
  1,
  z.object({
    shopFloorId: z.number().int().positive(),
    startDate: isoDay,
    endDate: isoDay,
    shifts: z.array(scheduledShiftSchema).min(1),
  }),
);

export const shiftEvents = [ShiftsScheduled] as const;
export type ShiftEvent = EventFromDefinition<(typeof shiftEvents)[number]>;

/** One calendar per shop floor; day + code is its natural key, so a shift cannot exist twice. */
export const shiftCalendarStream = (shopFloorId: number) => `shift-calendar-${shopFloorId}`;
