import type { UnplannedStopEvent } from '../../domain/stops/events.js';
import { assertMayChange } from '../../domain/stops/rules.js';
import type { UnplannedStopsState } from '../../domain/stops/unplannedState.js';
import { stopNotFound } from './editUnplannedStopDetail.js';
import type { CommandContext, CommandDeps, CommandResult } from '../handleCommand.js';
import { readUnplannedStream, runOnExistingStop, unplannedStreamOf } from './stopStreams.js';

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
export function handleDeleteUnplannedStop(deps: CommandDeps, input: { stopId: number }, ctx: CommandContext): Promise<CommandResult<UnplannedStopEvent>> {
  const stop = { id: input.stopId, where: unplannedStreamOf(input.stopId), read: readUnplannedStream, notFound: stopNotFound };
  return runOnExistingStop(deps, ctx, stop, (state, shiftSubmitted) => decideDeleteUnplannedStop({ ...input, type: 'DeleteUnplannedStop', role: ctx.role, shiftSubmitted }, state));
}
