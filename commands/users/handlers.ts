import { userStream, type UserEvent } from '../../domain/users/events.js';
import { isActiveAdmin, userFold } from '../../domain/users/state.js';
import { onStream, runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { decideChangePassword, decideRegisterUser, decideUpdateUser, type ChangePassword, type RegisterUser, type UpdateUser } from './decide.js';

type Input<C> = Omit<C, 'type'>;

/** Registers a user on the stream of their name (the pages, the CLI, the demo seed); a taken name is a 409. */
export function handleRegisterUser(deps: CommandDeps, input: Input<RegisterUser>, ctx: CommandContext): Promise<CommandResult<UserEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(userStream(input.username), userFold, (state) => decideRegisterUser({ type: 'RegisterUser', ...input }, state)),
  );
}

/** Records that a user's password changed (the hash itself goes to the credentials table, never to an event). */
export function handleChangePassword(deps: CommandDeps, input: Input<ChangePassword>, ctx: CommandContext): Promise<CommandResult<UserEvent>> {
  return runCommand(
    deps,
    ctx,
    onStream(userStream(input.username), userFold, (state) => decideChangePassword({ type: 'ChangePassword', ...input }, state)),
  );
}

/**
 * Changes a user's name, role or active flag. `adminCandidates` are the other accounts that
 * may be admins (from the users list); their streams are read here and become conditions of
 * the append, so two admins demoting each other at once cannot both succeed.
 */
export function handleUpdateUser(
  deps: CommandDeps,
  input: Omit<Input<UpdateUser>, 'anotherActiveAdmin'> & { adminCandidates: readonly string[] },
  ctx: CommandContext,
): Promise<CommandResult<UserEvent>> {
  const { adminCandidates, ...change } = input;
  const stream = userStream(change.username);
  return runCommand(deps, ctx, async (reads) => {
    const state = await reads.read(stream, userFold);
    let anotherActiveAdmin = false;
    for (const other of adminCandidates) {
      if (userStream(other) === stream) continue;
      if (isActiveAdmin(await reads.read(userStream(other), userFold))) {
        anotherActiveAdmin = true;
        break;
      }
    }
    return { stream, events: decideUpdateUser({ type: 'UpdateUser', ...change, anotherActiveAdmin }, state) };
  });
}

/** A role change alone (scripts and benchmarks on non-admin accounts: demoting an admin goes through handleUpdateUser with its candidates). */
export function handleChangeRole(deps: CommandDeps, input: { username: string; role: UpdateUser['role'] & string }, ctx: CommandContext): Promise<CommandResult<UserEvent>> {
  return handleUpdateUser(deps, { ...input, adminCandidates: [] }, ctx);
}
