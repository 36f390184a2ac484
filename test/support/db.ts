import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase } from '../../infra/db/migrations.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the provisioned cluster, so test files never see each other's rows,
 * migrated as a start migrates it (event store included); `empty` leaves it without tables.
 */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
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
    async drop() {
      const c = new pg.Client(admin);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
