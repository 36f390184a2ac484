/**
 * What the users page, the CLI and the demo seed do to an account: the command records the
 * change as an event (who and when, no secret), and the password's hash goes to the
 * credentials table. The event is appended first, so a refused command (a taken name, an
 * unknown user) never touches a stored hash.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { validationError } from '../../domain/shared/errors.js';
import { passwordProblem } from '../../domain/users/passwordRules.js';
import type { Role } from '../../domain/users/roles.js';
import { writeCredential } from '../../infra/auth/credentials.js';
import type { CommandContext, CommandDeps } from '../handleCommand.js';
import { handleChangePassword, handleRegisterUser, handleUpdateUser } from './handlers.js';

export interface AccountDeps extends CommandDeps {
  knex: Knex;
  /** scrypt, through the process's hashing gate where there is one. */
  hash(password: string): Promise<string>;
}

/** A 400 naming the field when the password breaks the rules (docs/accounts.md). */
export function checkPassword(password: string, username: string, field = 'password'): void {
  const problem = passwordProblem(password, username);
  if (problem) throw validationError('Password non valida', { [field]: problem });
}

export interface NewAccount {
  username: string;
  displayName: string;
  role: Role;
  password: string;
  /** Set by an admin for someone else: they choose their own at the first login. */
  mustChangePassword: boolean;
}

export async function createAccount(deps: AccountDeps, input: NewAccount, ctx: CommandContext) {
  checkPassword(input.password, input.username);
  const hash = await deps.hash(input.password);
  const { password: _password, ...account } = input;
  const result = await handleRegisterUser(deps, { userId: randomUUID(), ...account }, ctx);
  await writeCredential(deps.knex, input.username, hash, ctx.now);
  return result;
}

/** A new password chosen by its user (or given by the CLI): the rules apply, and every session of the account ends. */
export async function setPassword(deps: AccountDeps, username: string, password: string, ctx: CommandContext, options: { temporary?: boolean; field?: string } = {}) {
  checkPassword(password, username, options.field);
  const hash = await deps.hash(password);
  const result = await handleChangePassword(deps, { username, temporary: options.temporary ?? false }, ctx);
  await writeCredential(deps.knex, username, hash, ctx.now);
  return result;
}

/** Readable groups of letters and digits without the ones people confuse (0/O, 1/l/I). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** 16 characters from 31: about 79 bits, shown once and changed at the next login. */
export function temporaryPassword(): string {
  const bytes = randomBytes(16);
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]!);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** An admin's reset: a temporary password the user must change at the next login; their sessions end. */
export async function resetPassword(deps: AccountDeps, username: string, ctx: CommandContext) {
  const temporary = temporaryPassword();
  const result = await setPassword(deps, username, temporary, ctx, { temporary: true });
  return { temporaryPassword: temporary, result };
}

export interface AccountChange {
  username: string;
  displayName?: string;
  role?: Role;
  active?: boolean;
}

/** Name, role, active flag; `adminCandidates` are the accounts the users list holds as admins (the last-admin rule reads their streams). */
export function updateAccount(deps: AccountDeps, change: AccountChange, adminCandidates: readonly string[], ctx: CommandContext) {
  return handleUpdateUser(deps, { ...change, adminCandidates }, ctx);
}
