import type { Knex } from 'knex';
import { createEventStoreTables, dropEventStoreTables } from '../eventstore/schema.js';
import { createKnex } from './knex.js';
import * as credentials from './credentialsMigration.js';

/**
 * Migrations for the tables that are not projections: the projection registry (with the
 * last rebuild of each generation, and the event a failed one stopped at), the login
 * limiter's counters, the event store itself, the idempotency keys, the restores of backups
 * and the service accounts' API keys.
 * Projection tables are created by the projection engine from each projection's
 * definition, so they can be dropped and rebuilt from events at any time.
 */
const migrations: Record<string, { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> }> = {
  '0001_projection_registry': {
    async up(knex) {
      await knex.schema.createTable('projection_generations', (t) => {
        t.text('name').notNullable();
        t.integer('generation').notNullable();
        t.integer('version').notNullable();
        t.text('status').notNullable(); // building | live | retired
        t.bigInteger('commit_pos').notNullable().defaultTo(0);
        t.bigInteger('prepare_pos').notNullable().defaultTo(0);
        t.bigInteger('processed').notNullable().defaultTo(0);
        t.jsonb('tables').notNullable();
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['name', 'generation']);
      });
      await knex.raw(`create unique index projection_one_live on projection_generations (name) where status = 'live'`);
    },
    async down(knex) {
      await knex.schema.dropTable('projection_generations');
    },
  },
  '0002_login_attempts': {
    async up(knex) {
      // Failed logins per username and address, shared by every instance on this database.
      await knex.schema.createTable('login_attempts', (t) => {
        t.text('key').primary();
        t.integer('attempts').notNullable();
        t.timestamp('window_started', { useTz: true }).notNullable();
      });
    },
    async down(knex) {
      await knex.schema.dropTable('login_attempts');
    },
  },
  '0003_event_store': {
    // Until this migration the store created its tables at every connect; see infra/eventstore/schema.ts.
    up: createEventStoreTables,
    down: dropEventStoreTables,
  },
  '0004_idempotency_keys': {
    async up(knex) {
      // The first answer to each user's Idempotency-Key (infra/db/idempotencyKeys.ts); status null while it runs.
      await knex.schema.createTable('idempotency_keys', (t) => {
        t.text('user_id').notNullable();
        t.text('key').notNullable();
        t.text('request_hash').notNullable();
        t.integer('status');
        t.jsonb('body');
        t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['user_id', 'key']);
        t.index(['created_at']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('idempotency_keys');
    },
  },
  '0005_projection_rebuild_stats': {
    async up(knex) {
      // When a generation went live through a rebuild, and how fast that rebuild read the history.
      await knex.schema.alterTable('projection_generations', (t) => {
        t.timestamp('rebuilt_at', { useTz: true }).nullable();
        t.integer('rebuild_events_per_second').nullable();
      });
    },
    async down(knex) {
      await knex.schema.alterTable('projection_generations', (t) => {
        t.dropColumn('rebuilt_at');
        t.dropColumn('rebuild_events_per_second');
      });
    },
  },
  '0006_projection_failures': {
    async up(knex) {
      // A generation stopped at an event its projection cannot apply (parked, state 'failed'): that
      // event's position, type, stream and id, and the error; all null while it runs.
      await knex.schema.alterTable('projection_generations', (t) => {
        t.bigInteger('failed_commit_pos').nullable();
        t.bigInteger('failed_prepare_pos').nullable();
        t.text('failed_event_type').nullable();
        t.text('failed_stream').nullable();
        t.text('failed_event_id').nullable();
        t.text('failed_error').nullable();
        t.timestamp('failed_at', { useTz: true }).nullable();
      });
    },
    async down(knex) {
      await knex.schema.alterTable('projection_generations', (t) => {
        for (const c of ['failed_commit_pos', 'failed_prepare_pos', 'failed_event_type', 'failed_stream', 'failed_event_id', 'failed_error', 'failed_at']) t.dropColumn(c);
      });
    },
  },
  '0007_credentials_out_of_events': credentials,
  // Each restore of a backup into this store (infra/backup/restore.ts): a start then seeds nothing demo.
  '0008_store_restores': {
    async up(knex) {
      await knex.schema.createTable('store_restores', (t) => {
        t.increments('id');
        t.timestamp('restored_at', { useTz: true }).notNullable();
        t.timestamp('backup_created_at', { useTz: true }).notNullable();
        t.text('product_version').notNullable();
        t.bigInteger('events').notNullable();
        t.text('source').nullable();
        t.jsonb('manifest').notNullable();
      });
    },
    async down(knex) {
      await knex.schema.dropTable('store_restores');
    },
  },
  // Service accounts' API keys (infra/auth/apiKeys.ts): the key's hash only, outside the event store.
  '0009_api_keys': {
    async up(knex) {
      await knex.schema.createTable('api_keys', (t) => {
        t.text('id').primary();
        t.text('name').notNullable();
        t.text('role').notNullable();
        t.text('key_hash').notNullable().unique();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.text('created_by').notNullable();
        t.timestamp('last_used_at', { useTz: true }).nullable();
        t.timestamp('revoked_at', { useTz: true }).nullable();
      });
      await knex.raw(`create unique index api_keys_active_name on api_keys (lower(name)) where revoked_at is null`);
    },
    async down(knex) {
      await knex.schema.dropTable('api_keys');
    },
  },
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/** Session advisory lock that makes instances starting together migrate one after the other. */
const MIGRATION_LOCK = 738201;

/**
 * Brings the database to the latest schema. Two instances starting at once on one database
 * take turns (knex's own lock refuses the second instead of waiting). The lock holds one of
 * the pool's connections while knex migrates on another, so the pool needs at least two.
 */
export async function migrate(knex: Knex): Promise<void> {
  const conn: unknown = await knex.client.acquireConnection();
  const query = (sql: string) => (conn as { query(sql: string): Promise<unknown> }).query(sql);
  try {
    await query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await knex.migrate.latest({ migrationSource: source, tableName: 'knex_migrations' });
    } finally {
      await query(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
  } finally {
    await knex.client.releaseConnection(conn);
  }
}

/** migrate() for a caller that holds only a connection string (tests, benchmarks, tools). */
export async function migrateDatabase(url: string): Promise<void> {
  const knex = createKnex(url, { max: 2 });
  try {
    await migrate(knex);
  } finally {
    await knex.destroy();
  }
}
