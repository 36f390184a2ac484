import type { PlannedStopEvent } from '../../domain/stops/events.js';
import type { PlannedStopsState } from '../../domain/stops/plannedState.js';
import { assertMayChange } from '../../domain/stops/rules.js';
import { plannedStopNotFound } from './editPlannedStopNote.js';
import type { CommandContext, CommandDeps, CommandResult } from '../handleCommand.js';
import { readPlannedStream, runOnExistingStop, plannedStreamOf } from './stopStreams.js';

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
export function handleDeletePlannedStop(deps: CommandDeps, input: { stopId: number }, ctx: CommandContext): Promise<CommandResult<PlannedStopEvent>> {
  const stop = { id: input.stopId, where: plannedStreamOf(input.stopId), read: readPlannedStream, notFound: plannedStopNotFound };
  return runOnExistingStop(deps, ctx, stop, (state, shiftSubmitted) => decideDeletePlannedStop({ ...input, type: 'DeletePlannedStop', role: ctx.role, shiftSubmitted }, state));
}
