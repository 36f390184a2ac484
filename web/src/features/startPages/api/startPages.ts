/**
 * The two start pages' calls (docs/start-pages.md): one each, so a page opens with one round trip.
 */
import useSWR from 'swr';
import type { DbrAction } from '../../dbrActions/index.js';
import type { Shift } from '../../lineLog/index.js';

/** Where a shift's report stands: nothing saved, a draft, submitted (the spec's confirmed). */
export type ReportState = 'none' | 'draft' | 'submitted';

/** A shift of the day with its report and stops. */
export interface OperatorShift extends Shift {
  report: ReportState;
  planned_stops: number;
  unplanned_stops: number;
}

/** GET /factory/start/operator. */
export interface OperatorDay {
  day: string;
  line_id: number;
  line_name: string;
  shifts: OperatorShift[];
  dbr_actions: { total: number; open: DbrAction[] };
}

/** At most a few items, newest first, and how many there are. */
export interface Bounded<T> {
  total: number;
  items: T[];
}

export interface ReportToReview {
  line_id: number;
  line_name: string;
  day: string;
  shift_code: string;
  shift_name: string | null;
  submitted_at: string;
  submitted_by: string;
}

export interface StopWithoutCause {
  id: number;
  line_id: number;
  line_name: string;
  shift_day: string;
  equipment_name: string;
  stop_code_name: string;
  start_time: string;
  end_time: string;
}

export interface OverdueAction {
  id: number;
  line_id: number;
  line_name: string;
  due_date: string;
  due_shift_name: string | null;
  equipment_name: string | null;
  activity: string;
  owner: string;
}

/** A stop a machine detected that no recorded stop explains, left over from a shift that is over (its shift null when none holds it). */
export interface UnclassifiedDetectedStop {
  id: number;
  line_id: number;
  line_name: string;
  equipment_id: number;
  equipment_name: string;
  start_time: string;
  end_time: string;
  duration_minutes: number;
  shift_day: string | null;
  shift_code: string | null;
  shift_name: string | null;
}

/** GET /factory/start/support. */
export interface SupportQueue {
  date_from: string;
  date_to: string;
  reports_to_review: Bounded<ReportToReview>;
  stops_without_root_cause: Bounded<StopWithoutCause>;
  overdue_dbr_actions: Bounded<OverdueAction>;
  unclassified_detected_stops: Bounded<UnclassifiedDetectedStop>;
}

/** The operator's day on the station's line; nothing is asked without shop floor and line. */
export function useOperatorDay(shopFloorId: string, lineId: string) {
  return useSWR<OperatorDay>(shopFloorId && lineId ? ['/factory/start/operator', { shop_floor_id: shopFloorId, line_id: lineId }] : null);
}

/** What waits for the improvement role on the station's shop floor. */
export function useSupportQueue(shopFloorId: string) {
  return useSWR<SupportQueue>(shopFloorId ? ['/factory/start/support', { shop_floor_id: shopFloorId }] : null);
}
