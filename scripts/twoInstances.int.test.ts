/**
 * Two instances of the app (`npm start`, each a process of its own) on one PostgreSQL and
 * one Redis, as a plant that outgrew one machine runs them behind a load balancer
 * (docs/deploy.md). They start together; then: every projection is applied by one of them at
 * a time (no doubled rows: each read model's count of processed events equals the store's, and
 * its rows equal a rebuild from scratch), a command on one is visible through the other within
 * the read-your-writes bound, the login limit is one allowance for both, and killing one with
 * SIGKILL while the read models catch up leaves the other to finish the work.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { DateTime } from 'luxon';
import pg from 'pg';
import pino from 'pino';
import { createCatalog } from '../domain/catalog.js';
import { START, comparePositions } from '../domain/shared/eventStore.js';
import { createKnex } from '../infra/db/knex.js';
import { freePort } from '../infra/embedded/redis.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { seedDemoHistory } from '../seed/demoHistory.js';
import { allProjections } from '../projections/registry.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { rebuiltUpTo, snapshotTables } from '../test/support/replayKit.js';
import { describeWith } from '../test/support/services.js';
import { movedIncluding, openLive } from '../test/support/liveStream.js';
import type { GenerationRow } from '../workers/projectionEngine.js';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** The read-your-writes bound the instances run with (READ_YOUR_WRITES_TIMEOUT_MS, the default). */
const RYW_MS = 2000;
const DEMO_PASSWORD = 'demo di due istanze';

interface Instance {
  url: string;
  child: ChildProcess;
  output: () => string;
}

describeWith(['postgres', 'redis'])('two instances on one PostgreSQL and one Redis', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-two-'));
  let db: TestDatabase;
  let knex: Knex;
  let a: Instance;
  let b: Instance;
  const day = DateTime.now().setZone('Europe/Rome').toISODate()!;
  const secret = randomBytes(24).toString('hex');

  async function start(name: string): Promise<Instance> {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: path.join(dataDir, name),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: db.url,
      REDIS_URL: process.env.TEST_REDIS_URL,
      // No machine signals: a killed instance would leave its broker behind.
      MQTT_URL: 'off',
      JWT_SECRET: secret,
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Production seeds no demo unless asked, and never with the public password 'demo'.
      SEED_DEMO: 'true',
      DEMO_PASSWORD: DEMO_PASSWORD,
      SEED_DEMO_HISTORY: 'false',
      LOGIN_MAX_ATTEMPTS: '4',
      READ_YOUR_WRITES_TIMEOUT_MS: String(RYW_MS),
      LOG_LEVEL: 'warn',
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout!.on('data', (d) => (out += String(d)));
    child.stderr!.on('data', (d) => (out += String(d)));
    return { url: `http://127.0.0.1:${port}`, child, output: () => out };
  }

  async function healthy(i: Instance, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (i.child.exitCode !== null) throw new Error(`instance exited ${i.child.exitCode}:\n${i.output()}`);
      const res = await fetch(`${i.url}/health`).catch(() => null);
      if (res?.status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`no healthy answer within ${timeoutMs} ms:\n${i.output()}`);
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 4 });
    // Started together, as compose starts replicas: both migrate, seed and catch up on one database.
    [a, b] = await Promise.all([start('a'), start('b')]);
    await Promise.all([healthy(a, 150_000), healthy(b, 150_000)]);
  }, 200_000);

  afterAll(async () => {
    for (const i of [a, b]) {
      if (i && i.child.exitCode === null && i.child.signalCode === null) {
        i.child.kill('SIGTERM');
        await new Promise((r) => i.child.once('exit', r));
      }
    }
    await knex?.destroy();
    await db?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const login = (i: Instance, username: string, password = DEMO_PASSWORD) =>
    fetch(`${i.url}/loginjwt`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username, password }) });
  const token = async (i: Instance, username: string) => ((await (await login(i, username)).json()) as { access_token: string }).access_token;
  const daysAgo = (n: number) => DateTime.fromISO(day).minus({ days: n }).toISODate()!;
  const create = (i: Instance, bearer: string, activity: string, on = day) =>
    fetch(`${i.url}/factory/dbr_actions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ day: on, shop_floor_id: 1, line: 'Linea 1', owner: 'Rossi', activity }),
    });
  const listed = async (i: Instance, bearer: string) => {
    const r = await fetch(`${i.url}/factory/dbr_actions-range?shop_floor_id=1&date_from=${daysAgo(11)}&date_to=${day}&lines=Linea%201`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(r.status).toBe(200);
    return ((await r.json()) as Array<{ activity: string }>).map((x) => x.activity);
  };

  /** No doubled rows: every live read model has counted each stored event once, and equals a rebuild from scratch. */
  async function expectAppliedOnce(): Promise<void> {
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    try {
      const head = await store.readAll({ after: START, limit: 1e9 });
      const rows = await knex<GenerationRow>('projection_generations').where({ status: 'live' });
      expect(rows.map((r) => r.name).sort()).toEqual(allProjections.map((p) => p.name).sort());
      for (const row of rows) {
        const at = { commit: Number(row.commit_pos), prepare: Number(row.prepare_pos) };
        const upTo = head.filter((e) => comparePositions(e.position, at) <= 0).length;
        expect({ [row.name]: Number(row.processed) }).toEqual({ [row.name]: upTo });
        const projection = allProjections.find((p) => p.name === row.name)!;
        const live = await snapshotTables(knex, row.tables);
        const rebuilt = await rebuiltUpTo(knex, store, createCatalog(), projection, at);
        if (JSON.stringify(live) !== JSON.stringify(rebuilt)) expect({ [row.name]: live }).toEqual({ [row.name]: rebuilt });
      }
    } finally {
      await store.close();
    }
  }

  it('shows a command on one instance through the other within the read-your-writes bound', async () => {
    const [ta, tb] = [await token(a, 'support'), await token(b, 'support')];
    for (let n = 0; n < 6; n++) {
      const [from, to, t1, t2] = n % 2 === 0 ? [a, b, ta, tb] : [b, a, tb, ta];
      const r = await create(from, t1, `Visibile ${n}`);
      expect(r.status).toBe(201);
      // The answer came back once the read models had the action (it waits at most the bound), so the other instance lists it at once.
      expect(await listed(to, t2)).toContain(`Visibile ${n}`);
    }
  });

  it("pushes a command on one instance to the other's live streams", async () => {
    const [ta, tb] = [await token(a, 'support'), await token(b, 'support')];
    const onB = await openLive(b.url, tb);
    try {
      await onB.next((e) => e.event === 'ready');
      expect((await create(a, ta, 'Visibile dal vivo')).status).toBe(201);
      await expect(onB.next(movedIncluding('dbr_actions'), 5000)).resolves.toBeDefined();
    } finally {
      onB.close();
    }
  });

  it('applies each projection once while both take commands at the same time', async () => {
    const [ta, tb] = [await token(a, 'support'), await token(b, 'support')];
    // Twelve days, two actions each, one through each instance: every command races one other on its day's ids.
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, n) => create(n % 2 === 0 ? a : b, n % 2 === 0 ? ta : tb, `Insieme ${n}`, daysAgo(Math.floor(n / 2))).then((r) => r.status)),
    );
    expect(results).toEqual(Array(24).fill(201));
    const seen = (await listed(b, tb)).filter((x) => x.startsWith('Insieme '));
    expect(seen.sort()).toEqual(Array.from({ length: 24 }, (_, n) => `Insieme ${n}`).sort());
    await expectAppliedOnce();
  });

  it('shares one login allowance between the instances', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await login(n % 2 === 0 ? a : b, 'demoit', 'wrong')).status);
    // LOGIN_MAX_ATTEMPTS=4 on each: the fifth wrong password, whichever instance gets it, is refused.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect((await login(a, 'demoit')).status).toBe(429);
    expect((await login(b, 'demoit')).status).toBe(429);
  });

  it('leaves the other instance to finish the read models when one is killed mid-batch', async () => {
    // About 2,000 events of history written straight to the store (no instance is woken: the catch-up poll finds them).
    // An older transaction held open meanwhile keeps them unreadable, so they all become readable at once when it ends.
    const store = await PostgresEventStore.connect(db.url, { max: 4 });
    const listener = new pg.Client(db.url);
    const holder = new pg.Client(db.url);
    try {
      await Promise.all([listener.connect(), holder.connect()]);
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      const history = await seedDemoHistory({ store, catalog: createCatalog(), knex, log: pino({ level: 'silent' }) }, new Date());
      expect(history.events).toBeGreaterThan(1000);
      await listener.query('listen projection_advanced');
      const advanced = new Promise<boolean>((resolve) => {
        listener.once('notification', () => resolve(true));
        setTimeout(() => resolve(false), 60_000).unref();
      });
      await holder.query('commit');
      // Killed once the catch-up is under way: a batch of the history has committed.
      expect(await advanced).toBe(true);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 200)));
      a.child.kill('SIGKILL');
      await new Promise((r) => a.child.once('exit', r));
    } finally {
      await listener.end();
      await holder.end();
      await store.close();
    }

    // B alone catches every read model up (lag 0), within a bound that covers BullMQ's recovery of A's stalled jobs.
    const deadline = Date.now() + 120_000;
    let lags: Array<{ name: string; lag: number }>;
    do {
      const res = await fetch(`${b.url}/health`);
      lags = ((await res.json()) as { projections: Array<{ name: string; lag: number }> }).projections;
      if (lags.length > 0 && lags.every((p) => p.lag === 0)) break;
      await new Promise((r) => setTimeout(r, 500));
    } while (Date.now() < deadline);
    expect(lags.filter((p) => p.lag !== 0)).toEqual([]);
    await expectAppliedOnce();
    // And B still takes commands and shows them.
    const tb = await token(b, 'support');
    expect((await create(b, tb, 'Dopo la caduta di A')).status).toBe(201);
    expect(await listed(b, tb)).toContain('Dopo la caduta di A');
  }, 300_000);
});
