import { validationError } from '../../domain/shared/errors.js';
import { activeItem, type PlantState } from '../../domain/plant/state.js';
import { plannedStopsStream, type PlannedStopEvent } from '../../domain/stops/events.js';
import { nextStopId } from '../../domain/stops/ids.js';
import type { PlannedStopFacts, PlannedStopsState } from '../../domain/stops/plannedState.js';
import { assertMayChange, checkPlannedLength, checkTimes, fieldErrors, optionalNote, overlaps, plantDay, stopOverlap } from '../../domain/stops/rules.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';
import type { StopPlace } from './recordUnplannedStop.js';
import { isShiftSubmitted } from './shiftLock.js';
import { plannedStopsAround } from './stopStreams.js';

/** What the planned-stop chatbot sends (line log §4.3, §7). */
export interface PlannedStopInput {
  equipmentId: number;
  plannedReasonId: number;
  startTime: string;
  endTime: string;
  notes: string | null;
}

/** Record a planned stop on its equipment's stream of the plant day it starts; plant, role and lock travel with it (pure decide). */
export interface RecordPlannedStop extends PlannedStopInput {
  type: 'RecordPlannedStop';
  /** The plant day of the start: the day stream decided on. */
  day: string;
  plant: PlantState;
  role: string;
  shiftSubmitted: boolean;
  /** Live planned stops of the equipment outside this day stream that may overlap the new one. */
  nearby: readonly PlannedStopFacts[];
}

/** Equipment and reason must exist; the note is optional (blank becomes null) up to 1000 characters. */
export function validatePlannedStop(plant: PlantState, input: PlannedStopInput): { place: StopPlace; notes: string | null } {
  const bad = fieldErrors([['notes', optionalNote, input.notes]]);
  const equipment = activeItem(plant, 'equipment', input.equipmentId);
  const line = equipment?.parentId ? activeItem(plant, 'line', equipment.parentId) : null;
  if (!equipment || !line) bad.equipment_id = 'Macchina inesistente';
  if (!activeItem(plant, 'plannedStopReason', input.plannedReasonId)) bad.planned_reason_id = 'Causale inesistente';
  if (Object.keys(bad).length > 0 || !equipment || !line) throw validationError('Stop pianificato non valido', bad);
  return { place: { shopFloorId: line.parentId!, lineId: line.id, equipmentId: equipment.id }, notes: optionalNote.parse(input.notes) };
}

/**
 * Same rules as an unplanned stop (a week at most instead of a day): fields (400), times and
 * length (400 INVALID_TIMES), lock (409), overlap with the equipment's other planned stops
 * (409 STOP_OVERLAP naming the other stop's times), so the same stop entered twice does not
 * count its downtime twice.
 */
export function decideRecordPlannedStop(command: RecordPlannedStop, state: PlannedStopsState, now: Date): PlannedStopEvent[] {
  const { place, notes } = validatePlannedStop(command.plant, command);
  checkTimes(command.startTime, command.endTime, now);
  checkPlannedLength(command.startTime, command.endTime);
  assertMayChange(command.role, command.shiftSubmitted);
  const span = { startTime: new Date(command.startTime).toISOString(), endTime: new Date(command.endTime).toISOString() };
  if (plantDay(span.startTime) !== command.day) throw new Error(`RecordPlannedStop for ${command.day} starts on another day`);
  const other = [...state.stops.values(), ...command.nearby].filter((s) => overlaps(s, span)).sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime))[0];
  if (other) throw stopOverlap(other, span.startTime);
  return [
    {
      type: 'PlannedStopRecorded',
      data: {
        stopId: nextStopId('planned', place.equipmentId, command.day, state.lastSequence),
        ...place,
        plannedReasonId: command.plannedReasonId,
        ...span,
        notes,
      },
    },
  ];
}

/** The whole command: plant (cached), the day streams the overlap rule needs, calendar and reports for the lock; appends on condition none moved. */
export function handleRecordPlannedStop(deps: CommandDeps, input: PlannedStopInput, ctx: CommandContext): Promise<CommandResult<PlannedStopEvent>> {
  return runCommand(deps, ctx, async (reads) => {
    const plant = await readPlantIn(reads);
    const { place } = validatePlannedStop(plant, input);
    checkTimes(input.startTime, input.endTime, ctx.now);
    checkPlannedLength(input.startTime, input.endTime);
    const { day, own, nearby } = await plannedStopsAround(reads, place.equipmentId, input.startTime, input.endTime);
    const shiftSubmitted = await isShiftSubmitted(reads, place, input.startTime);
    const command: RecordPlannedStop = { ...input, type: 'RecordPlannedStop', day, plant, role: ctx.role, shiftSubmitted, nearby };
    return { stream: plannedStopsStream(place.equipmentId, day), events: decideRecordPlannedStop(command, own, ctx.now) };
  });
}
