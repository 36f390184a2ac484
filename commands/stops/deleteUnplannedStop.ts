import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { assertMayChange } from '../../domain/stops/rules.js';
import type { UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import { stopNotFound } from './editUnplannedStopDetail.js';
import { runCommand, type CommandContext, type CommandResult } from '../handleCommand.js';
import { isShiftSubmitted } from './shiftLock.js';
import { readUnplannedStream, unplannedStreamOf } from './stopStreams.js';

/** Delete after the 'Conferma eliminazione' modal; the event keeps the history. */
export interface DeleteUnplannedStop {
  type: 'DeleteUnplannedStop';
  stopId: number;
  role: string;
  shiftSubmitted: boolean;
}

/** An unknown or already deleted stop is a 404. */
export function decideDeleteUnplannedStop(command: DeleteUnplannedStop, state: UnplannedStopsState): UnplannedStopEvent[] {
  if (!state.stops.has(command.stopId)) throw stopNotFound();
  assertMayChange(command.role, command.shiftSubmitted);
  return [{ type: 'UnplannedStopDeleted', data: { stopId: command.stopId } }];
}

/** The whole command: the stop's stream (day or legacy), the calendar and the reports for the lock. */
export function handleDeleteUnplannedStop(
  deps: Parameters<typeof runCommand>[0],
  input: { stopId: number; role: string },
  ctx: CommandContext,
): Promise<CommandResult<UnplannedStopEvent>> {
  const where = unplannedStreamOf(input.stopId);
  if (!where) return Promise.reject(stopNotFound());
  return runCommand(deps, ctx, async (reads) => {
    const state = await readUnplannedStream(reads, where);
    const stop = state.stops.get(input.stopId);
    if (!stop) throw stopNotFound();
    const shiftSubmitted = await isShiftSubmitted(reads, stop, stop.startTime);
    return { stream: where.stream, events: decideDeleteUnplannedStop({ ...input, type: 'DeleteUnplannedStop', shiftSubmitted }, state) };
  });
}
