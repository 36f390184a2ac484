import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { startServer, type RunningServer } from '../../api/server.js';
import { parseConfig } from '../../infra/config.js';
import { createTestDatabase, type TestDatabase } from './db.js';

type AppOptions = { redis?: boolean; redisUrl?: string; mqttUrl?: string; machineTickMs?: number; env?: Record<string, string>; clock?: () => Date };

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
  const db = await createTestDatabase();
  return startOn(db, options);
}

/**
 * Another instance of the app on `first`'s database (and Redis, when it has one), as a
 * second machine behind a load balancer would run; closing it leaves the database alone.
 */
export async function startSecondInstance(first: TestApp, options: { redis?: boolean; env?: Record<string, string>; clock?: () => Date } = {}): Promise<TestApp> {
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
    log: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
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
