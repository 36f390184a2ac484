import { validationError } from '../../domain/shared/errors.js';
import { activeItem, type PlantState } from '../../domain/plant/state.js';
import { unplannedStopsStream, type UnplannedStopEvent, type UnplannedStopRecordedData } from '../../domain/stops/events.js';
import { nextStopId } from '../../domain/stops/ids.js';
import {
  assertMayChange,
  checkTimes,
  checkUnplannedLength,
  CORRECTIVE_ACTION_MAX,
  FAILURE_MODE_MAX,
  fieldErrors,
  overlaps,
  plantDay,
  requiredText,
  stopOverlap,
} from '../../domain/stops/rules.js';
import type { UnplannedStopFacts, UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import { checkDetectedStop } from '../machines/recordMachineEvent.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';
import type { ReadSet } from '../readSet.js';
import { isShiftSubmitted } from './shiftLock.js';
import { unplannedStopsAround } from './stopStreams.js';

/**
 * What the chatbot sends (line log §4.2, §7), with ids as numbers and times as ISO instants:
 * the recorded event's fields but the id and the place, which the decider gives from the workpoint.
 */
export type UnplannedStopInput = Omit<UnplannedStopRecordedData, 'stopId' | 'shopFloorId' | 'lineId' | 'equipmentId'>;

/**
 * Record an unplanned stop on its equipment's stream of the plant day it starts. The plant
 * as recorded, the user's role, whether the stop's shift report is already submitted and
 * the equipment's other stops that could overlap it (other day streams, the legacy stream)
 * travel with the command, so the decision stays pure.
 */
export interface RecordUnplannedStop extends UnplannedStopInput {
  type: 'RecordUnplannedStop';
  equipmentId: number;
  /** The plant day of the start: the day stream decided on. */
  day: string;
  plant: PlantState;
  role: string;
  shiftSubmitted: boolean;
  /** Live stops of the equipment outside this day stream that may overlap the new one. */
  nearby: readonly UnplannedStopFacts[];
}

/** Where a stop happened, as the plant records it; stored in the event for the read model's filters. */
export interface StopPlace {
  shopFloorId: number;
  lineId: number;
  equipmentId: number;
}

/**
 * Checks the ids against the plant and the texts against the chatbot's limits, naming
 * every bad field at once. The handler uses it to find the equipment's day stream; decide
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
 * Order of checks: fields (400), times and length (400 INVALID_TIMES), lock (409), overlap
 * with the equipment's other stops (409 STOP_OVERLAP); the id continues the day stream's
 * sequence.
 */
export function decideRecordUnplannedStop(command: RecordUnplannedStop, state: UnplannedStopsState, now: Date): UnplannedStopEvent[] {
  const { place, failureMode, correctiveAction } = validateUnplannedStop(command.plant, command);
  if (place.equipmentId !== command.equipmentId) throw validationError('Stop non valido', { workpoint_id: "L'area non appartiene alla macchina" });
  checkTimes(command.startTime, command.endTime, now);
  checkUnplannedLength(command.startTime, command.endTime);
  assertMayChange(command.role, command.shiftSubmitted);
  const span = { startTime: new Date(command.startTime).toISOString(), endTime: new Date(command.endTime).toISOString() };
  if (plantDay(span.startTime) !== command.day) throw new Error(`RecordUnplannedStop for ${command.day} starts on another day`);
  const other = [...state.stops.values(), ...command.nearby].filter((s) => overlaps(s, span)).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
  if (other) throw stopOverlap(other, span.startTime);
  return [
    {
      type: 'UnplannedStopRecorded',
      data: {
        stopId: nextStopId('unplanned', place.equipmentId, command.day, state.lastSequence),
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
        ...(command.detectedStopId !== undefined ? { detectedStopId: command.detectedStopId } : {}),
      },
    },
  ];
}

/**
 * The whole command: reads the plant (cached), the day streams and legacy stream the
 * overlap rule needs, the calendar and the shift reports for the lock, decides, and
 * appends to the day stream on condition that nothing it read has moved.
 */
export function handleRecordUnplannedStop(deps: CommandDeps, input: UnplannedStopInput, ctx: CommandContext): Promise<CommandResult<UnplannedStopEvent>> {
  return runCommand(deps, ctx, async (reads: ReadSet) => {
    const plant = await readPlantIn(reads);
    const { place } = validateUnplannedStop(plant, input);
    // Times first: the streams to read depend on them.
    checkTimes(input.startTime, input.endTime, ctx.now);
    checkUnplannedLength(input.startTime, input.endTime);
    const { day, own, nearby } = await unplannedStopsAround(reads, place.equipmentId, input.startTime, input.endTime);
    const shiftSubmitted = await isShiftSubmitted(reads, place, input.startTime);
    if (input.detectedStopId !== undefined) await checkDetectedStop(reads, input.detectedStopId, place.equipmentId);
    const command: RecordUnplannedStop = { ...input, type: 'RecordUnplannedStop', equipmentId: place.equipmentId, day, plant, role: ctx.role, shiftSubmitted, nearby };
    return { stream: unplannedStopsStream(place.equipmentId, day), events: decideRecordUnplannedStop(command, own, ctx.now) };
  });
}
