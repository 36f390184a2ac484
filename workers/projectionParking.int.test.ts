import type { Knex } from 'knex';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { newEvent } from '../test/contract/eventstore.contract.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';
import { tallyCatalog, tallyProjection } from '../test/fixtures/tallyProjection.js';
import type { Position, RecordedEvent } from '../domain/shared/eventStore.js';
import type { AnyProjection } from '../projections/types.js';
import { catchUpTo } from '../test/support/settle.js';
import { CheckpointWaiter } from './checkpointWaiter.js';
import { ProjectionEngine, type EngineLog } from './projectionEngine.js';

const tally = (n: unknown) => ({ ...newEvent('TallyCounted', { n }), schemaVersion: 1 });

/** A second read model of the same events, one row per event: it must go on while tally is parked. */
const seen: AnyProjection = {
  name: 'tally2',
  version: 1,
  tables: {
    tally2_seen: (t: Knex.CreateTableBuilder) => {
      t.uuid('event_key').primary();
    },
  },
  canHandle: ['TallyCounted'],
  async applyBatch({ trx, tables }, events: readonly { id: string }[]) {
    if (events.length > 0)
      await trx(tables.tally2_seen!)
        .insert(events.map((e) => ({ event_key: e.id })))
        .onConflict('event_key')
        .ignore();
  },
};

/** Collects the engine's error lines. */
function collectingLog(): EngineLog & { lines: Array<{ details: Record<string, unknown>; message: string }> } {
  const lines: Array<{ details: Record<string, unknown>; message: string }> = [];
  return { lines, error: (details, message) => void lines.push({ details, message }) };
}

const total = async (knex: Knex) => Number((await knex('tally_total').first())?.total ?? 0);
const seenRows = async (knex: Knex) => Number((await knex('tally2_seen').count<{ n: number }>('* as n').first())!.n);

describeWith(['postgres'])('a read model whose projection cannot apply an event', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  let events: RecordedEvent[];
  let end: Position;
  beforeEach(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 6 });
    await migrate(knex);
    store = await PostgresEventStore.connect(db.url, { max: 4 });
  });
  afterEach(async () => {
    await knex.destroy();
    await store.close();
    await db.drop();
  });

  /** Thirty tallies 1..30 in one stream (the 13th counts 13), read back with their positions. */
  async function appendThirty(values: unknown[] = Array.from({ length: 30 }, (_, i) => i + 1)): Promise<void> {
    end = (await store.appendToStream('tally-a', values.map(tally), { expectedRevision: 'no_stream' })).position;
    events = await store.readStream('tally-a');
  }

  describe('given an event in the middle of a batch that the projection throws on', () => {
    it('parks exactly there with the events before it applied, says so once, lets the others and the waits go on, and resumes after a fix', async () => {
      const log = collectingLog();
      let applied = 0;
      const buggy = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection({ failOn: 13, onApply: () => applied++ }), seen], 40, 40, log);
      await buggy.ensure();
      await appendThirty();
      const waiter = await CheckpointWaiter.start(db.url, buggy);
      try {
        // A command's wait, begun before the read model parks: the park itself ends it.
        const waited = waiter.waitFor(['tally', 'tally2'], end, 45_000);
        await catchUpTo(buggy, 'tally', end);
        await catchUpTo(buggy, 'tally2', end);
        await expect(waited).resolves.toBe(true);
        // A wait begun after it: nothing to wait for.
        await expect(waiter.waitFor(['tally'], end, 45_000)).resolves.toBe(true);
      } finally {
        await waiter.close();
      }

      // 1 + 2 + ... + 12, checkpointed right before the 13th event; the other read model has all thirty.
      expect(await total(knex)).toBe(78);
      expect(await seenRows(knex)).toBe(30);
      const [tallyStatus, seenStatus] = await buggy.status();
      expect(tallyStatus).toMatchObject({
        state: 'failed',
        position: events[11]!.position,
        failure: { position: events[12]!.position, eventType: 'TallyCounted', stream: 'tally-a', eventId: events[12]!.id, message: 'tally cannot count 13', duringRebuild: false },
      });
      expect(seenStatus).toMatchObject({ state: 'live', failure: null, lag: 0 });
      expect(await buggy.reached(['tally', 'tally2'], end)).toEqual(['tally', 'tally2']);
      expect(await buggy.isBehind('tally')).toBe(false);

      // Woken again and again, it does not try again: no loop of failures, one log line.
      const tries = applied;
      for (let i = 0; i < 3; i++) await buggy.catchUp('tally');
      expect(applied).toBe(tries);
      expect(log.lines).toHaveLength(1);
      expect(log.lines[0]!.details).toMatchObject({
        projection: 'tally',
        position: events[12]!.position,
        eventType: 'TallyCounted',
        stream: 'tally-a',
        error: 'tally cannot count 13',
      });

      // The fix, and a restart: the new code takes the event it stopped at, and the rest.
      const fixed = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection(), seen], 40);
      await fixed.ensure();
      expect(await fixed.retryFailed()).toEqual(['tally']);
      await catchUpTo(fixed, 'tally', end);
      expect(await total(knex)).toBe(465);
      expect((await fixed.status())[0]).toMatchObject({ state: 'live', failure: null, position: end, lag: 0 });
    }, 180_000);
  });

  describe('given an event stored with data its schema refuses', () => {
    it('parks at it on the decode error, and a rebuild that meets it again ends failed, never rebuilding, its tables dropped', async () => {
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection(), seen], 40);
      await engine.ensure();
      await appendThirty(Array.from({ length: 30 }, (_, i) => (i === 20 ? 'ventuno' : i + 1)));
      await catchUpTo(engine, 'tally', end);
      // 1..20: the 21st cannot be read as a tally.
      expect(await total(knex)).toBe(210);
      const parked = (await engine.status())[0]!;
      expect(parked).toMatchObject({ state: 'failed', position: events[19]!.position, failure: { position: events[20]!.position, eventType: 'TallyCounted' } });
      // The schema's refusal, field by field, on one line.
      expect(parked.failure!.message).toMatch(/^n: .*expected number/i);

      await expect(engine.rebuild('tally')).rejects.toThrow(
        `Rebuild of tally stopped at event ${events[20]!.position.commit}/${events[20]!.position.prepare} (TallyCounted, stream tally-a)`,
      );
      const after = (await engine.status())[0]!;
      expect(after.state).toBe('failed');
      expect(after.failure).toMatchObject({ position: events[20]!.position, eventType: 'TallyCounted', duringRebuild: true });
      // The live generation still serves what it had; the half-built one is gone, only its row says why.
      expect(await total(knex)).toBe(210);
      const generations = await knex('projection_generations').where({ name: 'tally' }).orderBy('generation').select('generation', 'status');
      expect(generations).toEqual([
        { generation: 1, status: 'live' },
        { generation: 2, status: 'failed' },
      ]);
      expect((await knex.raw(`select to_regclass('tally_total_v1_g2') as t`)).rows[0].t).toBeNull();
    });
  });

  describe('given that event in a batch read ahead, among events of a type the projection does not handle', () => {
    it('parks exactly at it when its batch was read and decoded ahead', async () => {
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection(), seen], 10);
      await engine.ensure();
      // Tallies 1..30, each followed by an event no projection here handles; the 21st tally cannot be read.
      const values = Array.from({ length: 30 }, (_, i) => (i === 20 ? 'ventuno' : i + 1));
      end = (
        await store.appendToStream(
          'tally-b',
          values.flatMap((v) => [tally(v), { ...newEvent('TallyNoted', { v }), schemaVersion: 1 }]),
          { expectedRevision: 'no_stream' },
        )
      ).position;
      const all = await store.readStream('tally-b');
      await catchUpTo(engine, 'tally', end);
      // Windows of 10 events hold 5 tallies: the bad one (the 41st event) is in the fifth window, read ahead while the fourth was applied.
      expect(await total(knex)).toBe(210);
      // Applied up to the event before it, the note after the 20th tally.
      expect((await engine.status())[0]).toMatchObject({ state: 'failed', position: all[39]!.position, failure: { position: all[40]!.position, eventType: 'TallyCounted' } });
    });
  });

  describe('given a rebuild that fails for another reason', () => {
    it('ends failed with the error, not rebuilding', async () => {
      let refuse = false;
      const projection: AnyProjection = {
        ...tallyProjection(),
        async afterLoad() {
          if (refuse) throw new Error('index build refused');
        },
      };
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [projection]);
      await engine.ensure();
      await appendThirty();
      refuse = true;
      await expect(engine.rebuild('tally')).rejects.toThrow('index build refused');
      expect((await engine.status())[0]).toMatchObject({ state: 'failed', generation: 1, failure: { position: null, message: 'index build refused', duringRebuild: true } });
      // Fixed: the next rebuild goes live and the failure is gone with its row.
      refuse = false;
      await engine.rebuild('tally');
      expect((await engine.status())[0]).toMatchObject({ state: 'live', generation: 3, failure: null });
      expect(await knex('projection_generations').where({ name: 'tally' }).pluck('status')).toEqual(['live']);
    });
  });

  describe('given rebuilds started together while events are written and caught up', () => {
    it('finishes every one, with one live generation per read model and every event counted once', async () => {
      const engine = new ProjectionEngine(knex, store, tallyCatalog(), [tallyProjection({ delayMs: 1 }), seen], 10);
      await engine.ensure();
      await appendThirty();
      let writing = true;
      let written = 30;
      const writer = (async () => {
        for (let i = 0; writing && i < 40; i++) {
          await store.appendToStream(`tally-w${i}`, [tally(1)], { expectedRevision: 'no_stream' });
          written++;
          await Promise.all([engine.catchUp('tally'), engine.catchUp('tally2')]);
        }
      })();
      const rebuilds = await Promise.allSettled([engine.rebuild('tally'), engine.rebuild('tally'), engine.rebuild('tally'), engine.rebuild('tally2'), engine.rebuild('tally2')]);
      writing = false;
      await writer;
      expect(rebuilds.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(Array(5).fill('fulfilled'));
      // The store serves an event once no older transaction of the shared test cluster is open: wait until it shows every write.
      let events = await store.readAll({ limit: 1e9 });
      for (const end = Date.now() + 45_000; events.filter((e) => e.streamId.startsWith('tally-w')).length < written - 30 && Date.now() < end;) {
        await new Promise((r) => setTimeout(r, 100));
        events = await store.readAll({ limit: 1e9 });
      }
      const last = events.at(-1)!.position;
      await catchUpTo(engine, 'tally', last);
      await catchUpTo(engine, 'tally2', last);
      expect(await knex('projection_generations').select('name', 'status').orderBy(['name', 'generation'])).toEqual([
        { name: 'tally', status: 'live' },
        { name: 'tally2', status: 'live' },
      ]);
      expect(await total(knex)).toBe(465 + (written - 30));
      expect(await seenRows(knex)).toBe(written);
      expect((await engine.status()).map((s) => s.state)).toEqual(['live', 'live']);
    });
  });
});
