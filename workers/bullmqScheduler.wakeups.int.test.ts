import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pino from 'pino';
import type { Position } from '../domain/shared/eventStore.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { newEvent } from '../test/contract/eventstore.contract.js';
import { tallyCatalog, tallyProjection } from '../test/fixtures/tallyProjection.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith, services } from '../test/support/services.js';
import { Queue } from 'bullmq';
import { BullMqScheduler } from './bullmqScheduler.js';
import { ProjectionEngine } from './projectionEngine.js';
import type { Projection } from '../projections/types.js';

/** Never within a test: only the wakes a test requests can move the projection. */
const NEVER_MS = 3_600_000;

/** Holds the next batch inside its transaction (advisory lock held, snapshot taken) until released. */
class Gate {
  private armed = false;
  private open!: () => void;
  private opened = new Promise<void>((r) => (this.open = r));
  private enter!: (xid: string) => void;
  /** The held batch's transaction id, once a batch is held. */
  readonly entered = new Promise<string>((r) => (this.enter = r));

  arm(): void {
    this.armed = true;
  }

  release(): void {
    this.open();
  }

  wrap(p: Projection): Projection {
    return {
      ...p,
      applyBatch: async (ctx, events) => {
        if (this.armed) {
          this.armed = false;
          const r = await ctx.trx.raw<{ rows: Array<{ xid: string }> }>(`select pg_current_xact_id()::text as xid`);
          this.enter(r.rows[0]!.xid);
          await this.opened;
        }
        return p.applyBatch(ctx, events);
      },
    };
  }
}

/** Counts catch-ups of each projection running at once, and the catch-up polls. */
class WatchedEngine extends ProjectionEngine {
  running = 0;
  maxRunning = 0;
  finished = 0;
  polls = 0;

  override async catchUp(name: string): Promise<number> {
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      return await super.catchUp(name);
    } finally {
      this.running -= 1;
      this.finished += 1;
    }
  }

  override names(): string[] {
    this.polls += 1;
    return super.names();
  }
}

const tally = (n: number) => ({ ...newEvent('TallyCounted', { n }), schemaVersion: 1 });

async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until readAll can return the event at `position` (other test files share the cluster). */
async function readable(store: PostgresEventStore, position: Position): Promise<void> {
  await until('the event to be readable', async () => {
    const head = await store.head();
    return head.commit > position.commit || (head.commit === position.commit && head.prepare >= position.prepare);
  });
}

/**
 * Waits until no transaction older than `position` is open in the cluster except `held`,
 * so once `held` ends the event at `position` is readable (other test files share the cluster).
 */
async function onlyHeldOlderThan(knex: Knex, position: Position, held: string): Promise<void> {
  await until('older transactions of other tests to end', async () => {
    const r = await knex.raw<{ rows: Array<{ xid: string }> }>(`select x::text as xid from pg_snapshot_xip(pg_current_snapshot()) as x`);
    return r.rows.every((row) => row.xid === held || BigInt(row.xid) > BigInt(position.commit));
  });
}

describeWith(['postgres', 'redis'])('BullMQ wake-ups', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  let scheduler: BullMqScheduler | null;
  let gate: Gate;
  let engine: WatchedEngine;
  let revision: number;

  const append = async (n: number): Promise<Position> => {
    const r = await store.appendToStream('tally-t', [tally(n)], { expectedRevision: revision < 0 ? 'no_stream' : revision });
    revision += 1;
    return r.position;
  };
  const reached = async (p: Position) => (await engine.reached(['tally'], p)).includes('tally');
  const start = async (options: { pollMs: number; retryMs: number }) => {
    scheduler = await BullMqScheduler.start(services.redis!, engine, pino({ level: 'silent' }), { prefix: `t${randomBytes(4).toString('hex')}`, ...options });
    return scheduler;
  };

  beforeEach(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 6 });
    await migrate(knex);
    store = await PostgresEventStore.connect(db.url, { max: 6 });
    gate = new Gate();
    engine = new WatchedEngine(knex, store, tallyCatalog(), [gate.wrap(tallyProjection())]);
    await engine.ensure();
    scheduler = null;
    revision = -1;
  });
  afterEach(async () => {
    gate.release();
    await scheduler?.close();
    await knex.destroy();
    await store.close();
    await db.drop();
  });

  it('keeps a wake requested while a batch is applied and runs it after, with no further wake, poll or retry', async () => {
    const s = await start({ pollMs: NEVER_MS, retryMs: NEVER_MS });
    await until('the first poll to pass', () => engine.polls > 0 && engine.running === 0);
    gate.arm();
    await readable(store, await append(1));
    s.wake(['tally']);
    const held = await gate.entered;

    // Committed while the batch is applied: after its snapshot, so not in it.
    const later = await append(2);
    s.wake(['tally']);
    await s.flushWakes();
    await onlyHeldOlderThan(knex, later, held);
    gate.release();

    await until('the projection to reach the later event', () => reached(later));
    expect(await knex('tally_total').first()).toMatchObject({ total: 3 });
  });

  it('never runs a catch-up of a projection beside another one, not even for the poll', async () => {
    const s = await start({ pollMs: 100, retryMs: NEVER_MS });
    await until('the first poll to pass', () => engine.polls > 0 && engine.running === 0);
    gate.arm();
    const first = await append(1);
    await readable(store, first);
    s.wake(['tally']);
    await gate.entered;
    const polls = engine.polls;
    await until('two polls during the held batch', () => engine.polls >= polls + 2);
    gate.release();

    await until('the projection to catch up', () => reached(first));
    expect(engine.maxRunning).toBe(1);
  });

  it('sends one wake per projection to Redis while one is on its way, however many commands ask, and the event is still read', async () => {
    const s = await start({ pollMs: NEVER_MS, retryMs: NEVER_MS });
    await until('the first poll to pass', () => engine.polls > 0 && engine.running === 0);
    const event = await append(7);
    await readable(store, event);
    const original = Queue.prototype.add;
    let sent = 0;
    Queue.prototype.add = function (this: Queue, ...args: Parameters<Queue['add']>) {
      if (args[0] === 'wake') sent += 1;
      return original.apply(this, args);
    } as Queue['add'];
    try {
      // Fifty waiting commands wake the projection in the same moment.
      for (let i = 0; i < 50; i++) s.wake(['tally']);
      await s.flushWakes();
      expect(sent).toBe(1);
      await until('the projection to reach the event', () => reached(event));
      // Once it has reached Redis, the next wake is sent again.
      s.wake(['tally']);
      await s.flushWakes();
      expect(sent).toBe(2);
    } finally {
      Queue.prototype.add = original;
    }
  });

  it('looks again by itself when a wake found the events not readable yet', async () => {
    const s = await start({ pollMs: NEVER_MS, retryMs: 50 });
    await until('the first poll to pass', () => engine.polls > 0 && engine.running === 0);
    const blocker = await knex.transaction();
    let event: Position;
    try {
      await blocker.raw(`select pg_current_xact_id()`);
      event = await append(5);
      const finished = engine.finished;
      s.wake(['tally']);
      await until('the wake to run', () => engine.finished > finished);
      expect(await reached(event)).toBe(false);
    } finally {
      await blocker.commit();
    }
    await until('the projection to reach the event', () => reached(event));
  });
});
