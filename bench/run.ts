/**
 * `npm run bench`: provisions its own throw-away servers the way scripts/test.ts does
 * (embedded PostgreSQL in a temp dir, redis-server when found, loopback only), runs the
 * benchmarks, prints their tables and stops everything it started. It never asserts on
 * the numbers: a missed goal is printed, and the exit code stays 0.
 * `npm run bench -- web` (or appends, catchup, latency; several allowed) runs only those.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../infra/embedded/postgres.js';
import { findRedisServer, freePort, startRedisServer } from '../infra/embedded/redis.js';
import { benchAppends } from './appends.js';
import { benchCatchUp } from './catchUp.js';
import { benchLatency, loadavg, loadedBullMqRatio, type LatencyResult } from './latency.js';
import { fmt, printTable, type TableRow } from './support.js';
import { benchWebAssets } from './webAssets.js';

const SECTIONS = ['appends', 'catchup', 'latency', 'web'] as const;
type Section = (typeof SECTIONS)[number];
const asked = process.argv.slice(2).map((a) => a.toLowerCase());
const unknown = asked.filter((a) => !(SECTIONS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`unknown bench section(s): ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const selected = new Set<Section>(asked.length > 0 ? (asked as Section[]) : SECTIONS);

/** The whole run must stay well under three minutes on a 2-core machine. */
const WATCHDOG_MS = 170_000;

const stops: Array<() => Promise<void>> = [];
let stopping: Promise<void> | null = null;
function stopAll(): Promise<void> {
  stopping ??= (async () => {
    for (const stop of stops.reverse()) await stop().catch((err: unknown) => console.error('stop failed:', err));
  })();
  return stopping;
}

async function abort(why: string): Promise<never> {
  console.error(`\nbench aborted: ${why}; stopping the servers it started.`);
  await stopAll();
  process.exit(1);
}

process.once('SIGINT', () => void abort('interrupted'));
process.once('uncaughtException', (err) => void abort(`uncaught ${err.stack ?? err.message}`));
process.once('unhandledRejection', (err) => void abort(`unhandled rejection ${String(err)}`));
process.once('SIGTERM', () => void abort('terminated'));
const watchdog = setTimeout(() => void abort(`still running after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS);
watchdog.unref();

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client(url);
  await c.connect();
  const r = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
  await c.end();
  return r.rows[0]!.v;
}

const started = performance.now();
try {
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-pg-'));
  fs.chmodSync(pgDir, 0o777);
  stops.push(async () => fs.rmSync(pgDir, { recursive: true, force: true }));
  const pgServer = await startEmbeddedPostgres(path.join(pgDir, 'data'), await freePort(), { persistent: false });
  stops.push(() => pgServer.stop());

  // Only the latency benchmark compares schedulers; the others never need Redis.
  const redisBin = selected.has('latency') ? findRedisServer() : null;
  let redisUrl: string | null = null;
  if (redisBin) {
    const redis = await startRedisServer(redisBin, await freePort());
    stops.push(redis.stop);
    redisUrl = redis.url;
  }

  console.log(`# linea benchmarks, ${new Date().toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ` +
      `PostgreSQL ${await serverVersion(pgServer.url)} embedded (fsync=off, as in the tests), ` +
      `${redisUrl ? 'redis-server found: BullMQ wake-ups' : 'no redis-server: in-process wake-ups only'}`,
  );
  console.log(`sections: ${[...selected].join(', ')}`);

  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`load average before: ${load()} (other work on the machine skews every number below); /proc/loadavg: ${loadavg()}`);

  const summary: TableRow[] = [];
  if (selected.has('appends')) {
    const appends = await benchAppends(pgServer.url);
    summary.push({ benchmark: '1. appends, port/raw events/s', measured: `${(appends.portEventsPerSecond / appends.rawEventsPerSecond).toFixed(2)}`, goal: '>= 0.80' });
  }
  if (selected.has('catchup')) {
    const catchUps = await benchCatchUp(pgServer.url);
    summary.push(...catchUps.map((c) => ({ benchmark: `2. catch-up events/s, batch ${c.batchSize}`, measured: fmt(c.catchUpEventsPerSecond), goal: '>= 50,000' })));
  }
  if (selected.has('latency')) {
    const latencies: LatencyResult[] = await benchLatency(pgServer.url, redisUrl);
    summary.push(...latencies.map((l) => ({ benchmark: `3. read-your-writes p95 ms, ${l.scheduler}, ${l.condition}`, measured: fmt(l.endToEnd.p95, 1), goal: '<= 50' })));
    const loadedRatio = loadedBullMqRatio(latencies);
    if (loadedRatio !== null) summary.push({ benchmark: '3. read-your-writes loaded p95, BullMQ / in-process', measured: `${loadedRatio.toFixed(2)}x`, goal: '<= 1.5x' });
  }
  if (selected.has('web')) {
    const web = await benchWebAssets(pgServer.url);
    summary.push(
      { benchmark: '4. entry (shell) JS, gzip KB', measured: fmt(web.entry.gzip / 1024, 1), goal: '' },
      { benchmark: `4. heaviest route ${web.largest.path}, total JS gzip KB`, measured: fmt(web.largest.total.gzip / 1024, 1), goal: '' },
      { benchmark: '4. charts chunk loaded by the entry', measured: web.chartsInEntry ? 'YES' : 'no', goal: 'no' },
    );
  }
  printTable('Summary', summary, [`whole run ${fmt((performance.now() - started) / 1000, 1)} s; load average after: ${load()}; /proc/loadavg: ${loadavg()}`]);
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await stopAll();
  clearTimeout(watchdog);
}
