/**
 * The pieces the line's counting machine counted in the shift (GET /factory/line_hours with
 * shift_id; docs/machine-signals.md): good and rejected, summed over the shift's hours, or null
 * when the machine counted nothing in it (a line without signals shows no suggestion).
 */
import useSWR from 'swr';
import { useShifts } from './useLineLogPlant.js';
import type { LineLogSelection } from '../model/selection.js';

export interface ShiftCount {
  good: number;
  reject: number;
  /** The shift's clock hours in which the machine sent a count, and all the shift's hours: fewer counted means a partial count. */
  countedHours: number;
  shiftHours: number;
}

interface CountedHour {
  good: number;
  reject: number;
  counted: boolean;
}

/** The shift's count from its hours (every clock hour of the shift, those still to come included); null when no hour was counted. */
export function sumCounted(hours: readonly CountedHour[] | undefined): ShiftCount | null {
  const counted = (hours ?? []).filter((h) => h.counted);
  if (counted.length === 0) return null;
  return {
    good: counted.reduce((s, h) => s + h.good, 0),
    reject: counted.reduce((s, h) => s + h.reject, 0),
    countedHours: counted.length,
    shiftHours: hours!.length,
  };
}

/** Asked again every minute while the shift runs (the hour in progress counts as the pieces come); a past shift's count is asked once. */
export function useShiftCount(selection: LineLogSelection, shopFloorId: string, enabled: boolean): ShiftCount | null {
  const shifts = useShifts(selection.day, shopFloorId || null);
  const shift = shifts.data?.find((s) => s.code === selection.shiftCode && s.shift_day === selection.day);
  const shiftId = shift?.id ?? null;
  const running = shift !== undefined && Date.parse(shift.end_time) > Date.now();
  const ready = enabled && shopFloorId && selection.lineId && shiftId !== null;
  const hours = useSWR<CountedHour[]>(ready ? ['/factory/line_hours', { shop_floor_id: shopFloorId, line_id: selection.lineId, shift_id: shiftId }] : null, {
    refreshInterval: running ? 60_000 : 0,
    onError: (err: unknown) => console.error('Caricamento del conteggio macchina non riuscito', err),
  });
  return sumCounted(hours.data);
}
