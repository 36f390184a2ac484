import path from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { DateTime } from 'luxon';
import pg from 'pg';
import pino from 'pino';
import { startServer, type RunningServer } from '../../api/server.js';
import { parseConfig } from '../../infra/config.js';
import { PLANT_ZONE } from '../../domain/shifts/calendar.js';
import { createTestDatabase, dropDatabase, type TestDatabase } from './db.js';
import { services } from './services.js';

type AppOptions = { redis?: boolean; redisUrl?: string; mqttUrl?: string; machineTickMs?: number; env?: Record<string, string>; clock?: () => Date; log?: pino.Logger };

export interface TestApp extends RunningServer {
  db: TestDatabase;
  /** Logs in through POST /loginjwt and returns the bearer token. */
  login(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

/**
 * A real server on a fresh database with the demo users, serving web/dist when built.
 * Uses the provisioned Redis when there is one (BullMQ), else the in-process queue.
 */
export async function startTestApp(options: AppOptions = {}): Promise<TestApp> {
  const db = await appDatabase(options);
  return startOn(db, options);
}

/**
 * The database of a new app. The first app of a kind in a run (its settings, the plant's hour)
 * starts on an empty database as a plant's first start would: migrations, read models, demo
 * users and plant, and the 60-day history when asked. That database is kept as a template, and
 * the next apps of the kind start on a copy of it, which their start then finds complete, as a
 * restart does. Seeding the history takes half a minute; copying it, a second.
 *
 * Apps on a clock of the test's own always start empty: what their start writes depends on it.
 */
async function appDatabase(options: AppOptions): Promise<TestDatabase> {
  const runId = process.env.TEST_RUN_ID;
  const admin = services.postgres;
  if (!runId || !admin || options.clock) return createTestDatabase();
  const client = new pg.Client(admin);
  await client.connect();
  try {
    const template = await lockedTemplate(client, runId, options.env);
    const name = `t_${randomBytes(6).toString('hex')}`;
    await whenUnused(() => client.query(`create database ${name} template ${template}`));
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return { url: url.toString(), drop: () => dropDatabase(admin, name) };
  } finally {
    await client.end();
  }
}

/**
 * Sets up, ahead of the suites, the template the run's apps with these settings will start on
 * this plant hour, on this process's cluster (services.postgres). `npm test` does it for the
 * seeded demo history while the web app builds (test/support/prepareTemplates.ts), so no suite
 * pays for the seeding inside its own time bound; a suite that finds no template (the hour
 * turned since) still sets it up itself.
 */
export async function prepareTemplate(env: Record<string, string> = {}): Promise<void> {
  const runId = process.env.TEST_RUN_ID;
  const admin = services.postgres;
  if (!runId || !admin) throw new Error('prepareTemplate: TEST_RUN_ID and a PostgreSQL cluster are needed (run through npm test)');
  const client = new pg.Client(admin);
  await client.connect();
  try {
    await lockedTemplate(client, runId, env);
  } finally {
    await client.end();
  }
}

/**
 * The name of the template for apps of these settings in this run at this plant hour, once it
 * exists: the first to ask sets it up while holding the template's lock (held by `client`'s
 * session until it ends), so the others wait for it instead of seeding too.
 */
async function lockedTemplate(client: pg.Client, runId: string, env: Record<string, string> = {}): Promise<string> {
  const hour = DateTime.now().setZone(PLANT_ZONE).toFormat('yyyyMMddHH');
  const settings = JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));
  const template = `tpl_${createHash('sha1').update(`${runId}|${hour}|${settings}`).digest('hex').slice(0, 16)}`;
  await client.query('select pg_advisory_lock(hashtext($1))', [template]);
  const exists = (await client.query('select 1 from pg_database where datname = $1', [template])).rowCount;
  if (!exists) {
    const first = await createTestDatabase();
    const app = await startOn({ ...first, drop: async () => undefined }, { env, redis: false });
    await app.close();
    await whenUnused(() => client.query(`alter database ${databaseName(first.url)} rename to ${template}`));
  }
  return template;
}

function databaseName(url: string): string {
  return new URL(url).pathname.slice(1);
}

/** Runs `statement` once the database it needs alone has no session left (a closed pool's backends take a moment to exit). */
async function whenUnused(statement: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await statement();
      return;
    } catch (err) {
      // 55006: object_in_use, "database … is being accessed by other users".
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Another instance of the app on `first`'s database (and Redis, when it has one), as a
 * second machine behind a load balancer would run; closing it leaves the database alone.
 */
export async function startSecondInstance(first: TestApp, options: Omit<AppOptions, 'redisUrl'> = {}): Promise<TestApp> {
  return startOn({ ...first.db, drop: async () => undefined }, options);
}

/** The app on a database of the caller's (a PostgreSQL the test starts and stops itself); closing it leaves the database alone. */
export async function startTestAppOn(url: string, options: AppOptions = {}): Promise<TestApp> {
  return startOn({ url, drop: async () => undefined }, options);
}

async function startOn(db: TestDatabase, options: AppOptions): Promise<TestApp> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'test-secret-that-is-long-enough',
    DATA_DIR: path.join(root, 'data', 'test'),
    LOG_LEVEL: 'silent',
    // The 60-day demo history takes seconds to write; the suites that need it pass SEED_DEMO_HISTORY: 'true'.
    SEED_DEMO_HISTORY: 'false',
    // A command answers once its read models have caught up, or after this bound. The product's
    // 2 s holds on a quiet machine; a CI machine running several browser suites at once can take
    // longer, and a test that reads right after a save must then read what it saved.
    // scripts/twoInstances.int.test.ts checks the default bound itself.
    READ_YOUR_WRITES_TIMEOUT_MS: '10000',
    ...options.env,
  });
  const useRedis = options.redis !== false && !!process.env.TEST_REDIS_URL;
  const server = await startServer({
    config,
    databaseUrl: db.url,
    redisUrl: options.redisUrl ?? (useRedis ? process.env.TEST_REDIS_URL! : null),
    log: options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    webDist: process.env.TEST_WEB_DIST ?? path.join(root, 'web', 'dist'),
    queuePrefix: `t${randomBytes(4).toString('hex')}`,
    clock: options.clock,
    mqttUrl: options.mqttUrl ?? null,
    machineTickMs: options.machineTickMs,
  });
  return {
    ...server,
    db,
    async login(username, password = 'demo') {
      const res = await fetch(`${server.url}/loginjwt`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username, password }),
      });
      if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { access_token: string }).access_token;
    },
    async close() {
      await server.close();
      await db.drop();
    },
  };
}
