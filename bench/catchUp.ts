/**
 * Benchmark 2: ProjectionEngine.catchUp over a pre-loaded store, against the read-only
 * ceiling of paging through the same events with readAll at the same batch size.
 */
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { START, type Position } from '../domain/shared/eventStore.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { ProjectionEngine } from '../workers/projectionEngine.js';
import { createBenchCatalog, createBenchProjection, loadEvents, type ApplyStats } from './benchProjection.js';
import { createDatabase, fmt, now, printTable, ratio, type TableRow } from './support.js';

export interface CatchUpOptions {
  events: number;
  batchSizes: number[];
}

export const defaultCatchUpOptions: CatchUpOptions = { events: 200_000, batchSizes: [1000, 5000] };

const GOAL = 50_000;

async function readEverything(store: PostgresEventStore, limit: number): Promise<{ ms: number; events: number }> {
  const started = now();
  let after: Position = START;
  let events = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit });
    if (batch.length === 0) break;
    events += batch.length;
    after = batch.at(-1)!.position;
  }
  return { ms: now() - started, events };
}

export interface CatchUpRow {
  batchSize: number;
  catchUpEventsPerSecond: number;
  readOnlyEventsPerSecond: number;
}

export async function benchCatchUp(adminUrl: string, o: CatchUpOptions = defaultCatchUpOptions): Promise<CatchUpRow[]> {
  const db = await createDatabase(adminUrl, 'catchup');
  const knex = createKnex(db.url, { max: 4 });
  const store = await PostgresEventStore.connect(db.url, { max: 4 });
  const catalog = createBenchCatalog();
  try {
    await migrate(knex);
    const loadStarted = now();
    await loadEvents(db.url, o.events);
    const loadMs = now() - loadStarted;
    // A settled store, as in steady state: visibility map set, statistics fresh, dirty
    // pages written, so neither autovacuum nor a checkpoint lands inside a measurement.
    await knex.raw('vacuum analyze es_events');
    await knex.raw('checkpoint').catch(() => undefined);
    // One untimed pass so every measured run starts from the same warm cache.
    await readEverything(store, 1000);

    const rows: TableRow[] = [];
    const results: CatchUpRow[] = [];
    for (const batchSize of o.batchSizes) {
      const read = await readEverything(store, batchSize);
      const stats: ApplyStats = { ms: 0, batches: 0, events: 0 };
      const projection = createBenchProjection(`b${batchSize}`, stats);
      const engine = new ProjectionEngine(knex, store, catalog, [projection], batchSize);
      await engine.ensure();
      const started = now();
      const processed = await engine.catchUp(projection.name);
      const ms = now() - started;
      if (processed !== o.events || read.events !== o.events) {
        throw new Error(`batch ${batchSize}: catch-up processed ${processed}, readAll saw ${read.events}, loaded ${o.events}`);
      }
      const catchUpEps = (processed * 1000) / ms;
      const readEps = (read.events * 1000) / read.ms;
      results.push({ batchSize, catchUpEventsPerSecond: catchUpEps, readOnlyEventsPerSecond: readEps });
      rows.push(
        {
          run: `catchUp, batch ${batchSize}`,
          'events/s': fmt(catchUpEps),
          seconds: fmt(ms / 1000, 2),
          'catch-up/read-only': ratio(catchUpEps, readEps),
          goal: `>= ${fmt(GOAL)} events/s: ${catchUpEps >= GOAL ? 'met' : 'MISSED'}`,
          'in applyBatch': `${fmt(stats.ms / 1000, 2)} s (${stats.batches} batches)`,
          'read + decode + checkpoint': `${fmt((ms - stats.ms) / 1000, 2)} s`,
        },
        {
          run: `baseline: readAll only, limit ${batchSize}`,
          'events/s': fmt(readEps),
          seconds: fmt(read.ms / 1000, 2),
          'catch-up/read-only': '1.00x',
          goal: '',
          'in applyBatch': '',
          'read + decode + checkpoint': '',
        },
      );
    }
    printTable(`2. Projection catch-up over ${fmt(o.events)} events (75% counted, 15% stops, 10% unhandled notes; 2,000 streams)`, rows, [
      `loaded ${fmt(o.events)} events by raw multi-row SQL in ${fmt(loadMs / 1000, 1)} s (not part of any measurement)`,
    ]);
    return results;
  } finally {
    await store.close();
    await knex.destroy();
    await db.drop();
  }
}
