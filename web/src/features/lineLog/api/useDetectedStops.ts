/**
 * The stops the line's machines detected in the shift that no recorded stop explains yet
 * (docs/machine-signals.md), with the line's machine names; the live channel refreshes them.
 */
import useSWR from 'swr';

export interface DetectedStop {
  id: number;
  equipment_id: number;
  start_time: string;
  end_time: string | null;
  duration_minutes: number;
  classified_stop_id: number | null;
  /** Still running when the shift's report was sent: 'rilevati dopo l'invio'. */
  after_submit: boolean;
}

export function useDetectedStops(q: { shopFloorId: string; lineId: string; shiftId: number | null }) {
  const ready = q.shopFloorId && q.lineId && q.shiftId !== null;
  const stops = useSWR<DetectedStop[]>(ready ? ['/factory/detected_stops', { shop_floor_id: q.shopFloorId, line_id: q.lineId, shift_id: q.shiftId, state: 'unclassified' }] : null);
  const machines = useSWR<Array<{ id: number; name: string }>>(ready ? ['/factory/equipments', { line_id: q.lineId }] : null);
  // Answered (or failed, or nothing to ask): the operator's report waits for it, so the list never
  // appears above fields already on screen and pushes them down.
  const settled = !ready || ((stops.data !== undefined || stops.error !== undefined) && (machines.data !== undefined || machines.error !== undefined));
  return { stops: stops.data ?? [], machines: machines.data ?? [], settled };
}
