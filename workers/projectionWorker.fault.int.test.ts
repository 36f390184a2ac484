/**
 * Fault: the projection worker (`npm run projections -- work`, a process of its own) is killed
 * with SIGKILL while it applies batches, six times, each after a random delay. After every
 * kill each read model must equal a rebuild from scratch up to its own checkpoint: a batch and
 * its checkpoint commit together or not at all, so nothing is half-applied or applied twice,
 * and the next worker resumes where the killed one stopped. The events are the demo plant's
 * history (shift reports, stops, root causes, DBR actions), fed in six chunks so every
 * round has work. Real processes, loopback, every wait bounded.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Knex } from 'knex';
import pg from 'pg';
import { createCatalog } from '../domain/catalog.js';
import { comparePositions, type Position } from '../domain/shared/eventStore.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { allProjections } from '../projections/registry.js';
import { startTestApp } from '../test/support/app.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { rebuiltUpTo, snapshotTables } from '../test/support/replayKit.js';
import { describeWith } from '../test/support/services.js';
import { ProjectionEngine } from './projectionEngine.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/**
 * Six rounds (twelve before, twenty before that): each round costs a worker's start and a rebuild
 * of every read model (about 9 s on the CI machine), and what a round proves does not grow with
 * their number. Every round still queues work before the worker starts (a sixth of the history,
 * a few hundred events in batches of five), kills it at a random point after its first commit and
 * checks every read model against a rebuild; the test also asserts that kills landed mid-run.
 */
const ROUNDS = 6;
/** At most this many events of the seeded history (about 2,000 today): small enough to rebuild once per round. */
const EVENTS = 6000;
/** Small batches, so a run is many commits and a kill lands between or inside them. */
const BATCH_SIZE = 5;

type StoredEvent = Record<string, unknown>;

describeWith(['postgres'])('projection worker killed with SIGKILL mid-batch', () => {
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  let engine: ProjectionEngine;
  let history: StoredEvent[] = [];
  const catalog = createCatalog();

  beforeAll(async () => {
    // The demo history, written through the product's own commands by a first app, read back in global order.
    const source = await startTestApp({ redis: false, env: { SEED_DEMO_HISTORY: 'true' } });
    try {
      history = await source.deps
        .knex('es_events')
        .select('event_id', 'stream_id', 'stream_revision', 'type', 'schema_version', 'data', 'metadata', 'recorded_at')
        .orderBy([{ column: 'transaction_id' }, { column: 'global_position' }])
        .limit(EVENTS);
    } finally {
      await source.close();
    }
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 4 });
    await migrate(knex);
    store = await PostgresEventStore.connect(db.url, { max: 2 });
    engine = new ProjectionEngine(knex, store, catalog, allProjections);
    await engine.ensure();
  }, 300_000);

  afterAll(async () => {
    await store?.close();
    await knex?.destroy();
    await db?.drop();
  }, 60_000);

  /** Appends the chunk in one transaction, as the event store holds them: stream revisions kept. */
  async function append(chunk: StoredEvent[]): Promise<void> {
    await knex.transaction(async (trx) => {
      for (let i = 0; i < chunk.length; i += 500) {
        await trx('es_events').insert(chunk.slice(i, i + 500).map((e) => ({ ...e, data: JSON.stringify(e.data), metadata: JSON.stringify(e.metadata) })));
      }
    });
  }

  /** Starts the worker; resolves once it has committed its first batch, i.e. it is mid-run. */
  async function startWorker(): Promise<{ kill(): Promise<void>; output(): string }> {
    const listener = new pg.Client(db.url);
    await listener.connect();
    await listener.query('listen projection_advanced');
    const firstCommit = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: db.url, LOG_LEVEL: 'warn' };
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/projections.ts', 'work', '--batch-size', String(BATCH_SIZE)], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 90_000).unref());
      const first = await Promise.race([firstCommit.then(() => 'ok' as const), exited.then(() => 'exited' as const), timeout]);
      if (first !== 'ok') {
        child.kill('SIGKILL');
        throw new Error(`the worker did not commit a batch (${first}):\n${out}`);
      }
    } finally {
      await listener.end();
    }
    return {
      output: () => out,
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
    };
  }

  /** Each live read model against a rebuild from scratch up to its checkpoint; returns the checkpoints. */
  async function expectEqualToRebuild(): Promise<Position[]> {
    const positions: Position[] = [];
    for (const projection of allProjections) {
      const live = (await engine.liveRow(projection.name))!;
      const at = { commit: Number(live.commit_pos), prepare: Number(live.prepare_pos) };
      positions.push(at);
      const rows = await snapshotTables(knex, live.tables);
      const rebuilt = await rebuiltUpTo(knex, store, catalog, projection, at);
      if (JSON.stringify(rows) !== JSON.stringify(rebuilt)) expect({ [projection.name]: rows }).toEqual({ [projection.name]: rebuilt });
    }
    return positions;
  }

  /**
   * The position of the last appended event, once the store shows it. The store serves an event
   * only when no older transaction of the cluster is still open (`pg_snapshot_xmin`), and the test
   * cluster is shared with other suites, so a committed chunk can stay hidden for a moment.
   */
  async function visibleHead(count: number): Promise<Position> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const events = await store.readAll({ after: { commit: 0, prepare: 0 }, limit: 1e9 });
      if (events.length >= count) return events.at(-1)!.position;
      if (Date.now() > deadline) throw new Error(`the store shows ${events.length} of ${count} appended events after 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('leaves every read model equal to a rebuild from scratch after each of six kills', async () => {
    expect(history.length).toBeGreaterThan(1000);
    const chunk = Math.ceil(history.length / ROUNDS);
    let killedWithWorkLeft = 0;
    for (let round = 0; round < ROUNDS; round++) {
      await append(history.slice(round * chunk, (round + 1) * chunk));
      const head = await visibleHead(Math.min(history.length, (round + 1) * chunk));
      const worker = await startWorker();
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 400)));
      await worker.kill();
      const positions = await expectEqualToRebuild();
      if (positions.some((p) => comparePositions(p, head) < 0)) killedWithWorkLeft++;
    }
    // The kills landed mid-run (some read model still behind), not after the worker had finished.
    expect(killedWithWorkLeft).toBeGreaterThan(0);

    // Caught up from where the last kill left each read model, to the end: still equal to a rebuild.
    await engine.settle();
    const positions = await expectEqualToRebuild();
    const head = await visibleHead(history.length);
    expect(positions.every((p) => comparePositions(p, head) === 0)).toBe(true);
  }, 900_000);
});
