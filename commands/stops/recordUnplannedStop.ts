import { conflict, validationError } from '../../domain/shared/errors.js';
import { activeItem, type PlantState } from '../../domain/plant/state.js';
import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { MAX_STOPS_PER_KIND, stopId } from '../../domain/stops/ids.js';
import {
  assertMayChange, checkTimes, CORRECTIVE_ACTION_MAX, FAILURE_MODE_MAX, fieldErrors, overlaps, requiredText, stopOverlap,
} from '../../domain/stops/rules.js';
import type { UnplannedStopsState } from '../../domain/stops/unplannedState.js';

/** What the chatbot sends (line log §4.2, §7), with ids as numbers and times as ISO instants. */
export interface UnplannedStopInput {
  workpointId: number;
  stopCodeId: number;
  triggeringEventId: number;
  failureMode: string;
  correctiveAction: string;
  actionMaterialChange: boolean;
  actionCleaning: boolean;
  actionSettingAdjustment: boolean;
  actionComponentRestore: boolean;
  startTime: string;
  endTime: string;
}

/**
 * Record an unplanned stop on the stream of its equipment. The plant as recorded, the
 * user's role and whether the stop's shift report is already submitted travel with
 * the command, so the decision stays pure.
 */
export interface RecordUnplannedStop extends UnplannedStopInput {
  type: 'RecordUnplannedStop';
  equipmentId: number;
  plant: PlantState;
  role: string;
  shiftSubmitted: boolean;
}

/** Where a stop happened, as the plant records it; stored in the event for the read model's filters. */
export interface StopPlace {
  shopFloorId: number;
  lineId: number;
  equipmentId: number;
}

/**
 * Checks the ids against the plant and the texts against the chatbot's limits, naming
 * every bad field at once. The route uses it to find the equipment's stream; decide
 * runs it again on the state it decides on.
 */
export function validateUnplannedStop(plant: PlantState, input: UnplannedStopInput): { place: StopPlace; failureMode: string; correctiveAction: string } {
  const bad = fieldErrors([
    ['failure_mode', requiredText(FAILURE_MODE_MAX), input.failureMode],
    ['corrective_action', requiredText(CORRECTIVE_ACTION_MAX), input.correctiveAction],
  ]);
  const workpoint = activeItem(plant, 'workpoint', input.workpointId);
  const equipment = workpoint?.parentId ? activeItem(plant, 'equipment', workpoint.parentId) : null;
  const line = equipment?.parentId ? activeItem(plant, 'line', equipment.parentId) : null;
  if (!workpoint || !equipment || !line) bad.workpoint_id = 'Area inesistente';
  const stopCode = activeItem(plant, 'stopCode', input.stopCodeId);
  if (!stopCode) bad.stop_code_id = 'Codice di stop inesistente';
  else if (workpoint && stopCode.parentId !== workpoint.id) bad.stop_code_id = "Il codice di stop non appartiene all'area scelta";
  if (!activeItem(plant, 'triggeringEvent', input.triggeringEventId)) bad.triggering_event_id = 'Evento scatenante inesistente';
  if (Object.keys(bad).length > 0 || !equipment || !line) throw validationError('Stop non valido', bad);
  return {
    place: { shopFloorId: line.parentId!, lineId: line.id, equipmentId: equipment.id },
    failureMode: input.failureMode.trim(),
    correctiveAction: input.correctiveAction.trim(),
  };
}

/**
 * Order of checks: fields (400), times (400 INVALID_TIMES), lock (409), overlap with the
 * equipment's other stops (409 STOP_OVERLAP); the id continues the equipment's sequence.
 */
export function decideRecordUnplannedStop(command: RecordUnplannedStop, state: UnplannedStopsState, now: Date): UnplannedStopEvent[] {
  const { place, failureMode, correctiveAction } = validateUnplannedStop(command.plant, command);
  if (place.equipmentId !== command.equipmentId) throw validationError('Stop non valido', { workpoint_id: "L'area non appartiene alla macchina" });
  checkTimes(command.startTime, command.endTime, now);
  assertMayChange(command.role, command.shiftSubmitted);
  const span = { startTime: new Date(command.startTime).toISOString(), endTime: new Date(command.endTime).toISOString() };
  const other = [...state.stops.values()].filter((s) => overlaps(s, span)).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
  if (other) throw stopOverlap(other, span.startTime);
  const sequence = state.lastSequence + 1;
  if (sequence > MAX_STOPS_PER_KIND) throw conflict('STOP_IDS_EXHAUSTED', 'Numero massimo di stop raggiunto per questa macchina');
  return [{
    type: 'UnplannedStopRecorded',
    data: {
      stopId: stopId('unplanned', place.equipmentId, sequence),
      ...place,
      workpointId: command.workpointId,
      stopCodeId: command.stopCodeId,
      triggeringEventId: command.triggeringEventId,
      failureMode,
      correctiveAction,
      actionMaterialChange: command.actionMaterialChange,
      actionCleaning: command.actionCleaning,
      actionSettingAdjustment: command.actionSettingAdjustment,
      actionComponentRestore: command.actionComponentRestore,
      ...span,
    },
  }];
}
