import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { createKnex } from '../../infra/db/knex.js';
import { migrateDatabase } from '../../infra/db/migrations.js';
import { services } from './services.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the provisioned cluster, so test files never see each other's rows,
 * migrated as a start migrates it (event store included); `empty` leaves it without tables.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = services.postgres;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set: run the tests with npm test');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client(admin);
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  if (!options.empty) await migrateDatabase(url.toString());
  return {
    url: url.toString(),
    drop: () => dropDatabase(admin, name),
  };
}

/** Drops a test database, ending its sessions. */
export async function dropDatabase(admin: string, name: string): Promise<void> {
  const c = new pg.Client(admin);
  await c.connect();
  try {
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

export interface TestDatabaseHooks {
  /** The suite's connection pool; throws when read before the setup hook has run. */
  readonly knex: Knex;
  /** The suite's database; throws when read before the setup hook has run. */
  readonly db: TestDatabase;
}

/**
 * Registers the jest hooks that give the enclosing describe block (or file) a fresh
 * database and a small pool on it, then destroy the pool and drop the database: beforeAll
 * and afterAll, or beforeEach and afterEach with `each`. Call it before the block's own
 * hooks that need `knex`: jest runs hooks in the order they are registered. Read `knex`
 * and `db` inside hooks and tests, not while the block is being defined.
 */
export function useTestDatabase(options: { empty?: boolean; pool?: { min?: number; max?: number }; each?: boolean } = {}): TestDatabaseHooks {
  let db: TestDatabase | undefined;
  let knex: Knex | undefined;
  const before = options.each ? beforeEach : beforeAll;
  const after = options.each ? afterEach : afterAll;
  before(async () => {
    db = await createTestDatabase({ empty: options.empty });
    knex = createKnex(db.url, options.pool ?? { max: 2 });
  });
  after(async () => {
    await knex?.destroy();
    await db?.drop();
    knex = undefined;
    db = undefined;
  });
  const notYet = (what: string) =>
    new Error(
      `useTestDatabase: ${what} was read before its ${options.each ? 'beforeEach' : 'beforeAll'} hook ran (read it inside a hook or a test, and call useTestDatabase before the hooks that need it)`,
    );
  return {
    get knex() {
      if (!knex) throw notYet('knex');
      return knex;
    },
    get db() {
      if (!db) throw notYet('db');
      return db;
    },
  };
}

/** One statement (or several) on a fresh connection, for tests that shape a database by hand. */
export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return (await c.query<T>(text)).rows;
  } finally {
    await c.end();
  }
}
