import { START, WrongExpectedRevisionError, type RecordedEvent } from '../../domain/shared/eventStore.js';
import { newEvent } from '../../test/contract/eventstore.contract.js';
import { createTestDatabase, sql, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { PostgresEventStore } from '../eventstore/postgres.js';
import { createKnex } from './knex.js';
import { migrate, migrateDatabase } from './migrations.js';

/**
 * The previous version, copied literally: until the event store's schema moved into the
 * migrations, PostgresEventStore.connect ran this at every connect (after the migrations
 * 0001 and 0002 had run).
 */
const PREVIOUS_EVENT_STORE_DDL = `
create table if not exists es_streams (
  stream_id text primary key,
  revision bigint not null
);
create table if not exists es_events (
  transaction_id xid8 not null default pg_current_xact_id(),
  global_position bigserial not null,
  event_id uuid not null unique,
  stream_id text not null,
  stream_revision bigint not null,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  primary key (transaction_id, global_position),
  unique (stream_id, stream_revision)
);
`;

const tablesExist = async (url: string) => (await sql<{ ok: boolean }>(url, `select to_regclass('es_events') is not null and to_regclass('es_streams') is not null as ok`))[0]!.ok;

/**
 * Every event in global order, in small batches. An event is readable once every older
 * transaction of the cluster has ended (other test files share it), so this waits, bounded,
 * until `count` are.
 */
async function readEverything(store: PostgresEventStore, count: number): Promise<RecordedEvent[]> {
  for (let tries = 0; ; tries++) {
    const all: RecordedEvent[] = [];
    for (let after = START; ;) {
      const batch = await store.readAll({ after, limit: 2 });
      if (batch.length === 0) break;
      all.push(...batch);
      after = batch.at(-1)!.position;
    }
    if (all.length >= count || tries >= 200) return all;
    await new Promise((r) => setTimeout(r, 25));
  }
}

describeWith(['postgres'])('the event store schema in the migrations', () => {
  const dbs: TestDatabase[] = [];
  const emptyDatabase = async () => {
    const db = await createTestDatabase({ empty: true });
    dbs.push(db);
    return db;
  };
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('upgrades a database of the previous version: every event stays readable and streams stay appendable', async () => {
    const db = await emptyDatabase();
    // The previous version: migrations 0001 and 0002 recorded, the store's tables from its connect-time DDL.
    await migrateDatabase(db.url);
    await sql(
      db.url,
      `delete from knex_migrations where name in ('0003_event_store', '0004_idempotency_keys');
      drop table es_events; drop table es_streams; drop table idempotency_keys;`,
    );
    await sql(db.url, PREVIOUS_EVENT_STORE_DDL);
    const before = await PostgresEventStore.connect(db.url, { max: 2 });
    for (let i = 0; i < 3; i++) await before.appendToStream('line-1', [newEvent('Old', { i })], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
    await before.appendToStream('line-2', [newEvent('Old', { i: 3 }), newEvent('Old', { i: 4 })], { expectedRevision: 'no_stream' });
    const old = await readEverything(before, 5);
    await before.close();
    expect(old.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }, { i: 3 }, { i: 4 }]);

    const knex = createKnex(db.url, { max: 2 });
    try {
      await migrate(knex);
      const applied = (await knex('knex_migrations').orderBy('id').select('name')).map((r: { name: string }) => r.name);
      expect(applied).toEqual(expect.arrayContaining(['0001_projection_registry', '0002_login_attempts', '0003_event_store']));
    } finally {
      await knex.destroy();
    }

    const after = await PostgresEventStore.connect(db.url, { max: 2 });
    try {
      expect(await readEverything(after, 5)).toEqual(old);
      expect((await after.readStream('line-1')).map((e) => [e.revision, e.data])).toEqual([
        [0, { i: 0 }],
        [1, { i: 1 }],
        [2, { i: 2 }],
      ]);
      // A stale revision is still refused, the next one taken, and a new stream starts at 0.
      await expect(after.appendToStream('line-1', [newEvent('New', { i: 5 })], { expectedRevision: 1 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await after.appendToStream('line-1', [newEvent('New', { i: 5 })], { expectedRevision: 2 })).nextRevision).toBe(3);
      expect((await after.appendToStream('line-3', [newEvent('New', { i: 6 })], { expectedRevision: 'no_stream' })).nextRevision).toBe(0);
      const all = await readEverything(after, 7);
      expect(all.map((e) => e.data)).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }, { i: 3 }, { i: 4 }, { i: 5 }, { i: 6 }]);
      expect(all.slice(0, 5)).toEqual(old);
    } finally {
      await after.close();
    }
  });

  it('adopts a database that has only the previous connect-time tables and no migrations at all', async () => {
    const db = await emptyDatabase();
    await sql(db.url, PREVIOUS_EVENT_STORE_DDL);
    await sql(
      db.url,
      `insert into es_streams values ('line-9', 0);
      insert into es_events (event_id, stream_id, stream_revision, type, schema_version, data, metadata)
      values ('00000000-0000-4000-8000-000000000009', 'line-9', 0, 'Old', 1, '{"i": 9}', '{"userId": "u-1"}')`,
    );
    await migrateDatabase(db.url);
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    try {
      expect((await store.readStream('line-9')).map((e) => [e.id, e.data])).toEqual([['00000000-0000-4000-8000-000000000009', { i: 9 }]]);
      expect((await store.appendToStream('line-9', [newEvent('New')], { expectedRevision: 0 })).nextRevision).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('creates the schema on a fresh database, and connecting alone creates nothing', async () => {
    const db = await emptyDatabase();
    await expect(PostgresEventStore.connect(db.url, { max: 2 })).rejects.toThrow(/run the migrations/);
    expect(await tablesExist(db.url)).toBe(false);
    // Two instances starting at once take turns.
    await Promise.all([migrateDatabase(db.url), migrateDatabase(db.url)]);
    expect(await tablesExist(db.url)).toBe(true);
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    try {
      await store.appendToStream('fresh', [newEvent('First')], { expectedRevision: 'no_stream' });
      expect((await store.readStream('fresh')).map((e) => e.type)).toEqual(['First']);
    } finally {
      await store.close();
    }
  });
});
