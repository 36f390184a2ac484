import { DateTime } from 'luxon';
import { z } from 'zod';
import { defineEvent } from '../shared/catalog.js';
import type { EventFromDefinition } from '../plant/events.js';
import { MAX_PIECES, plantIdSchema, plantInstantSchema } from '../shared/bounds.js';
import { PLANT_ZONE } from '../shifts/calendar.js';

/**
 * What the machines themselves say, read over MQTT (docs/machine-signals.md). Only stops
 * that last the threshold become events of their own; shorter stops and the piece counts
 * are folded into one event per machine per hour, so the store grows by a bounded amount
 * whatever the machines publish.
 */
const id = plantIdSchema;
const instant = plantInstantSchema;
const place = { shopFloorId: id, lineId: id, equipmentId: id };

/** A machine has been stopped for at least its line's threshold since `startTime`. */
export const MachineStopDetected = defineEvent('MachineStopDetected', 1, z.object({ ...place, startTime: instant }));

/** The machine detected stopped since `startTime` runs again from `endTime`. */
export const MachineRestarted = defineEvent(
  'MachineRestarted',
  1,
  z.object({ ...place, startTime: instant, endTime: instant }).refine((e) => Date.parse(e.endTime) > Date.parse(e.startTime), {
    message: 'La ripartenza precede il fermo',
    path: ['endTime'],
  }),
);

const pieces = z.number().int().min(0).max(MAX_PIECES);
/** A fold's bounds: the tracker caps each hour's fold to them before it becomes an event (domain/machines/tracker.ts). */
export const MAX_FOLD_MICRO_STOPS = 10_000;
export const MAX_FOLD_MICRO_STOP_MINUTES = 60 * 24;
/** The highest running total a machine's counter may send (a 64-bit counter read as a JavaScript number). */
export const MAX_COUNTER_TOTAL = Number.MAX_SAFE_INTEGER;
const total = z.number().int().min(0).max(MAX_COUNTER_TOTAL);
/**
 * What one machine counted in one clock hour (`hour`, its start) from the messages whose
 * `at` lies between `firstAt` and `lastAt`: pieces good and rejected, and the stops shorter
 * than the threshold (micro-stops, by the hour they started in) with their minutes. An hour
 * may have several folds (a late message, a restart of the app); the hour's figures are
 * their sum, and a fold is known again by (machine, hour, firstAt).
 *
 * Version 2 adds `counter`: for a machine that sends its running totals, the last total the
 * fold took (with its `at`), so the next total after a restart counts from it. Version 1 has none.
 */
export const MachineHourCounted = defineEvent(
  'MachineHourCounted',
  2,
  z.object({
    ...place,
    hour: instant,
    firstAt: instant,
    lastAt: instant,
    good: pieces,
    reject: pieces,
    microStops: z.number().int().min(0).max(MAX_FOLD_MICRO_STOPS),
    microStopMinutes: z.number().min(0).max(MAX_FOLD_MICRO_STOP_MINUTES),
    counter: z.object({ good: total, reject: total, at: instant }).optional(),
  }),
  { 1: (data) => data },
);

export const machineEvents = [MachineStopDetected, MachineRestarted, MachineHourCounted] as const;
export type MachineEvent = EventFromDefinition<(typeof machineEvents)[number]>;

/** The machine's facts of one plant day (the Italian day of a stop's start or of an hour): a short stream. */
export const machineDayStream = (equipmentId: number, day: string) => `machine-${equipmentId}-${day}`;

export const machinePlantDay = (iso: string): string => DateTime.fromISO(iso, { zone: PLANT_ZONE }).toISODate()!;

const MINUTES_FROM = Date.UTC(2000, 0, 1);
/**
 * A detected stop's id: equipment × 10^8 + the minutes from 2000-01-01 to its start. Two
 * detected stops of one machine never start within the same minute (each lasts at least the
 * threshold, one minute or more), so the id is the stop's identity, the same on every replay
 * and every re-detection. Below 10^14, so never one of the recorded stops' ids (domain/stops/ids.ts).
 */
export function detectedStopId(equipmentId: number, startTime: string): number {
  return equipmentId * 100_000_000 + Math.floor((Date.parse(startTime) - MINUTES_FROM) / 60_000);
}

/** The equipment and start minute a detected stop id names. */
export function parseDetectedStopId(stopId: number): { equipmentId: number; startMinute: string } | null {
  const equipmentId = Math.floor(stopId / 100_000_000);
  if (!Number.isSafeInteger(stopId) || equipmentId < 1) return null;
  return { equipmentId, startMinute: new Date(MINUTES_FROM + (stopId % 100_000_000) * 60_000).toISOString() };
}
