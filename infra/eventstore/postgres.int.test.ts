import pg from 'pg';
import { eventStoreContract, newEvent } from '../../test/contract/eventstore.contract.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { START, comparePositions, type Position } from '../../domain/shared/eventStore.js';
import { PostgresEventStore } from './postgres.js';

describeWith(['postgres'])('PostgresEventStore', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  describe('contract', () => {
    eventStoreContract(() => PostgresEventStore.connect(db.url, { max: 4 }));
  });

  it('holds a condition until commit: of two appends that each rely on the other stream being empty, one fails', async () => {
    const store = await PostgresEventStore.connect(db.url, { max: 8 });
    try {
      let bothSucceeded = 0;
      for (let round = 0; round < 40; round++) {
        const [x, y] = [`cond-x-${round}-${Date.now()}`, `cond-y-${round}-${Date.now()}`];
        const outcomes = await Promise.allSettled([
          store.appendToStream(x, [newEvent('X')], { expectedRevision: 'no_stream', conditions: [{ stream: y, revision: 'no_stream' }] }),
          store.appendToStream(y, [newEvent('Y')], { expectedRevision: 'no_stream', conditions: [{ stream: x, revision: 'no_stream' }] }),
        ]);
        const ok = outcomes.filter((o) => o.status === 'fulfilled').length;
        expect(ok).toBeGreaterThanOrEqual(1);
        if (ok === 2) bothSucceeded++;
      }
      expect(bothSucceeded).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('finds pending events through the primary key, whatever plan the prepared statement gets', async () => {
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await store.appendToStream(`pending-${Date.now()}`, [newEvent('P')], { expectedRevision: 'no_stream' });
      await client.query('set plan_cache_mode = force_generic_plan');
      const plan = await client
        .query(
          `explain select true from es_events where (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
        order by transaction_id, global_position limit 1`,
          ['1', 1],
        )
        .catch(async () => {
          await client.query(`prepare pending_probe(text, bigint) as select true from es_events where (transaction_id, global_position) > ($1::xid8, $2)
          order by transaction_id, global_position limit 1`);
          return client.query(`explain execute pending_probe('1', 1)`);
        });
      const text = plan.rows.map((r: Record<string, string>) => Object.values(r)[0]).join('\n');
      expect(text).toMatch(/Index (Only )?Scan/);
      expect(text).not.toMatch(/Seq Scan/);
    } finally {
      await client.end();
      await store.close();
    }
  });

  it('never lets a reader skip an event that a slower transaction commits later', async () => {
    const store = await PostgresEventStore.connect(db.url, { max: 12 });
    const writers = 8;
    const perWriter = 2000;
    const seen: string[] = [];
    let pos: Position = await store.head();
    let writing = true;
    let giveUpAt = Number.POSITIVE_INFINITY;
    let outOfOrder = 0;
    const reader = (async () => {
      for (;;) {
        const batch = await store.readAll({ after: pos, limit: 700 });
        for (const e of batch) {
          if (comparePositions(e.position, pos) <= 0) outOfOrder++;
          pos = e.position;
          if (e.type === 'GapProbe') seen.push(`${e.streamId}:${e.revision}`);
        }
        if (batch.length === 0) {
          // Visibility follows the cluster-wide xmin, which other tests' transactions may hold
          // back for a moment: stop on the full count, or give up well after the writers end.
          if (!writing && (seen.length >= writers * perWriter + 1 || Date.now() > giveUpAt)) return;
          await new Promise((r) => setTimeout(r, 2));
        }
      }
    })();
    // A transaction that holds its xid open while others commit: the classic gap.
    const slow = new pg.Client(db.url);
    await slow.connect();
    await slow.query('begin');
    await slow.query(`insert into es_streams values ('gap-slow', 0)`);
    await slow.query(
      `insert into es_events (event_id, stream_id, stream_revision, type, schema_version, data, metadata)
       values (gen_random_uuid(), 'gap-slow', 0, 'GapProbe', 1, '{}', '{}')`,
    );
    const work = Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < perWriter; i += 10) {
        const batch = Array.from({ length: 10 }, () => newEvent('GapProbe'));
        await store.appendToStream(`gap-${w}`, batch, { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
      }
    });
    await new Promise((r) => setTimeout(r, 300));
    await slow.query('commit');
    await slow.end();
    await Promise.all(work);
    giveUpAt = Date.now() + 20_000;
    writing = false;
    await reader;
    const total = writers * perWriter + 1;
    expect(outOfOrder).toBe(0);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total);
    expect(seen).toContain('gap-slow:0');
    await store.close();
  });

  it('tells when committed events wait behind an older open transaction', async () => {
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    const from = await store.head();
    const older = new pg.Client(db.url);
    await older.connect();
    await older.query('begin');
    await older.query('select pg_current_xact_id()');
    try {
      await store.appendToStream(`pending-${Date.now()}`, [newEvent('Later')], { expectedRevision: 'no_stream' });
      expect(await store.readAll({ after: from })).toEqual([]);
      expect(await store.hasPendingAfter(from)).toBe(true);
    } finally {
      await older.query('commit');
      await older.end();
    }
    for (let i = 0; i < 200 && (await store.readAll({ after: from })).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const visible = await store.readAll({ after: from });
    expect(visible.map((e) => e.type)).toEqual(['Later']);
    expect(await store.hasPendingAfter(visible[0]!.position)).toBe(false);
    await store.close();
  });

  it('vouches for its text (storableText): it keeps no NUL and no lone surrogate, in a value or a key, and appends nothing of an event holding one', async () => {
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    try {
      expect(store.storableText).toBe(true);
      for (const [i, data] of [{ text: 'a\u0000b' }, { text: 'x\uD800' }, { text: '\uDC00' }, { ['key\uD83D']: 1 }].entries()) {
        const stream = `unstorable-${i}-${Date.now()}`;
        await expect(store.appendToStream(stream, [{ ...newEvent('Odd'), data }], { expectedRevision: 'no_stream' })).rejects.toThrow();
        expect(await store.readStream(stream)).toEqual([]);
      }
      // An emoji (a surrogate pair) is text like any other.
      const stream = `storable-${Date.now()}`;
      await store.appendToStream(stream, [{ ...newEvent('Odd'), data: { text: '😀' } }], { expectedRevision: 'no_stream' });
      expect((await store.readStream(stream))[0]!.data).toEqual({ text: '😀' });
    } finally {
      await store.close();
    }
  });

  it('keeps the head at START on an empty store', async () => {
    const empty = await createTestDatabase();
    const store = await PostgresEventStore.connect(empty.url, { max: 2 });
    expect(await store.head()).toEqual(START);
    await store.close();
    await empty.drop();
  });
});
