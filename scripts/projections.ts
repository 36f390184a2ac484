/**
 * `npm run projections -- status` shows each read model's position, lag and state;
 * `npm run projections -- rebuild NAME` rebuilds one blue/green with a progress bar
 * while the running app keeps serving the old generation.
 */
import pino from 'pino';
import { openEventStore } from '../api/server.js';
import { createCatalog } from '../domain/catalog.js';
import { ConfigError, parseConfig } from '../infra/config.js';
import { connectDatabase } from '../infra/db/connect.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { allProjections } from '../projections/registry.js';
import { ProjectionEngine, type RebuildProgress } from '../workers/projectionEngine.js';

const usage = 'usage: npm run projections -- status | rebuild NAME';

function bar(p: RebuildProgress): string {
  const width = 30;
  const ratio = p.total > 0 ? Math.min(1, p.done / p.total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ${p.done}/${p.total} events  ${p.eventsPerSecond} ev/s  ETA ${p.etaSeconds === null ? '?' : `${p.etaSeconds} s`}`;
}

async function main(): Promise<number> {
  const [command, name] = process.argv.slice(2);
  if (command !== 'status' && command !== 'rebuild') {
    console.error(usage);
    return 2;
  }
  const config = parseConfig();
  const db = await connectDatabase(config);
  const knex = createKnex(db.url, { max: 4 });
  // The migrations create the event store's tables too, so they run before it opens.
  await migrate(knex);
  const store = await openEventStore(config, db.url);
  try {
    const engine = new ProjectionEngine(knex, store, createCatalog(), allProjections);
    // A read model the app has never run stays 'missing' here: the app backfills it, or `rebuild NAME` does.
    await engine.ensure({ backfillNew: true });
    if (command === 'status') {
      const rows = await engine.status({ rows: true });
      console.table(rows.map((r) => ({
        projection: r.name,
        'code version': r.version,
        'live version': r.liveVersion ?? '-',
        generation: r.generation ?? '-',
        position: r.position ? `${r.position.commit}/${r.position.prepare}` : '-',
        lag: r.lag,
        state: r.state,
        rows: r.rows ?? '-',
        'last rebuild': r.lastRebuildAt ?? '-',
        'rebuild ev/s': r.rebuildEventsPerSecond ?? '-',
      })));
      return 0;
    }
    if (!name || !engine.names().includes(name)) {
      console.error(`Unknown projection '${name ?? ''}'. Known: ${engine.names().join(', ')}`);
      return 2;
    }
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

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    pino().error({ err }, 'projections command failed');
    process.exit(1);
  },
);
