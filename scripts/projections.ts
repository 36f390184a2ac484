/**
 * `npm run projections -- status` shows each read model's position, lag and state, and for
 * a failed one the event it stopped at and the error;
 * `npm run projections -- rebuild NAME` rebuilds one blue/green with a progress bar
 * while the running app keeps serving the old generation;
 * `npm run projections -- work [--batch-size N]` runs a projection worker on its own until
 * SIGTERM or Ctrl-C: on the BullMQ queue with REDIS_URL (beside the app instances' own
 * workers), else polling every projection each second. The engine's per-projection advisory
 * lock lets any number of workers and apps run at once, and a worker killed mid-batch
 * leaves nothing half-applied (batch and checkpoint commit together).
 */
import pino from 'pino';
import { openEventStore } from '../api/server.js';
import { BullMqScheduler } from '../workers/bullmqScheduler.js';
import { InProcessScheduler } from '../workers/inProcessScheduler.js';
import type { ProjectionScheduler } from '../workers/scheduler.js';
import { createCatalog } from '../domain/catalog.js';
import { parseConfig } from '../infra/config.js';
import { connectDatabase } from '../infra/db/connect.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { allProjections } from '../projections/registry.js';
import { ProjectionEngine, type RebuildProgress } from '../workers/projectionEngine.js';
import { CliError, runCli, UsageError } from './cli.js';

const usage = `usage: npm run projections -- <command>

  status                   each read model's position, lag, state and rows; where a parked one stopped and why
  rebuild NAME             rebuilds one read model blue/green, with a progress bar (exit 1 if it fails)
  work [--batch-size N]    a projection worker until SIGTERM or Ctrl-C (BullMQ with REDIS_URL, else polling)`;

function bar(p: RebuildProgress): string {
  const width = 30;
  const ratio = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ${p.done}/${p.total} events  ${p.eventsPerSecond} ev/s  ETA ${p.etaSeconds === null ? '?' : `${p.etaSeconds} s`}`;
}

async function main(argv: string[]): Promise<number> {
  const [command, name, ...extra] = argv;
  if (command === 'work') return work(argv.slice(1));
  if (command === undefined) throw new UsageError('a command is needed: status, rebuild NAME or work');
  if (command !== 'status' && command !== 'rebuild') throw new UsageError(`unknown command '${command}'`);
  if (extra.length > 0 || (command === 'status' && name !== undefined)) throw new UsageError(`unexpected argument '${extra[0] ?? name}'`);
  const config = parseConfig();
  const db = await connectDatabase(config);
  const knex = createKnex(db.url, { max: 4 });
  // The migrations create the event store's tables too, so they run before it opens.
  await migrate(knex);
  const store = await openEventStore(config, db.url);
  try {
    const engine = new ProjectionEngine(knex, store, createCatalog(), allProjections, undefined, undefined, pino({ base: undefined }));
    // A read model the app has never run stays 'missing' here: the app backfills it, or `rebuild NAME` does.
    await engine.ensure({ backfillNew: true });
    if (command === 'status') {
      const rows = await engine.status({ rows: true });
      console.table(
        rows.map((r) => ({
          projection: r.name,
          'code version': r.version,
          'live version': r.liveVersion ?? '-',
          generation: r.generation ?? '-',
          position: r.position ? `${r.position.commit}/${r.position.prepare}` : '-',
          lag: r.lag,
          state: r.state,
          // Where a failed read model stopped: the event's position and type, and why.
          'failed at': r.failure?.position ? `${r.failure.position.commit}/${r.failure.position.prepare} ${r.failure.eventType}` : '-',
          rows: r.rows === null ? '-' : r.rowsEstimated ? `~${r.rows}` : r.rows,
          'last rebuild': r.lastRebuildAt ?? '-',
          'rebuild ev/s': r.rebuildEventsPerSecond ?? '-',
        })),
      );
      for (const r of rows.filter((x) => x.failure)) {
        const f = r.failure!;
        const where = f.position ? `at event ${f.position.commit}/${f.position.prepare} (${f.eventType}, stream ${f.stream}, id ${f.eventId})` : '';
        console.log(`${r.name}: ${f.duringRebuild ? 'rebuild failed' : 'parked'} ${where}: ${f.message}`);
      }
      return 0;
    }
    if (!name || !engine.names().includes(name)) throw new CliError(`Unknown projection '${name ?? ''}'. Known: ${engine.names().join(', ')}`, 2);
    const tty = process.stdout.isTTY;
    let last = 0;
    const row = await engine.rebuild(name, (p) => {
      if (tty) process.stdout.write(`\r${bar(p)}`);
      else if (Date.now() - last > 1000 || p.done === p.total) {
        last = Date.now();
        console.log(bar(p));
      }
    });
    if (tty) process.stdout.write('\n');
    console.log(`${name}: generation ${row.generation} (version ${row.version}) is live.`);
    return 0;
  } finally {
    await knex.destroy();
    await store.close();
    await db.stop();
  }
}

/** Runs the projections until a signal: the process a deployment scales apart from the API. */
async function work(args: string[]): Promise<number> {
  let batchSize: number | undefined;
  if (args.length > 0) {
    if (args[0] !== '--batch-size') throw new UsageError(`unknown option '${args[0]}' for work`);
    batchSize = Number(args[1]);
    if (args.length !== 2 || !Number.isInteger(batchSize) || batchSize < 1) throw new UsageError('--batch-size takes a whole number of events, 1 or more');
  }
  const config = parseConfig();
  const log = pino({ level: config.LOG_LEVEL, base: undefined });
  const db = await connectDatabase(config);
  const knex = createKnex(db.url, { max: 6 });
  const store = await openEventStore(config, db.url);
  await migrate(knex);
  const engine = new ProjectionEngine(knex, store, createCatalog(), allProjections, batchSize, undefined, log);
  await engine.ensure();
  await engine.retryFailed();
  const scheduler: ProjectionScheduler = config.REDIS_URL ? await BullMqScheduler.start(config.REDIS_URL, engine, log) : new InProcessScheduler(engine, log, 1000);
  scheduler.wake(engine.names());
  log.info({ queue: scheduler.kind, batchSize: batchSize ?? 'default' }, 'projection worker running');
  const signal = await new Promise<string>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
  log.info({ signal }, 'projection worker stopping after the batch in hand');
  await scheduler.close();
  await store.close();
  await knex.destroy();
  await db.stop();
  return 0;
}

await runCli(main, usage);
