/**
 * A person signing in through a directory (an OIDC provider, LDAP / Active Directory): the
 * account is created at the first sign-in and follows the directory's name and role at every
 * later one, each change an event as an admin's would be. Such an account has no password of
 * Linea's: nothing is written to the credentials table.
 */
import { conflict, DomainError } from '../../domain/shared/errors.js';
import { userStream, type Directory, type UserEvent } from '../../domain/users/events.js';
import type { Role } from '../../domain/users/roles.js';
import { isActiveAdmin, userFold, type UserState } from '../../domain/users/state.js';
import { runCommand, type CommandContext, type CommandDeps, type CommandResult } from '../handleCommand.js';
import { decideRegisterUser, decideUpdateUser } from './decide.js';

export interface DirectorySignIn {
  type: 'DirectorySignIn';
  userId: string;
  username: string;
  displayName: string;
  role: Role;
  directory: Directory;
  subject: string;
  anotherActiveAdmin: boolean;
}

export const ACCOUNT_DISABLED_MESSAGE = "Utente disattivato: rivolgiti all'amministratore";

/** The account exists in Linea but is not this directory's person: a local account, or someone else's. */
export const notLinked = (username: string) =>
  conflict('ACCOUNT_NOT_LINKED', `L'utente ${username} esiste già in Linea e non accede da questa directory: rivolgiti all'amministratore`);

export function decideDirectorySignIn(command: DirectorySignIn, state: UserState): UserEvent[] {
  const { userId, username, displayName, role, directory, subject } = command;
  if (state.status === 'none') {
    return [
      ...decideRegisterUser({ type: 'RegisterUser', userId, username, displayName, role, mustChangePassword: false }, state),
      { type: 'UserLinkedToDirectory', data: { directory, subject } },
    ];
  }
  if (state.status !== 'registered' || state.directory?.directory !== directory || state.directory.subject !== subject) throw notLinked(username);
  // A person switched off in Linea stays off, whatever the directory says.
  if (!state.active) throw new DomainError('ACCOUNT_DISABLED', 401, ACCOUNT_DISABLED_MESSAGE);
  return decideUpdateUser({ type: 'UpdateUser', username, displayName, role, anotherActiveAdmin: command.anotherActiveAdmin }, state);
}

/**
 * Runs a directory sign-in on the account's stream. `adminCandidates` are the users list's
 * admins: a sign-in that would demote the last active admin is refused as an admin's change is.
 */
export function handleDirectorySignIn(
  deps: CommandDeps,
  input: Omit<DirectorySignIn, 'type' | 'anotherActiveAdmin'> & { adminCandidates: readonly string[] },
  ctx: CommandContext,
): Promise<CommandResult<UserEvent>> {
  const { adminCandidates, ...signIn } = input;
  const stream = userStream(signIn.username);
  return runCommand(deps, ctx, async (reads) => {
    const state = await reads.read(stream, userFold);
    let anotherActiveAdmin = false;
    if (state.status === 'registered' && state.role === 'admin' && signIn.role !== 'admin') {
      for (const other of adminCandidates) {
        if (userStream(other) !== stream && isActiveAdmin(await reads.read(userStream(other), userFold))) {
          anotherActiveAdmin = true;
          break;
        }
      }
    }
    return { stream, events: decideDirectorySignIn({ type: 'DirectorySignIn', ...signIn, anotherActiveAdmin }, state) };
  });
}
