import type { Knex } from 'knex';
import { CREDENTIALS_TABLE } from '../auth/credentials.js';

/** The events that carried a hash before accounts kept them apart, in `data.passwordHash`. */
const HASH_EVENTS = ['UserRegistered', 'UserPasswordChanged'];

/**
 * Migration 0007: password hashes leave the event store.
 *
 * 1. The `user_credentials` table: one hash per account (lower-case name, as its stream).
 * 2. The redaction: the hash of each account's latest `UserRegistered` / `UserPasswordChanged`
 *    event is copied there, then the `passwordHash` field (that one field, nothing else) is
 *    removed from those events. Their schema version stays 1; the catalog's upcasters read a
 *    version 1 event with or without the field. This is the one rewrite of stored events the
 *    product makes (docs/deploy.md "Upgrading a store written before 0007").
 * 3. The users read model of before (version 1) kept the hash in a `password_hash` column of
 *    its tables: emptied (the column itself stays until that generation is retired, as the
 *    views over it depend on it), so no copy of a hash is left outside the credentials table.
 *
 * An EventStoreDB store is not rewritten (its events are immutable): it is refused by
 * the start until its users are re-registered (docs/deploy.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(CREDENTIALS_TABLE, (t) => {
    t.text('username').primary();
    t.text('password_hash').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    t.timestamp('last_login_at', { useTz: true }).nullable();
  });
  await redactStoredHashes(knex);
  await emptyReadModelHashes(knex);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable(CREDENTIALS_TABLE);
}

async function redactStoredHashes(knex: Knex): Promise<void> {
  if (!(await knex.schema.hasTable('es_events'))) return;
  const rows: Array<{ stream_id: string; hash: string; recorded_at: Date }> = (
    await knex.raw(
      `select stream_id, data->>'passwordHash' as hash, recorded_at from es_events
        where type = any(?) and data->>'passwordHash' is not null order by transaction_id, global_position`,
      [HASH_EVENTS],
    )
  ).rows;
  const latest = new Map<string, { hash: string; at: Date }>();
  for (const r of rows) latest.set(r.stream_id.replace(/^user-/, ''), { hash: r.hash, at: r.recorded_at });
  for (const [username, { hash, at }] of latest) {
    await knex(CREDENTIALS_TABLE).insert({ username, password_hash: hash, updated_at: at }).onConflict('username').merge(['password_hash', 'updated_at']);
  }
  await knex.raw(`update es_events set data = data - 'passwordHash' where type = any(?) and data->>'passwordHash' is not null`, [HASH_EVENTS]);
}

async function emptyReadModelHashes(knex: Knex): Promise<void> {
  const tables: Array<{ table_name: string }> = (
    await knex.raw(
      `select c.table_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name = 'password_hash' and c.table_name <> ?`,
      [CREDENTIALS_TABLE],
    )
  ).rows;
  for (const { table_name } of tables) {
    await knex.raw(`alter table ?? alter column password_hash drop not null`, [table_name]);
    await knex(table_name).update({ password_hash: null });
  }
}
