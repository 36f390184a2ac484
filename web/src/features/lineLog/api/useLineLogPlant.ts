/**
 * The plant lists the line log needs beyond features/plant: a day's shifts and the shop floor's
 * report labels (the machine-note columns). A failure is only logged (line log §8).
 */
import useSWR from 'swr';
import type { IdInput } from '../../plant/index.js';

/** A shift of a day (GET /factory/shifts); times are instants with the Italian offset. */
export interface Shift {
  id: number;
  name: string;
  code: string;
  shift_day: string;
  start_time: string;
  end_time: string;
}

const present = (v: IdInput): v is string | number => v !== null && v !== undefined && String(v).trim() !== '';
const logError = (what: string) => (err: unknown) => console.error(`Caricamento ${what} non riuscito`, err);

/** The SWR key of a day's shifts (also what the offline warm-up reads). */
export const shiftsKey = (day: string, shopFloorId: string | number) => ['/factory/shifts', { day, shop_floor_id: String(shopFloorId) }] as const;

/** The shifts of a shop floor on a day, 'Turno E' included, by start time. */
export function useShifts(day: string, shopFloorId: IdInput) {
  return useSWR<Shift[]>(day && present(shopFloorId) ? shiftsKey(day, shopFloorId) : null, {
    onError: logError('dei turni'),
  });
}

/** The report labels of a shop floor, in order: one machine-note column each. */
export function useReportLabels(shopFloorId: IdInput) {
  return useSWR<string[]>(present(shopFloorId) ? `/factory/report_labels/${encodeURIComponent(String(shopFloorId))}` : null, {
    onError: logError('delle etichette del report'),
  });
}
