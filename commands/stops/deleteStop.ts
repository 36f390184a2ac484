import type { EventOf } from '../../domain/shared/catalog.js';
import type { DomainError } from '../../domain/shared/errors.js';
import { assertMayChange } from '../../domain/stops/rules.js';
import type { CommandContext, CommandDeps, CommandResult } from '../handleCommand.js';
import type { ReadSet } from '../readSet.js';
import { runOnExistingStop, type StopsOnStream, type StopStream } from './stopStreams.js';

/** Delete after the 'Conferma eliminazione' modal; the event keeps the history. */
export interface DeleteStop<T extends string> {
  type: T;
  stopId: number;
  role: string;
  shiftSubmitted: boolean;
}

/** What tells a planned deletion from an unplanned one: the command's name, the event, where the stop lives and its 404. */
export interface StopKindOps<T extends string, S extends StopsOnStream, E extends EventOf> {
  type: T;
  deleted: (stopId: number) => E;
  where: (stopId: number) => StopStream | null;
  read: (reads: ReadSet, where: StopStream) => Promise<S>;
  notFound: () => DomainError;
}

/**
 * Deleting is one rule for both kinds of stop: an unknown or already deleted stop is a 404,
 * a submitted shift locks it for the operator. The handler reads the stop's stream (day or
 * legacy), the calendar and the reports for the lock.
 */
export function stopDeletion<T extends string, S extends StopsOnStream, E extends EventOf>(kind: StopKindOps<T, S, E>) {
  const decide = (command: DeleteStop<T>, state: S): E[] => {
    if (!state.stops.has(command.stopId)) throw kind.notFound();
    assertMayChange(command.role, command.shiftSubmitted);
    return [kind.deleted(command.stopId)];
  };
  const handle = (deps: CommandDeps, input: { stopId: number }, ctx: CommandContext): Promise<CommandResult<E>> => {
    const stop = { id: input.stopId, where: kind.where(input.stopId), read: kind.read, notFound: kind.notFound };
    return runOnExistingStop(deps, ctx, stop, (state, shiftSubmitted) => decide({ stopId: input.stopId, type: kind.type, role: ctx.role, shiftSubmitted }, state));
  };
  return { decide, handle };
}
