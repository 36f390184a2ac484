/**
 * Stops exactly as the server answers them (docs/line-log.md "Stops and root causes"), shared
 * by every page that lists them: the line logs and the Root Cause Tool.
 */

/** An id and a name, as every relation of a stop is answered. */
export interface Named {
  id: number;
  name: string;
}

/** The saved analysis of a stop: both boxes, '' when empty. */
export interface RootCauseTexts {
  root_cause: string;
  troubleshooting: string;
  /** The 5-why chain: five answers, '' where not given (docs/line-log.md, "Root cause"). */
  whys?: string[];
  /** The 6M category, '' for none. */
  category?: string;
}

/** An unplanned stop. */
export interface UnplannedStop {
  id: number;
  workpoint_id: number;
  stop_code_id: number;
  triggering_event_id: number;
  failure_mode: string;
  corrective_action: string;
  /** ISO instant with the Italian offset, e.g. 2031-06-10T08:10:00+02:00. */
  start_time: string;
  end_time: string;
  action_material_change: boolean;
  action_cleaning: boolean;
  action_setting_adjustment: boolean;
  action_component_restore: boolean;
  /** Whole minutes, rounded down. */
  duration_minutes: number;
  workpoint_rel: Named & { equipment_rel: Named & { line_rel: Named } };
  stop_code_rel: Named;
  triggering_event_rel: Named;
  /** Null until an analysis was saved. */
  root_cause: RootCauseTexts | null;
}

/** A planned stop. */
export interface PlannedStop {
  id: number;
  equipment_id: number;
  planned_reason_id: number;
  start_time: string;
  end_time: string;
  notes: string | null;
  duration_minutes: number;
  equipment_rel: Named & { line_rel: Named };
  planned_reason_rel: Named;
}
