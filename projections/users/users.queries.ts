import type { Knex } from 'knex';

export interface UserRow {
  username: string;
  userId: string;
  role: string;
  passwordHash: string;
}

export async function findUser(knex: Knex, username: string): Promise<UserRow | null> {
  const row = await knex('users').where({ username: username.toLowerCase() }).first();
  return row ? { username: row.username, userId: row.user_id, role: row.role, passwordHash: row.password_hash } : null;
}

export async function countUsers(knex: Knex): Promise<number> {
  const r = await knex('users').count<{ n: number }>('* as n').first();
  return Number(r?.n ?? 0);
}
