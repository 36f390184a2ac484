import { detectedStopId as detectedStopIdOf, machineDayStream, machinePlantDay, parseDetectedStopId, type MachineEvent } from '../../domain/machines/events.js';
import { validationError } from '../../domain/shared/errors.js';
import type { ReadSet } from '../readSet.js';
import { foldKey, machineDayFold, type MachineDayState } from '../../domain/machines/state.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult, type Decider } from '../handleCommand.js';

/** Who writes what the machines say: the connector, never a person. */
export const MACHINE_SIGNALS_CONTEXT = { userId: 'system', username: 'machine-signals', role: 'system' } as const;

/**
 * Records one event the tracker made (domain/machines/tracker.ts) unless the machine's day
 * stream holds it already: the same stop start, the same end, the same hour fold. Messages
 * repeated by the broker or by a gateway, and a stop detected again after the app restarted,
 * so change nothing.
 */
export function decideRecordMachineEvent(event: MachineEvent, state: MachineDayState): MachineEvent[] {
  switch (event.type) {
    case 'MachineStopDetected':
      return state.stops.has(event.data.startTime) ? [] : [event];
    case 'MachineRestarted':
      return state.stops.get(event.data.startTime) === event.data.endTime ? [] : [event];
    case 'MachineHourCounted':
      return state.folds.has(foldKey(event.data.hour, event.data.firstAt)) ? [] : [event];
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The recorder as a decider: the machine's day stream, and the tracker's event as the command. */
export const machineDayDecider: Decider<MachineEvent, MachineDayState, MachineEvent> = {
  ...machineDayFold,
  decide: (event, state) => decideRecordMachineEvent(event, state),
};

/** The day stream of a stop is its start's plant day (a stop across midnight ends there too); an hour's, the hour's. */
export function machineStreamOf(event: MachineEvent): string {
  return machineDayStream(event.data.equipmentId, machinePlantDay(event.type === 'MachineHourCounted' ? event.data.hour : event.data.startTime));
}

export function handleRecordMachineEvent(deps: CommandDeps, event: MachineEvent, ctx: CommandContext): Promise<CommandResult<MachineEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(machineStreamOf(event), machineDayFold, (state) => decideRecordMachineEvent(event, state)),
  );
}

/**
 * An unplanned stop that explains a detected one names it: the detected stop must be the
 * same machine's and known to its day stream (400 naming `detected_stop_id` otherwise). Read
 * through the command's ReadSet, so the stop recorded rests on what the machine said.
 */
export async function checkDetectedStop(reads: ReadSet, detectedStopId: number, equipmentId: number): Promise<void> {
  const named = parseDetectedStopId(detectedStopId);
  if (!named || named.equipmentId !== equipmentId) throw validationError('Stop non valido', { detected_stop_id: 'Il fermo rilevato non è di questa macchina' });
  const state = await reads.read(machineDayStream(equipmentId, machinePlantDay(named.startMinute)), machineDayFold);
  if (![...state.stops.keys()].some((start) => detectedStopId === detectedStopIdOf(equipmentId, start)))
    throw validationError('Stop non valido', { detected_stop_id: 'Fermo rilevato inesistente' });
}
