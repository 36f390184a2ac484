import type { Knex } from 'knex';

/**
 * Migrations for the tables that are not projections: the projection registry and the
 * login limiter's counters.
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
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

/**
 * Runs the pending migrations. Instances that start together (compose replicas) take turns
 * under a PostgreSQL advisory lock held by one open transaction: knex's own lock row makes a
 * second migrator fail ("Migration table is already locked") instead of waiting for the first.
 */
export async function migrate(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('linea-migrations'), 0)`);
    await knex.migrate.latest({ migrationSource: source, tableName: 'knex_migrations' });
  });
}
