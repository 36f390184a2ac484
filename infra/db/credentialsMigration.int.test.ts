/**
 * Migration 0007 on a store written the old way: user events carrying `passwordHash` (schema
 * version 1) and a read model with a `password_hash` column. After the upgrade no event and no
 * read table holds a hash, the credentials table holds each account's latest one, and the
 * people log in with the passwords they had.
 */
import { newEvent } from '../../test/contract/eventstore.contract.js';
import { startTestAppOn, type TestApp } from '../../test/support/app.js';
import { createTestDatabase, sql, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { hashPassword } from '../auth/passwords.js';
import { PostgresEventStore } from '../eventstore/postgres.js';
import { migrateDatabase } from './migrations.js';

describeWith(['postgres'])('migration 0007: password hashes leave the event store', () => {
  let db: TestDatabase;
  let app: TestApp | null = null;
  const hashes: Record<string, string> = {};
  beforeAll(async () => {
    db = await createTestDatabase({ empty: true });
    await migrateDatabase(db.url);
    // The database as the previous version left it: no credentials table, 0007 not applied.
    await sql(db.url, `delete from knex_migrations where name = '0007_credentials_out_of_events'; drop table user_credentials;`);
    await sql(
      db.url,
      `create table old_users_read_model (username text primary key, password_hash text not null); insert into old_users_read_model values ('anna', 'scrypt$old');`,
    );
    hashes.anna1 = await hashPassword('anna prima password');
    hashes.anna2 = await hashPassword('anna seconda password');
    hashes.boss = await hashPassword('boss password di prima');
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    try {
      await store.appendToStream(
        'user-anna',
        [
          newEvent('UserRegistered', { userId: 'u-anna', username: 'Anna', role: 'frontline', passwordHash: hashes.anna1 }),
          newEvent('UserPasswordChanged', { passwordHash: hashes.anna2 }),
        ],
        { expectedRevision: 'no_stream' },
      );
      await store.appendToStream('user-boss', [newEvent('UserRegistered', { userId: 'u-boss', username: 'boss', role: 'admin', passwordHash: hashes.boss })], {
        expectedRevision: 'no_stream',
      });
      await store.appendToStream('user-boss', [newEvent('UserRoleChanged', { role: 'admin' })], { expectedRevision: 0 });
    } finally {
      await store.close();
    }
    await migrateDatabase(db.url);
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('leaves no hash in any event, keeping every other field', async () => {
    const events = await sql<{ type: string; data: Record<string, unknown> }>(db.url, `select type, data from es_events order by global_position`);
    expect(events).toEqual([
      { type: 'UserRegistered', data: { userId: 'u-anna', username: 'Anna', role: 'frontline' } },
      { type: 'UserPasswordChanged', data: {} },
      { type: 'UserRegistered', data: { userId: 'u-boss', username: 'boss', role: 'admin' } },
      { type: 'UserRoleChanged', data: { role: 'admin' } },
    ]);
    expect(await sql(db.url, `select * from es_events where data::text ~ 'scrypt|passwordHash'`)).toEqual([]);
  });

  it("moves each account's latest hash to the credentials table and empties the old read model's column", async () => {
    const rows = await sql<{ username: string; password_hash: string }>(db.url, `select username, password_hash from user_credentials order by username`);
    expect(rows).toEqual([
      { username: 'anna', password_hash: hashes.anna2 },
      { username: 'boss', password_hash: hashes.boss },
    ]);
    expect(await sql(db.url, `select username, password_hash from old_users_read_model`)).toEqual([{ username: 'anna', password_hash: null }]);
  });

  it('lets the people in with the passwords they had, as the accounts they were', async () => {
    app = await startTestAppOn(db.url, { redis: false, env: { SEED_DEMO: 'false' } });
    await expect(app.login('anna', 'anna prima password')).rejects.toThrow(/401/);
    const token = await app.login('Anna', 'anna seconda password');
    const me = await fetch(`${app.url}/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toEqual({ username: 'anna', role: 'frontline', display_name: 'Anna', must_change_password: false, demo: false });
    const boss = await app.login('boss', 'boss password di prima');
    expect((await fetch(`${app.url}/admin/users`, { headers: { authorization: `Bearer ${boss}` } })).status).toBe(200);
  });
});
