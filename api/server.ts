import fs from 'node:fs';
import { LdapDirectory } from '../infra/auth/ldap.js';
import { OidcSignIn } from '../infra/auth/oidc.js';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createCatalog } from '../domain/catalog.js';
import { resolveJwtSecret, TokenService } from '../infra/auth/jwt.js';
import { CurrentUsers } from '../infra/auth/currentUsers.js';
import { ApiKeys } from '../infra/auth/apiKeys.js';
import { ConcurrencyGate } from '../infra/auth/hashingGate.js';
import { LoginRateLimiter } from '../infra/auth/rateLimiter.js';
import type { Config } from '../infra/config.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { RESTORES_TABLE } from '../infra/backup/restore.js';
import { seedDemoHistory } from '../seed/demoHistory.js';
import { seedDemoPlant } from '../seed/demoPlant.js';
import { seedDemoUsers } from '../seed/demoUsers.js';
import { allProjections } from '../projections/registry.js';
import { BullMqScheduler } from '../workers/bullmqScheduler.js';
import { CheckpointWaiter } from '../workers/checkpointWaiter.js';
import { LIVE_DEFAULTS, LiveChannel } from './live.js';
import { InProcessScheduler } from '../workers/inProcessScheduler.js';
import { BATCH_SIZE, ProjectionEngine, REBUILD_BATCH_SIZE } from '../workers/projectionEngine.js';
import type { ProjectionScheduler } from '../workers/scheduler.js';
import { createApp } from './app.js';
import { startMachineSignals } from './machineSignals.js';
import { AppMetrics } from './metrics.js';
import { ensureAdmin } from './firstAdmin.js';
import { statusErrorBody } from './middlewares/errors.js';
import type { AppDeps } from './deps.js';

export interface ServerOptions {
  config: Config;
  databaseUrl: string;
  redisUrl: string | null;
  log: Logger;
  /** Folder of the built web app; null serves the API only. */
  webDist: string | null;
  queuePrefix?: string;
  clock?: () => Date;
  /** The broker the machines publish to (docs/machine-signals.md); null or absent: no machine signals. */
  mqttUrl?: string | null;
  /** How often the machine signals are taken (1 s); tests that send a sequence and then take it set it long. */
  machineTickMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  deps: AppDeps;
  close(): Promise<void>;
}

/**
 * Node answers requests it cannot parse (headers too large, a malformed request line) before
 * Koa sees them, with an empty body; this gives them the app's one error shape instead.
 */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (err as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(statusErrorBody(status));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}

export async function openEventStore(config: Config, databaseUrl: string): Promise<EventStore> {
  if (config.EVENTSTORE_CONNECTION_STRING) {
    const { EventStoreDbEventStore } = await import('../infra/eventstore/eventstoredb.js');
    return EventStoreDbEventStore.connect(config.EVENTSTORE_CONNECTION_STRING);
  }
  return PostgresEventStore.connect(databaseUrl, { max: 10 });
}

/**
 * The composition root: migrations, event store, projections (caught up before the
 * port opens), the queue, demo users, plant and history on first start, then the HTTP server.
 */
export async function startServer(opts: ServerOptions): Promise<RunningServer> {
  const { config, log } = opts;
  const clock = opts.clock ?? (() => new Date());
  const knex = createKnex(opts.databaseUrl, { max: 10 });
  await migrate(knex);
  const metrics = new AppMetrics();
  // Every append of the instance (commands, seeds, machine signals) is timed.
  const store = metrics.timeAppends(await openEventStore(config, opts.databaseUrl));
  const catalog = createCatalog();
  const engine = new ProjectionEngine(knex, store, catalog, allProjections, BATCH_SIZE, REBUILD_BATCH_SIZE, log);
  const stale = await engine.ensure({ backfillNew: true });
  // The code may have been fixed since a read model parked: each tries its event once more.
  const retried = await engine.retryFailed();
  if (retried.length > 0) log.info({ projections: retried }, 'parked read models try their event again');

  let scheduler: ProjectionScheduler;
  let redis: Redis | null = null;
  if (opts.redisUrl) {
    scheduler = await BullMqScheduler.start(opts.redisUrl, engine, log, { prefix: opts.queuePrefix });
    redis = new Redis(opts.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false });
    // The scheduler logs the loss once; the health check reports it.
    redis.on('error', () => undefined);
  } else {
    log.warn('No Redis: projections run on the in-process queue (fine for one instance, not for several).');
    scheduler = new InProcessScheduler(engine, log);
  }
  for (const name of stale) {
    log.info({ projection: name }, 'projection new or its version changed: (re)building blue/green from event zero while the others serve');
    await scheduler.requestRebuild(name);
  }
  await engine.settle();

  // A store filled from a backup is the plant's own: nothing demo is added to it, whatever SEED_DEMO says.
  const restored = config.SEED_DEMO && (await knex.raw(`select 1 from ${RESTORES_TABLE} limit 1`)).rows.length > 0;
  if (restored) log.info('this store was restored from a backup: no demo users, plant or history are created in it');
  // Instances that start together (compose replicas) seed one after the other under an advisory
  // lock, so the second finds the demo users and plant there instead of failing on them.
  if (config.SEED_DEMO && !restored)
    await knex.transaction(async (trx) => {
      await trx.raw(`select pg_advisory_xact_lock(hashtext('linea-demo-seed'), 0)`);
      const created = await seedDemoUsers({ store, catalog, knex }, config.DEMO_PASSWORD, clock());
      if (created.length > 0) log.info({ users: created }, 'demo users created');
      const plant = await seedDemoPlant({ store, catalog }, clock());
      if (plant.seeded) log.info({ shifts: plant.shifts }, 'demo plant created');
      // The history reads the plant, shift and DBR read models, so they settle first.
      await engine.settle();
      if (plant.seeded && config.SEED_DEMO_HISTORY) {
        const history = await seedDemoHistory({ store, catalog, knex, log }, clock());
        if (history.seeded) {
          const started = performance.now();
          await engine.settle();
          log.info(`demo history: read models caught up in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        }
      }
    });

  await ensureAdmin({ store, catalog, knex, settle: () => engine.settle() }, config, log, clock()).catch(async (err: unknown) => {
    // The start stops here: what it opened is closed, so the message is the last word.
    await scheduler.close();
    redis?.disconnect();
    await store.close();
    await knex.destroy();
    throw err;
  });

  const waiter = await CheckpointWaiter.start(opts.databaseUrl, engine);
  const users = new CurrentUsers(knex, config.AUTH_USER_CACHE_SECONDS * 1000);
  const signals = opts.mqttUrl
    ? await startMachineSignals(
        { store, catalog, knex, engine, scheduler, log, clock },
        opts.mqttUrl,
        config.MACHINE_STOP_THRESHOLD_MINUTES * 60_000,
        config.MACHINE_SILENCE_MINUTES * 60_000,
        opts.machineTickMs,
      )
    : null;
  metrics.watch({ readModels: () => engine.status(), machineSignals: () => signals });
  const deps: AppDeps = {
    knex,
    store,
    catalog,
    engine,
    scheduler,
    waiter,
    tokens: new TokenService(resolveJwtSecret(config.JWT_SECRET, config.DATA_DIR)),
    users,
    apiKeys: new ApiKeys(knex, config.AUTH_USER_CACHE_SECONDS * 1000),
    live: new LiveChannel(waiter, engine, users, {
      ...LIVE_DEFAULTS,
      heartbeatMs: config.LIVE_HEARTBEAT_SECONDS * 1000,
      maxPerUser: config.LIVE_MAX_STREAMS_PER_USER,
    }),
    limiter: new LoginRateLimiter(knex, config.LOGIN_MAX_ATTEMPTS, config.LOGIN_WINDOW_SECONDS),
    addressLimiter: new LoginRateLimiter(knex, config.LOGIN_ADDRESS_MAX_ATTEMPTS, config.LOGIN_WINDOW_SECONDS),
    hashing: new ConcurrencyGate(config.PASSWORD_HASH_CONCURRENCY, config.PASSWORD_HASH_QUEUE),
    trustProxy: config.TRUST_PROXY,
    metrics,
    metricsToken: config.METRICS_TOKEN ?? null,
    ldap: config.ldap ? new LdapDirectory(config.ldap) : null,
    oidc: config.oidc ? new OidcSignIn(config.oidc) : null,
    log,
    clock,
    readYourWritesMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
    demo: config.SEED_DEMO,
    // Only a ready connection is asked, so /health answers at once while ioredis reconnects.
    pingRedis: redis ? async () => redis!.status === 'ready' && (await redis!.ping()) === 'PONG' : null,
    machineSignals: signals,
    webDist: opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : null,
  };
  const app = createApp(deps);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
  });
  server.on('clientError', answerClientError);
  const port = (server.address() as AddressInfo).port;
  const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  return {
    url: `http://${host}:${port}`,
    port,
    deps,
    async close() {
      deps.live.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await signals?.close();
      await scheduler.close();
      await waiter.close();
      redis?.disconnect();
      await store.close();
      await knex.destroy();
    },
  };
}
