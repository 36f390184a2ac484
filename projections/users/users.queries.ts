import type { Knex } from 'knex';
import type { Role } from '../../domain/users/roles.js';

export interface UserRow {
  username: string;
  userId: string;
  displayName: string;
  role: Role;
  active: boolean;
  mustChangePassword: boolean;
  sessionRevision: number;
}

const toRow = (row: Record<string, unknown>): UserRow => ({
  username: row.username as string,
  userId: row.user_id as string,
  displayName: row.display_name as string,
  role: row.role as Role,
  active: row.active as boolean,
  mustChangePassword: row.must_change_password as boolean,
  sessionRevision: Number(row.session_revision),
});

export async function findUser(knex: Knex, username: string): Promise<UserRow | null> {
  const row = await knex('users').where({ username: username.toLowerCase() }).first();
  return row ? toRow(row) : null;
}

export async function findUserById(knex: Knex, userId: string): Promise<UserRow | null> {
  const row = await knex('users').where({ user_id: userId }).first();
  return row ? toRow(row) : null;
}

/** Every account, by name. */
export async function listUsers(knex: Knex): Promise<UserRow[]> {
  return (await knex('users').orderBy('username')).map(toRow);
}

/** The accounts the users list holds as admins, active or not: the candidates the last-admin rule reads. */
export async function adminUsernames(knex: Knex): Promise<string[]> {
  return (await knex('users').select('username').where({ role: 'admin' })).map((r: { username: string }) => r.username);
}

/** Whether any active admin exists: a production start refuses to open without one. */
export async function hasActiveAdmin(knex: Knex): Promise<boolean> {
  return (await knex('users').where({ role: 'admin', active: true }).first()) !== undefined;
}
