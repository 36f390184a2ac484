import type { Knex } from 'knex';

/**
 * Password hashes, kept out of the event store in a table of their own (migration 0007): no
 * event, export or backup of events carries one. Keyed by the account's lower-case name, as
 * its stream is. The database backup holds this table; docs/deploy.md says how.
 */
export const CREDENTIALS_TABLE = 'user_credentials';

export interface Credential {
  passwordHash: string;
  lastLoginAt: Date | null;
}

export async function readCredential(knex: Knex, username: string): Promise<Credential | null> {
  const row = await knex(CREDENTIALS_TABLE).where({ username: username.toLowerCase() }).first();
  return row ? { passwordHash: row.password_hash as string, lastLoginAt: (row.last_login_at as Date | null) ?? null } : null;
}

/** Sets (or replaces) an account's hash. */
export async function writeCredential(knex: Knex, username: string, passwordHash: string, now: Date): Promise<void> {
  await knex(CREDENTIALS_TABLE)
    .insert({ username: username.toLowerCase(), password_hash: passwordHash, updated_at: now })
    .onConflict('username')
    .merge(['password_hash', 'updated_at']);
}

export async function recordLogin(knex: Knex, username: string, now: Date): Promise<void> {
  await knex(CREDENTIALS_TABLE).where({ username: username.toLowerCase() }).update({ last_login_at: now });
}

/** Last login per account, for the users list. */
export async function lastLogins(knex: Knex): Promise<Map<string, Date>> {
  const rows = await knex(CREDENTIALS_TABLE).select('username', 'last_login_at').whereNotNull('last_login_at');
  return new Map(rows.map((r: { username: string; last_login_at: Date }) => [r.username, r.last_login_at]));
}
