import type { PlantKind, PlantState } from '../../../domain/plant/state.js';
import type { PlannedStopRecordedData, UnplannedStopRecordedData } from '../../../domain/stops/events.js';
import { durationMinutes } from '../../../domain/stops/rules.js';
import type { Named, PlannedStopRow, UnplannedStopRow } from '../../../projections/stops/stops.queries.js';
import { local } from './plantTime.js';

const pair = (n: Named) => ({ id: n.id, name: n.name });

/** The spec's unplanned stop (line log §3) with its relations, downtime and, for the Root Cause Tool, its analysis. */
export const presentUnplanned = (s: UnplannedStopRow) => ({
  id: s.id,
  workpoint_id: s.workpointId,
  stop_code_id: s.stopCodeId,
  triggering_event_id: s.triggeringEventId,
  failure_mode: s.failureMode,
  corrective_action: s.correctiveAction,
  start_time: local(s.startTime),
  end_time: local(s.endTime),
  action_material_change: s.actionMaterialChange,
  action_cleaning: s.actionCleaning,
  action_setting_adjustment: s.actionSettingAdjustment,
  action_component_restore: s.actionComponentRestore,
  duration_minutes: durationMinutes(s.startTime, s.endTime),
  workpoint_rel: { ...pair(s.workpoint), equipment_rel: { ...pair(s.equipment), line_rel: pair(s.line) } },
  stop_code_rel: pair(s.stopCode),
  triggering_event_rel: pair(s.triggeringEvent),
  root_cause: s.rootCause ? { root_cause: s.rootCause.rootCause, troubleshooting: s.rootCause.troubleshooting, whys: [...s.rootCause.whys], category: s.rootCause.category } : null,
});

/** The spec's planned stop (line log §3) with its equipment (and line), reason and downtime. */
export const presentPlanned = (s: PlannedStopRow) => ({
  id: s.id,
  equipment_id: s.equipmentId,
  planned_reason_id: s.plannedReasonId,
  start_time: local(s.startTime),
  end_time: local(s.endTime),
  notes: s.notes,
  duration_minutes: durationMinutes(s.startTime, s.endTime),
  equipment_rel: { ...pair(s.equipment), line_rel: pair(s.line) },
  planned_reason_rel: pair(s.plannedReason),
});

/** Names as the plant records them (retired items keep theirs). */
const nameOf = (plant: PlantState, kind: PlantKind, id: number): Named => ({ id, name: plant.items[kind].get(id)?.name ?? '' });

/** The row a just-recorded stop will have, built from its event, so the answer never waits on a read table. */
export const unplannedRowFromEvent = (d: UnplannedStopRecordedData, plant: PlantState): UnplannedStopRow => ({
  id: d.stopId,
  workpointId: d.workpointId,
  stopCodeId: d.stopCodeId,
  triggeringEventId: d.triggeringEventId,
  failureMode: d.failureMode,
  correctiveAction: d.correctiveAction,
  actionMaterialChange: d.actionMaterialChange,
  actionCleaning: d.actionCleaning,
  actionSettingAdjustment: d.actionSettingAdjustment,
  actionComponentRestore: d.actionComponentRestore,
  startTime: new Date(d.startTime),
  endTime: new Date(d.endTime),
  workpoint: nameOf(plant, 'workpoint', d.workpointId),
  equipment: nameOf(plant, 'equipment', d.equipmentId),
  line: nameOf(plant, 'line', d.lineId),
  stopCode: nameOf(plant, 'stopCode', d.stopCodeId),
  triggeringEvent: nameOf(plant, 'triggeringEvent', d.triggeringEventId),
  rootCause: null,
});

/** As unplannedRowFromEvent: the POST answers from the event, not from a read table that may lag. */
export const plannedRowFromEvent = (d: PlannedStopRecordedData, plant: PlantState): PlannedStopRow => ({
  id: d.stopId,
  equipmentId: d.equipmentId,
  plannedReasonId: d.plannedReasonId,
  startTime: new Date(d.startTime),
  endTime: new Date(d.endTime),
  notes: d.notes,
  equipment: nameOf(plant, 'equipment', d.equipmentId),
  line: nameOf(plant, 'line', d.lineId),
  plannedReason: nameOf(plant, 'plannedStopReason', d.plannedReasonId),
});
