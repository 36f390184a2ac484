import { validationError } from '../../domain/shared/errors.js';
import { activeItem, type PlantState } from '../../domain/plant/state.js';
import { plannedStopsStream, type PlannedStopEvent } from '../../domain/stops/events.js';
import { nextStopId } from '../../domain/stops/ids.js';
import { plannedFold, type PlannedStopsState } from '../../domain/stops/plannedState.js';
import { assertMayChange, checkPlannedLength, checkTimes, fieldErrors, optionalNote, plantDay } from '../../domain/stops/rules.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { readPlantIn } from '../plant/readPlant.js';
import type { StopPlace } from './recordUnplannedStop.js';
import { isShiftSubmitted } from './shiftLock.js';

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

/** Same time rules as an unplanned stop (a week at most instead of a day); planned stops are not checked for overlap (see docs/line-log.md). */
export function decideRecordPlannedStop(command: RecordPlannedStop, state: PlannedStopsState, now: Date): PlannedStopEvent[] {
  const { place, notes } = validatePlannedStop(command.plant, command);
  checkTimes(command.startTime, command.endTime, now);
  checkPlannedLength(command.startTime, command.endTime);
  assertMayChange(command.role, command.shiftSubmitted);
  if (plantDay(command.startTime) !== command.day) throw new Error(`RecordPlannedStop for ${command.day} starts on another day`);
  return [
    {
      type: 'PlannedStopRecorded',
      data: {
        stopId: nextStopId('planned', place.equipmentId, command.day, state.lastSequence),
        ...place,
        plannedReasonId: command.plannedReasonId,
        startTime: new Date(command.startTime).toISOString(),
        endTime: new Date(command.endTime).toISOString(),
        notes,
      },
    },
  ];
}

/** The whole command: plant (cached), the day stream, calendar and reports for the lock; appends on condition none moved. */
export function handleRecordPlannedStop(deps: CommandDeps, input: PlannedStopInput, ctx: CommandContext): Promise<CommandResult<PlannedStopEvent>> {
  return runCommand(deps, ctx, async (reads) => {
    const plant = await readPlantIn(reads);
    const { place } = validatePlannedStop(plant, input);
    checkTimes(input.startTime, input.endTime, ctx.now);
    checkPlannedLength(input.startTime, input.endTime);
    const day = plantDay(input.startTime);
    const stream = plannedStopsStream(place.equipmentId, day);
    const own = await reads.read(stream, plannedFold);
    const shiftSubmitted = await isShiftSubmitted(reads, place, input.startTime);
    return { stream, events: decideRecordPlannedStop({ ...input, type: 'RecordPlannedStop', day, plant, role: ctx.role, shiftSubmitted }, own, ctx.now) };
  });
}
