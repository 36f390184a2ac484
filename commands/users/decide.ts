import { z } from 'zod';
import { conflict, notFound, validationError } from '../../domain/shared/errors.js';
import { DISPLAY_NAME_MAX, USERNAME_MAX, type UserEvent } from '../../domain/users/events.js';
import { fixedRoleOf, roleSchema, type Role } from '../../domain/users/roles.js';
import type { RegisteredUser, UserState } from '../../domain/users/state.js';
import { USERNAME_CHARACTERS, usernameProblem } from '../../domain/users/usernames.js';

/** The name of an account that exists (a path parameter): any name ever accepted. */
export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Obbligatorio')
  .max(USERNAME_MAX, `Al massimo ${USERNAME_MAX} caratteri`)
  .regex(/^[a-zA-Z0-9._-]+$/, USERNAME_CHARACTERS);
/** The name of a new account: the rules of domain/users/usernames.ts. */
export const newUsernameSchema = z
  .string()
  .trim()
  .superRefine((name, ctx) => {
    const problem = usernameProblem(name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
export const displayNameSchema = z.string().trim().min(1, 'Obbligatorio').max(DISPLAY_NAME_MAX, `Al massimo ${DISPLAY_NAME_MAX} caratteri`);

export const registerUserSchema = z.object({
  type: z.literal('RegisterUser'),
  userId: z.string().min(1),
  username: newUsernameSchema,
  displayName: displayNameSchema,
  role: roleSchema,
  mustChangePassword: z.boolean(),
});
export type RegisterUser = z.infer<typeof registerUserSchema>;

/** `temporary`: an admin's reset, to be changed at the next login. */
export interface ChangePassword {
  type: 'ChangePassword';
  username: string;
  temporary: boolean;
}

/**
 * `anotherActiveAdmin` is read by the handler from the other admins' streams (never from a
 * read model), so the last active admin can be neither demoted nor switched off.
 */
export interface UpdateUser {
  type: 'UpdateUser';
  username: string;
  displayName?: string;
  role?: Role;
  active?: boolean;
  anotherActiveAdmin: boolean;
}

export const LAST_ADMIN_MESSAGE = "È l'ultimo amministratore attivo: prima nomina o riattiva un altro amministratore";

function roleRule(username: string, role: Role): void {
  const fixed = fixedRoleOf(username);
  if (fixed && fixed !== role) throw validationError('Ruolo non valido', { role: `L'utente ${fixed} ha il ruolo ${fixed}: i nomi dei ruoli sono riservati ai loro account` });
}

function existing(state: UserState, username: string): RegisteredUser {
  if (state.status !== 'registered') throw notFound(`Utente ${username} non trovato`);
  return state;
}

export function decideRegisterUser(command: RegisterUser, state: UserState): UserEvent[] {
  const nameProblem = usernameProblem(command.username);
  if (nameProblem) throw validationError('Nome utente non valido', { username: nameProblem });
  roleRule(command.username, command.role);
  if (state.status !== 'none') throw conflict('USER_EXISTS', `L'utente ${command.username} esiste già`);
  const { userId, username, displayName, role, mustChangePassword } = command;
  return [{ type: 'UserRegistered', data: { userId, username, displayName, role, mustChangePassword } }];
}

export function decideChangePassword(command: ChangePassword, state: UserState): UserEvent[] {
  existing(state, command.username);
  return [{ type: 'UserPasswordChanged', data: { temporary: command.temporary } }];
}

/** Name, role and active flag in one change; what is already so records nothing. */
export function decideUpdateUser(command: UpdateUser, state: UserState): UserEvent[] {
  const user = existing(state, command.username);
  const events: UserEvent[] = [];
  if (command.displayName !== undefined && command.displayName !== user.displayName) events.push({ type: 'UserDisplayNameChanged', data: { displayName: command.displayName } });
  if (command.role !== undefined && command.role !== user.role) {
    roleRule(user.username, command.role);
    events.push({ type: 'UserRoleChanged', data: { role: command.role } });
  }
  if (command.active !== undefined && command.active !== user.active) events.push({ type: command.active ? 'UserReactivated' : 'UserDeactivated', data: {} });
  const losesAdmin = user.active && user.role === 'admin' && ((command.role !== undefined && command.role !== 'admin') || command.active === false);
  if (losesAdmin && !command.anotherActiveAdmin) throw conflict('LAST_ADMIN', LAST_ADMIN_MESSAGE);
  return events;
}
