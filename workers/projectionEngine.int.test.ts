import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { newEvent } from '../test/contract/eventstore.contract.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';
import { tallyCatalog, tallyProjection } from '../test/fixtures/tallyProjection.js';
import { START, type Position } from '../domain/shared/eventStore.js';
import { catchUpTo } from '../test/support/settle.js';
import { ProjectionEngine } from './projectionEngine.js';

const tally = (n: number) => ({ ...newEvent('TallyCounted', { n }), schemaVersion: 1 });

async function appendTallies(store: PostgresEventStore, stream: string, values: number[]): Promise<Position> {
  let last: Position = START;
  for (let i = 0; i < values.length; i += 100) {
    const chunk = values.slice(i, i + 100);
    last = (await store.appendToStream(stream, chunk.map(tally), { expectedRevision: i === 0 ? 'no_stream' : i - 1 })).position;
  }
  return last;
}

/** Waits until readAll can return everything up to `position` (see test/support/settle.ts). */
async function waitVisible(store: PostgresEventStore, position: Position): Promise<void> {
  for (let i = 0; i < 750; i++) {
    const head = await store.head();
    if (head.commit > position.commit || (head.commit === position.commit && head.prepare >= position.prepare)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('events did not become visible');
}

async function lastPosition(store: PostgresEventStore): Promise<Position> {
  const events = await store.readStream('user-anna');
  return events.at(-1)!.position;
}

const total = async (knex: Knex) => Number((await knex('tally_total').first())?.total ?? 0);
const rows = async (knex: Knex) => Number((await knex('tally_events').count<{ n: number }>('* as n').first())!.n);

describeWith(['postgres'])('ProjectionEngine', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  beforeEach(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 4 });
    await migrate(knex);
    store = await PostgresEventStore.connect(db.url, { max: 4 });
  });
  afterEach(async () => {
    await knex.destroy();
    await store.close();
    await db.drop();
  });

  describe('given a fresh projection', () => {
    it('creates a live generation behind a view and catches up in batches', async () => {
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection()], 40);
      expect(await engine.ensure()).toEqual([]);
      await appendTallies(
        store,
        'tally-a',
        Array.from({ length: 250 }, (_, i) => i + 1),
      );
      const last = await store.appendToStream('other-1', [newEvent('SomethingElse')], { expectedRevision: 'no_stream' });
      expect(await catchUpTo(engine, 'tally', last.position)).toBe(251);
      expect(await total(knex)).toBe((250 * 251) / 2);
      const [status] = await engine.status();
      expect(status).toMatchObject({ name: 'tally', state: 'live', lag: 0, generation: 1, liveVersion: 1 });
      const physical = await knex.raw(`select to_regclass('tally_total_v1_g1') as t`);
      expect(physical.rows[0].t).toBe('tally_total_v1_g1');
    });

    it('lets only one runner own a generation at a time', async () => {
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection({ delayMs: 5 })], 20);
      await engine.ensure();
      const end = await appendTallies(
        store,
        'tally-b',
        Array.from({ length: 40 }, () => 1),
      );
      await waitVisible(store, end);
      const results = await Promise.all([engine.runBatch('tally', 1), engine.runBatch('tally', 1)]);
      expect(results.filter((r) => r.busy)).toHaveLength(1);
      await catchUpTo(engine, 'tally', end);
      expect(await total(knex)).toBe(40);
      expect(await rows(knex)).toBe(40);
    });
  });

  describe('given events committed behind an older open transaction', () => {
    it('the in-process scheduler looks again by itself until they are applied', async () => {
      const { InProcessScheduler } = await import('./inProcessScheduler.js');
      const pino = (await import('pino')).default;
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection()]);
      await engine.ensure();
      const scheduler = new InProcessScheduler(engine, pino({ level: 'silent' }), 60_000);
      const pg = (await import('pg')).default;
      const older = new pg.Client(db.url);
      await older.connect();
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const end = await appendTallies(store, 'tally-p', [7]);
      scheduler.wake(['tally']);
      await scheduler.idle();
      expect(await total(knex)).toBe(0);
      expect(await engine.isBehind('tally')).toBe(true);
      await older.query('commit');
      await older.end();
      // No further wake from the test: the scheduler's own retry must apply the event.
      for (let i = 0; i < 100 && (await total(knex)) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await total(knex)).toBe(7);
      expect(await engine.reached(['tally'], end)).toEqual(['tally']);
      await scheduler.close();
    });
  });

  describe('given a projection killed with -9 in the middle of a batch', () => {
    it('loses and doubles nothing when it starts again', async () => {
      const end = await appendTallies(
        store,
        'tally-k',
        Array.from({ length: 600 }, () => 1),
      );
      await waitVisible(store, end);
      const child = spawn(process.execPath, ['--import', 'tsx', path.join('test', 'fixtures', 'killableRunner.ts')], {
        env: { ...process.env, RUNNER_DATABASE_URL: db.url },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += String(d);
          // Two committed batches, then kill while the third is being applied.
          if ((out.match(/^batch 50$/gm) ?? []).length >= 2) {
            setTimeout(() => child.kill('SIGKILL'), 40);
            resolve();
          }
        });
        child.on('exit', (code) => (code === 0 ? reject(new Error('runner finished before it was killed')) : undefined));
      });
      await new Promise((r) => child.on('exit', r));
      expect(child.signalCode).toBe('SIGKILL');
      const partial = await total(knex);
      expect(partial).toBeGreaterThanOrEqual(100);
      expect(partial).toBeLessThan(600);
      expect(partial % 50).toBe(0);
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection()], 50);
      await catchUpTo(engine, 'tally', end);
      expect(await total(knex)).toBe(600);
      expect(await rows(knex)).toBe(600);
    });
  });

  describe('given a live projection whose code version moves on', () => {
    it('keeps serving the old generation until the blue/green switch, then serves the new one', async () => {
      const v1 = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection({ version: 1 })]);
      await v1.ensure();
      const first = await appendTallies(store, 'tally-v', [5, 5, 5]);
      await catchUpTo(v1, 'tally', first);

      const v2 = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection({ version: 2 })], 1);
      expect(await v2.ensure()).toEqual(['tally']);
      expect((await v2.status())[0]!.state).toBe('needs-rebuild');
      const end = await appendTallies(store, 'tally-w', [1]);
      await waitVisible(store, end);
      // The new code never writes the old version's tables.
      await v2.catchUp('tally');
      expect(await total(knex)).toBe(15);

      const seenDuring: number[] = [];
      const progress: number[] = [];
      await v2.rebuild('tally', async (p) => {
        progress.push(p.done);
        seenDuring.push(Number((await knex('tally_total').first()).version));
      });
      // Every report before the switch still reads version 1 through the view; the last one, after it, version 2.
      expect(seenDuring.slice(0, -1).every((v) => v === 1)).toBe(true);
      expect(seenDuring.length).toBeGreaterThan(3);
      expect(seenDuring.at(-1)).toBe(2);
      expect(progress.at(-1)).toBe(4);
      const after = await knex('tally_total').first();
      expect(after).toMatchObject({ total: 16, version: 2 });
      expect((await v2.status())[0]).toMatchObject({ state: 'live', liveVersion: 2, generation: 2 });
      const old = await knex.raw(`select to_regclass('tally_total_v1_g1') as t`);
      expect(old.rows[0].t).toBeNull();
    });
  });

  describe('given a read model added to an app whose store already has events', () => {
    it('backfills it from event zero by a rebuild while the others keep serving, and commands do not wait on it', async () => {
      // The read model added later: one row per tally seen.
      const seen = {
        name: 'tally2',
        version: 1,
        tables: {
          tally2_seen: (t: Knex.CreateTableBuilder) => {
            t.uuid('event_key').primary();
            t.integer('n').notNullable();
          },
        },
        canHandle: ['TallyCounted'],
        async applyBatch({ trx, tables }: { trx: Knex.Transaction; tables: Record<string, string> }, events: readonly { id: string; data: unknown }[]) {
          const rows = events.map((e) => ({ event_key: e.id, n: (e.data as { n: number }).n }));
          if (rows.length > 0) await trx(tables.tally2_seen!).insert(rows).onConflict('event_key').ignore();
        },
      };
      const before = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection()]);
      expect(await before.ensure({ backfillNew: true })).toEqual([]);
      const end = await appendTallies(store, 'tally-n', [2, 3, 4]);
      await catchUpTo(before, 'tally', end);

      const after = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection(), seen]);
      expect(await after.ensure({ backfillNew: true })).toEqual(['tally2']);
      // Nothing of it exists yet; the old read model is untouched and live.
      expect((await after.status()).map((s) => [s.name, s.state])).toEqual([
        ['tally', 'live'],
        ['tally2', 'missing'],
      ]);
      expect(await after.reached(['tally', 'tally2'], end)).toEqual(['tally2', 'tally']);
      // The start's catch-up does not fill it (that is the rebuild's job) and does not wait for it.
      await after.settle(5000);
      const later = await appendTallies(store, 'tally-m', [10]);
      await catchUpTo(after, 'tally', later);
      expect(await total(knex)).toBe(19);

      const rebuilt = await after.rebuild('tally2');
      expect(Number((await knex('tally2_seen').sum<{ s: string }>('n as s').first())!.s)).toBe(19);
      // The loaded table goes live with the planner's statistics (-1: never analyzed).
      const planned = await knex.raw<{ rows: Array<{ n: number }> }>('select reltuples::int as n from pg_class where oid = to_regclass(?)', [rebuilt.tables.tally2_seen!]);
      expect(planned.rows[0]!.n).toBe(4);
      // tally: four events and its total row; tally2: the four events.
      expect((await after.status({ rows: true })).map((s) => [s.name, s.state, s.rows])).toEqual([
        ['tally', 'live', 5],
        ['tally2', 'live', 4],
      ]);
    });

    it('goes live with the statistics of every table it loaded', async () => {
      // Three tables, analyzed two at a time: each must have them (reltuples -1: never analyzed).
      const three = {
        name: 'tally3',
        version: 1,
        tables: {
          tally3_seen: (t: Knex.CreateTableBuilder) => t.uuid('event_key').primary(),
          tally3_values: (t: Knex.CreateTableBuilder) => t.integer('n').primary(),
          tally3_parity: (t: Knex.CreateTableBuilder) => t.integer('parity').primary(),
        },
        canHandle: ['TallyCounted'],
        async applyBatch({ trx, tables }: { trx: Knex.Transaction; tables: Record<string, string> }, events: readonly { id: string; data: unknown }[]) {
          const ns = events.map((e) => (e.data as { n: number }).n);
          if (ns.length === 0) return;
          await trx(tables.tally3_seen!)
            .insert(events.map((e) => ({ event_key: e.id })))
            .onConflict('event_key')
            .ignore();
          await trx(tables.tally3_values!)
            .insert([...new Set(ns)].map((n) => ({ n })))
            .onConflict('n')
            .ignore();
          await trx(tables.tally3_parity!)
            .insert([...new Set(ns.map((n) => n % 2))].map((parity) => ({ parity })))
            .onConflict('parity')
            .ignore();
        },
      };
      await appendTallies(store, 'tally-three', [5, 5, 6]);
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection(), three]);
      await engine.ensure({ backfillNew: true });
      const rebuilt = await engine.rebuild('tally3');
      expect(Object.keys(rebuilt.tables)).toHaveLength(3);
      for (const table of Object.values(rebuilt.tables)) {
        const planned = await knex.raw<{ rows: Array<{ n: number }> }>('select reltuples::int as n from pg_class where oid = to_regclass(?)', [table]);
        const rows = await knex(table).count<Array<{ count: string }>>('* as count');
        expect([table, planned.rows[0]!.n]).toEqual([table, Number(rows[0]!.count)]);
      }
      // Both values of the parity table: the events 5 and 6 at least.
      expect(Number((await knex(rebuilt.tables.tally3_parity!).count<Array<{ count: string }>>('* as count'))[0]!.count)).toBe(2);
    });
  });

  describe('given a read model too large to count row by row', () => {
    it("shows the planner's estimate for its large table, exact counts for the small ones, and says so", async () => {
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection()]);
      await engine.ensure();
      const end = await appendTallies(store, 'tally-big', [1, 2, 3]);
      await catchUpTo(engine, 'tally', end);
      expect((await engine.status({ rows: true }))[0]).toMatchObject({ rows: 4, rowsEstimated: false });
      // Years of history in one table: 50,000 rows written straight into the live generation.
      await knex.raw(`insert into tally_events_v1_g1 (event_key, n) select gen_random_uuid(), g from generate_series(1, 50000) g`);
      await knex.raw('analyze tally_events_v1_g1');
      await knex.raw('analyze tally_total_v1_g1');
      const [estimated] = await engine.status({ rows: true });
      expect(estimated!.rowsEstimated).toBe(true);
      // The estimate of 50,003 events plus the exact single total row, within 2%.
      expect(Math.abs(estimated!.rows! - 50_004)).toBeLessThan(1000);
    });
  });

  describe('given the same events applied twice', () => {
    it('the users projection leaves the same rows (replay)', async () => {
      const { usersProjection } = await import('../projections/users/users.projection.js');
      const { createCatalog } = await import('../domain/catalog.js');
      const { eventsFor } = await import('../test/support/replayKit.js');
      const catalog = createCatalog();
      await store.appendToStream(
        'user-anna',
        [
          { ...newEvent('UserRegistered', { userId: 'u1', username: 'anna', role: 'frontline', passwordHash: 'h1' }) },
          { ...newEvent('UserRoleChanged', { role: 'support' }) },
          { ...newEvent('UserPasswordChanged', { passwordHash: 'h2' }) },
        ],
        { expectedRevision: 'no_stream' },
      );
      const engine = new ProjectionEngine(knex, store, catalog, [usersProjection]);
      await engine.ensure();
      await catchUpTo(engine, 'users', await lastPosition(store));
      const once = await knex('users').select();
      const events = (await store.readAll()).map((r) => catalog.decode(r));
      const live = (await engine.liveRow('users'))!;
      await knex.transaction(async (trx) => {
        await usersProjection.applyBatch({ trx, tables: live.tables }, eventsFor(usersProjection, events));
      });
      expect(await knex('users').select()).toEqual(once);
      expect(once).toHaveLength(1);
      // Events written before hashes left the store (version 1, with passwordHash) still replay, and leave no hash.
      expect(once[0]).toMatchObject({ username: 'anna', role: 'support', display_name: 'anna', must_change_password: false, session_revision: 2 });
      expect(once[0]).not.toHaveProperty('password_hash');
    });
  });
});
