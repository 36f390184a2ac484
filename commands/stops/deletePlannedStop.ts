import type { PlannedStopEvent } from '../../domain/stops/events.js';
import type { PlannedStopsState } from '../../domain/stops/plannedState.js';
import { assertMayChange } from '../../domain/stops/rules.js';
import { plannedStopNotFound } from './editPlannedStopNote.js';
import { runCommand, type CommandContext, type CommandResult } from '../handleCommand.js';
import { isShiftSubmitted } from './shiftLock.js';
import { plannedStreamOf, readPlannedStream } from './stopStreams.js';

/** Delete after the confirmation modal; the event keeps the history. */
export interface DeletePlannedStop {
  type: 'DeletePlannedStop';
  stopId: number;
  role: string;
  shiftSubmitted: boolean;
}

/** An unknown or already deleted stop is a 404; a submitted shift locks it for the operator. */
export function decideDeletePlannedStop(command: DeletePlannedStop, state: PlannedStopsState): PlannedStopEvent[] {
  if (!state.stops.has(command.stopId)) throw plannedStopNotFound();
  assertMayChange(command.role, command.shiftSubmitted);
  return [{ type: 'PlannedStopDeleted', data: { stopId: command.stopId } }];
}

/** The whole command: the stop's stream (day or legacy), the calendar and the reports for the lock. */
export function handleDeletePlannedStop(
  deps: Parameters<typeof runCommand>[0],
  input: { stopId: number; role: string },
  ctx: CommandContext,
): Promise<CommandResult<PlannedStopEvent>> {
  const where = plannedStreamOf(input.stopId);
  if (!where) return Promise.reject(plannedStopNotFound());
  return runCommand(deps, ctx, async (reads) => {
    const state = await readPlannedStream(reads, where);
    const stop = state.stops.get(input.stopId);
    if (!stop) throw plannedStopNotFound();
    const shiftSubmitted = await isShiftSubmitted(reads, stop, stop.startTime);
    return { stream: where.stream, events: decideDeletePlannedStop({ ...input, type: 'DeletePlannedStop', shiftSubmitted }, state) };
  });
}
