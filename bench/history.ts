/**
 * Benchmark 4 (`npm run bench -- history`): does the product stay fast after two years?
 * Loads about a million valid events (50 lines, 2 years) through the event-store port,
 * rebuilds every product projection over them, then measures commands and the stop list
 * through the HTTP API of a real server on that store, each against the same requests
 * on a server whose store holds only the same plant and calendar.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pino from 'pino';
import { startServer, type RunningServer, type ServerOptions } from '../api/server.js';
import { createCatalog } from '../domain/catalog.js';
import { START, type Position } from '../domain/shared/eventStore.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { parseConfig } from '../infra/config.js';
import { createKnex } from '../infra/db/knex.js';
import { migrate } from '../infra/db/migrations.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { demoActor } from '../seed/demoHistoryWriter.js';
import { seedDemoUsers } from '../seed/demoUsers.js';
import { allProjections } from '../projections/registry.js';
import type { AnyProjection } from '../projections/types.js';
import { ProjectionEngine, REBUILD_BATCH_SIZE } from '../workers/projectionEngine.js';
import { printHttpTables, type HttpFigures } from './historyReport.js';
import { defaultLoadOptions, loadHistory, type LoadResult } from './historyLoad.js';
import { alternate, plannedRequest, saveRequest, stopRequest, unplannedListRequest, type Target } from './historyMeasure.js';
import { setUpPlant, type BenchPlant } from './historyPlant.js';
import type { HistoryOptions } from './historyOptions.js';
import { createDatabase, fmt, login, now, printTable, ratio, type BenchDatabase, type TableRow } from './support.js';

export type { HistoryOptions } from './historyOptions.js';

export const defaultHistoryOptions: HistoryOptions = { lines: 50, days: 730, heavyStops: 10_000, samples: 200, warmup: 20, listSamples: 100, pageRows: 1000 };

const REBUILD_GOAL = 50_000;

export const loadavg = (): string => fs.readFileSync('/proc/loadavg', 'utf8').trim();

/** A database with the demo users, the plant and its calendar: what both stores share. */
export async function prepare(
  adminUrl: string,
  label: string,
  o: HistoryOptions,
  days: string[],
  calendarEnd: string,
  setupAt: Date,
): Promise<{ db: BenchDatabase; plant: BenchPlant }> {
  const db = await createDatabase(adminUrl, label);
  const store = await PostgresEventStore.connect(db.url, { max: 2 });
  const knex = createKnex(db.url, { max: 1 });
  try {
    const deps = { store, catalog: createCatalog() };
    await seedDemoUsers({ ...deps, knex }, 'demo', setupAt);
    return { db, plant: await setUpPlant(deps, o.lines, days[0]!, calendarEnd, setupAt) };
  } finally {
    await knex.destroy();
    await store.close();
  }
}

export interface RebuildRow {
  name: string;
  handled: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** Seconds inside the projection's applyBatch; the rest is reading, decoding and the checkpoint. */
  applySeconds: number;
}

/** readAll over everything at the engine's batch size: the ceiling any rebuild could reach. */
async function readOnly(store: PostgresEventStore): Promise<{ events: number; seconds: number }> {
  const started = now();
  let after: Position = START;
  let events = 0;
  for (;;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) break;
    events += batch.length;
    after = batch.at(-1)!.position;
  }
  return { events, seconds: (now() - started) / 1000 };
}

/** engine.rebuild of each product projection in turn, timed; leaves every read model live and caught up. */
export async function rebuildAll(url: string): Promise<{ rows: RebuildRow[]; ceiling: { events: number; seconds: number } }> {
  const knex = createKnex(url, { max: 4 });
  const store = await PostgresEventStore.connect(url, { max: 4 });
  try {
    await migrate(knex);
    const catalog = createCatalog();
    // Each projection as registered, with the time inside its applyBatch added up.
    const applyMs = new Map<string, number>();
    const timed = allProjections.map((p): AnyProjection => ({
      ...p,
      async applyBatch(ctx, events) {
        const t0 = now();
        try {
          await p.applyBatch(ctx, events);
        } finally {
          applyMs.set(p.name, (applyMs.get(p.name) ?? 0) + now() - t0);
        }
      },
    }));
    const engine = new ProjectionEngine(knex, store, catalog, timed);
    await engine.ensure();
    const byType = new Map(
      (await knex.raw<{ rows: Array<{ type: string; n: string }> }>('select type, count(*) as n from es_events group by type')).rows.map((r) => [r.type, Number(r.n)]),
    );
    await readOnly(store); // warms the cache the same way for every rebuild after it
    const ceiling = await readOnly(store);
    console.log(
      `  readAll only (batch 5,000): ${fmt(ceiling.events)} events in ${fmt(ceiling.seconds, 1)} s, ${fmt(ceiling.events / ceiling.seconds)} events/s  [loadavg ${loadavg()}]`,
    );
    const rows: RebuildRow[] = [];
    // BENCH_REBUILD_ONLY=stops,dashboard: rebuild only these, for a quick look at one projection (the others stay empty, marked caught up below).
    const only = process.env.BENCH_REBUILD_ONLY?.split(',').filter(Boolean);
    for (const p of allProjections.filter((x) => !only || only.includes(x.name))) {
      const started = now();
      let done = 0;
      let lastPrint = started;
      await engine.rebuild(p.name, (progress) => {
        done = progress.done;
        if (now() - lastPrint > 15_000) {
          lastPrint = now();
          console.log(`    ${p.name}: ${fmt(progress.done)}/${fmt(progress.total)} events, ${fmt(progress.eventsPerSecond)} events/s`);
        }
      });
      const seconds = (now() - started) / 1000;
      const handled = p.canHandle.reduce((s: number, t: string) => s + (byType.get(t) ?? 0), 0);
      const applySeconds = (applyMs.get(p.name) ?? 0) / 1000;
      rows.push({ name: p.name, handled, events: done, seconds, eventsPerSecond: done / seconds, applySeconds });
      console.log(
        `  rebuilt ${p.name}: ${fmt(done)} events (${fmt(handled)} handled) in ${fmt(seconds, 1)} s (${fmt(applySeconds, 1)} s in applyBatch), ${fmt(done / seconds)} events/s  [loadavg ${loadavg()}]`,
      );
    }
    if (only) {
      // The others are marked caught up as they are (empty), so a server starts without building them: a look at reads that do not use them.
      const last = (
        await knex.raw<{ rows: Array<{ tx: string; p: string }> }>(
          'select transaction_id::text as tx, global_position as p from es_events order by transaction_id desc, global_position desc limit 1',
        )
      ).rows[0];
      if (last) await knex('projection_generations').whereNotIn('name', only).update({ commit_pos: last.tx, prepare_pos: last.p });
    }
    await knex.raw('vacuum analyze');
    return { rows, ceiling };
  } finally {
    await store.close();
    await knex.destroy();
  }
}

export async function serve(db: BenchDatabase, redisUrl: string | null, dataDir: string, extra: Pick<ServerOptions, 'clock' | 'mqttUrl'> = {}): Promise<RunningServer> {
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-secret-that-is-long-enough',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_HISTORY: 'false',
  });
  return startServer({ config, databaseUrl: db.url, redisUrl, log: pino({ level: 'silent' }), webDist: null, queuePrefix: `benchh${randomBytes(4).toString('hex')}`, ...extra });
}

export interface HistoryResult {
  load: LoadResult;
  rebuild: RebuildRow[];
  http: HttpFigures;
}

/**
 * The days a generated history covers (`count` days ending yesterday, in the plant's zone),
 * the end of its calendar (a week ahead) and the moment the plant was set up (the day before).
 */
export function historyCalendar(count: number) {
  const clock = new Date();
  const today = DateTime.fromJSDate(clock, { zone: PLANT_ZONE }).startOf('day');
  const days = Array.from({ length: count }, (_, i) => today.minus({ days: count - i }).toISODate()!);
  const calendarEnd = today.plus({ days: 7 }).toISODate()!;
  const setupAt = today
    .minus({ days: count + 1 })
    .set({ hour: 9 })
    .toJSDate();
  return { clock, today, days, calendarEnd, setupAt };
}

export async function benchHistory(adminUrl: string, redisUrl: string | null, o: HistoryOptions = defaultHistoryOptions): Promise<HistoryResult> {
  // Three free ten-minute slots per past day: more requests would record a stop twice on one slot (409).
  if (o.samples + o.warmup > 3 * o.days) throw new Error(`${o.samples + o.warmup} requests per command need at least ${Math.ceil((o.samples + o.warmup) / 3)} days of history`);
  const { clock, days, calendarEnd, setupAt } = historyCalendar(o.days);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-history-'));
  const opened: BenchDatabase[] = [];
  const servers: RunningServer[] = [];
  const sectionStarted = now();
  try {
    console.log(`\n## 4. History scale: ${o.lines} lines x ${o.days} days (${days[0]} to ${days.at(-1)}), ${fmt(o.heavyStops)} stops on one equipment  [loadavg ${loadavg()}]`);
    const empty = await prepare(adminUrl, 'hist_empty', o, days, calendarEnd, setupAt);
    opened.push(empty.db);
    const full = await prepare(adminUrl, 'hist_full', o, days, calendarEnd, setupAt);
    opened.push(full.db);
    const plant = full.plant;
    const heavy = plant.lines[0]!.equipments[0]!;
    if (empty.plant.lines[0]!.equipments[0]!.id !== heavy.id || empty.plant.shopFloorId !== plant.shopFloorId) throw new Error('the two stores got different plant ids');

    const store = await PostgresEventStore.connect(full.db.url, { max: 2 });
    const catalog = createCatalog();
    const actors = { operator: await demoActor({ store, catalog }, 'frontline'), analyst: await demoActor({ store, catalog }, 'support') };
    await store.close();
    const load = await loadHistory(full.db.url, catalog, plant, actors, heavy, days, clock, { ...defaultLoadOptions, heavyStops: o.heavyStops });
    const { rows: rebuild, ceiling } = await rebuildAll(full.db.url);

    for (const db of [empty, full]) servers.push(await serve(db.db, redisUrl, dataDir));
    const [emptyServer, fullServer] = servers as [RunningServer, RunningServer];
    const heavyRows = await fullServer.deps.knex('unplanned_stops').where({ equipment_id: heavy.id, deleted: false }).count<Array<{ count: string }>>('* as count');
    const targets: Target[] = [
      { label: 'empty', server: emptyServer, token: await login(emptyServer.url, 'admin') },
      { label: 'history', server: fullServer, token: await login(fullServer.url, 'admin') },
    ];
    const before = loadavg();
    const lineIds = plant.lines.map((l) => l.id);
    const last = days.length - 1;
    const http: HttpFigures = {
      loadBefore: before,
      heavyStops: Number(heavyRows[0]!.count),
      stop: await alternate(targets, o.samples, o.warmup, 201, (k) => stopRequest(heavy, plant, days, k)),
      planned: await alternate(targets, o.samples, o.warmup, 201, (k) => plannedRequest(plant, days, k)),
      save: await alternate(targets, o.samples, o.warmup, 200, (k) => saveRequest(plant, days, k)),
      yearOneLine: await alternate(targets, o.listSamples, 3, 200, () =>
        unplannedListRequest(plant, days[Math.max(0, last - 364)]!, days[last]!, [plant.lines[0]!.id], o.pageRows),
      ),
      monthAllLines: await alternate(targets, o.listSamples, 3, 200, () => unplannedListRequest(plant, days[Math.max(0, last - 29)]!, days[last]!, lineIds, o.pageRows)),
      projections: await alternate(targets, 50, 3, 200, () => ({ method: 'GET', path: '/admin/projections' })),
      loadAfter: loadavg(),
    };

    const total = load.events;
    printTable(
      `4a. History load through PostgresEventStore.appendToStream (${defaultLoadOptions.concurrency} appends in flight)`,
      [
        { what: 'events appended', value: fmt(total) },
        { what: 'appends (one stream each, expectedRevision no_stream)', value: fmt(load.appends) },
        { what: 'seconds', value: fmt(load.ms / 1000, 1) },
        { what: 'events/s', value: fmt((total * 1000) / load.ms) },
        ...[...load.byType].sort((a, b) => b[1] - a[1]).map(([type, n]): TableRow => ({ what: `  ${type}`, value: fmt(n) })),
      ],
      [`plus the demo users, the plant (${o.lines} lines x 3 equipment) and its calendar to ${calendarEnd}, written through the commands before the load`],
    );
    printTable(
      `4b. Rebuild of each product projection (engine.rebuild, batch ${fmt(REBUILD_BATCH_SIZE)}) over ${fmt(ceiling.events)} events`,
      rebuild.map((r) => ({
        projection: r.name,
        'events handled': fmt(r.handled),
        seconds: fmt(r.seconds, 1),
        'events/s': fmt(r.eventsPerSecond),
        'vs readAll only': ratio(r.eventsPerSecond, ceiling.events / ceiling.seconds),
        goal: `>= ${fmt(REBUILD_GOAL)}: ${r.eventsPerSecond >= REBUILD_GOAL ? 'met' : 'MISSED'}`,
      })),
      [`baseline: readAll only over the same events at batch 5,000: ${fmt(ceiling.events / ceiling.seconds)} events/s (${fmt(ceiling.seconds, 1)} s)`],
    );
    printHttpTables(http, o, heavy.id);
    console.log(`\n  history section: ${fmt((now() - sectionStarted) / 1000, 0)} s; loadavg now ${loadavg()}`);
    return { load, rebuild, http };
  } finally {
    for (const s of servers) await s.close().catch(() => undefined);
    for (const db of opened) await db.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
