/**
 * `npm run bench`: provisions its own throw-away servers the way scripts/test.ts does
 * (embedded PostgreSQL in a temp dir, redis-server when found, loopback only), runs the
 * benchmarks, prints their tables and stops everything it started. It never asserts on
 * the numbers: a missed goal is printed, and the exit code stays 0.
 * `npm run bench -- web` (or appends, catchup, latency; several allowed) runs only those.
 *
 * `npm run bench -- history` runs the history-scale section alone (bench/history.ts: a
 * million events; about 5 minutes on a quiet 2-core machine, longer on a busy one); `--days=N
 * --lines=N --heavy=N --samples=N` scale it down for a quick look (docs/benchmarks.md).
 * `npm run bench -- dashboard` runs the dashboard section alone (bench/dashboard.ts: about
 * a million stops, 1.7M events; `--days=N --lines=N --samples=N --stops=N` likewise).
 * `npm run bench -- oee` runs the loss analysis section alone (bench/oee.ts: GET /factory/oee
 * and its Pareto over a month and a year of every line, and the rebuilds; the same flags).
 * `npm run bench -- lighthouse` runs Lighthouse (mobile) on /login, both dashboards and the line
 * log of a production build over the demo history, alone (bench/lighthouse.ts: about 5 minutes);
 * `--page=/login` (repeatable) measures only those pages.
 * `npm run bench -- backup` runs backup and restore alone (bench/backup.ts: about a million events
 * backed up and restored, against PostgreSQL's binary COPY; `--days=N --lines=N` scale it down).
 * `npm run bench -- machines` runs the machine signals section alone (bench/machines.ts: 150
 * machines over a real mosquitto for a day compressed into `--seconds=N`, 120 by default).
 */
import os from 'node:os';
import pg from 'pg';
import { benchAppends } from './appends.js';
import { benchBackup, defaultBackupBenchOptions, type BackupBenchOptions } from './backup.js';
import { benchCatchUp } from './catchUp.js';
import { benchDashboard, defaultDashboardOptions, type DashboardOptions } from './dashboard.js';
import { benchOee, defaultOeeBenchOptions, REBUILD_GOAL, type OeeBenchOptions } from './oee.js';
import { benchHistory, defaultHistoryOptions, type HistoryOptions } from './history.js';
import { benchLighthouse } from './lighthouse.js';
import { benchLatency, loadavg, loadedBullMqRatio, type LatencyResult } from './latency.js';
import { benchMachines, printMachines } from './machines.js';
import { fmt, printTable, serversToStop, startBenchServers, type TableRow } from './support.js';
import { benchWebAssets } from './webAssets.js';

const SECTIONS = ['appends', 'catchup', 'latency', 'web'] as const;
type Section = (typeof SECTIONS)[number];
const args = process.argv.slice(2);
const asked = args.filter((a) => !a.startsWith('--')).map((a) => a.toLowerCase());
const HISTORY = asked.includes('history');
const DASHBOARD = asked.includes('dashboard');
const OEE = asked.includes('oee');
const LIGHTHOUSE = asked.includes('lighthouse');
const MACHINES = asked.includes('machines');
const BACKUP = asked.includes('backup');
const LONG_SECTIONS = ['history', 'dashboard', 'oee', 'lighthouse', 'machines', 'backup'];
const LONG = HISTORY || DASHBOARD || OEE || LIGHTHOUSE || MACHINES || BACKUP;
const unknown = asked.filter((a) => !LONG_SECTIONS.includes(a) && !(SECTIONS as readonly string[]).includes(a));
if (unknown.length > 0 || (LONG && asked.length > 1)) {
  console.error(
    `unknown bench section(s): ${unknown.join(', ') || asked.join(', ')}; known: ${SECTIONS.join(', ')}, or history, dashboard, oee, lighthouse, machines or backup alone`,
  );
  process.exit(2);
}
const selected = new Set<Section>(asked.length > 0 && !LONG ? (asked as Section[]) : LONG ? [] : SECTIONS);

/** `--days=30` and the like: a smaller history for a quick look. */
function historyOptions(): HistoryOptions {
  return numericFlags({ ...defaultHistoryOptions }, { days: 'days', lines: 'lines', heavy: 'heavyStops', samples: 'samples' });
}

function dashboardOptions(): DashboardOptions {
  return numericFlags({ ...defaultDashboardOptions }, { days: 'days', lines: 'lines', samples: 'samples', stops: 'stops' });
}

function backupOptions(): BackupBenchOptions {
  return numericFlags({ ...defaultBackupBenchOptions }, { days: 'days', lines: 'lines' });
}

function oeeOptions(): OeeBenchOptions {
  return numericFlags({ ...defaultOeeBenchOptions }, { days: 'days', lines: 'lines', samples: 'samples', stops: 'stops' });
}

function numericFlags<O extends object>(o: O, flags: Record<string, keyof O>): O {
  for (const a of args) {
    const m = /^--(\w+)=(\d+)$/.exec(a);
    const key = m ? flags[m[1]!] : undefined;
    if (!m || !key) {
      if (a.startsWith('--'))
        throw new Error(
          `unknown option ${a} (known: ${Object.keys(flags)
            .map((f) => `--${f}=N`)
            .join(' ')})`,
        );
      continue;
    }
    (o as Record<keyof O, unknown>)[key] = Number(m[2]);
  }
  return o;
}

/**
 * The default run must stay well under three minutes on a 2-core machine. The history
 * section loads a million events and rebuilds every projection over them: about 5 minutes
 * on a quiet machine, several times that on a busy one, so it gets 45.
 */
const WATCHDOG_MS = LONG ? 45 * 60_000 : 170_000;

const stops = serversToStop('bench', WATCHDOG_MS);
const stopAll = stops.stopAll;

async function serverVersion(url: string): Promise<string> {
  const c = new pg.Client(url);
  await c.connect();
  const r = await c.query<{ v: string }>(`select current_setting('server_version') as v`);
  await c.end();
  return r.rows[0]!.v;
}

/** The history-scale section alone, then its summary. */
async function runHistory(url: string, redisUrl: string | null): Promise<void> {
  const h = await benchHistory(url, redisUrl, historyOptions());
  const p95 = (m: typeof h.http.stop) => `${(m.get('history')!.summary.p95 / m.get('empty')!.summary.p95).toFixed(2)}x`;
  printTable(
    'Summary (history)',
    [
      { benchmark: '4a. load, events/s through appendToStream', measured: fmt((h.load.events * 1000) / h.load.ms), goal: '' },
      ...h.rebuild.map((r) => ({ benchmark: `4b. rebuild ${r.name}, events/s`, measured: fmt(r.eventsPerSecond), goal: '>= 50,000' })),
      { benchmark: '4c. stop command p95, history/empty', measured: p95(h.http.stop), goal: '<= 1.2x' },
      { benchmark: '4c. planned stop p95, history/empty', measured: p95(h.http.planned), goal: '<= 1.2x' },
      { benchmark: '4c. report save p95, history/empty', measured: p95(h.http.save), goal: '<= 1.2x' },
      { benchmark: '4d. stop list 365 d x 1 line p95 ms', measured: fmt(h.http.yearOneLine.get('history')!.summary.p95, 1), goal: '<= 50' },
      { benchmark: '4d. stop list 30 d x all lines p95 ms', measured: fmt(h.http.monthAllLines.get('history')!.summary.p95, 1), goal: '<= 50' },
      { benchmark: '4e. Projections page p95, history/empty', measured: p95(h.http.projections), goal: '<= 1.2x' },
    ],
    [`whole run ${fmt((performance.now() - started) / 1000, 1)} s; /proc/loadavg after: ${loadavg()}`],
  );
}

/** The dashboard section alone, then its summary. */
async function runDashboard(url: string, redisUrl: string | null): Promise<void> {
  const d = await benchDashboard(url, redisUrl, dashboardOptions());
  printTable(
    'Summary (dashboard)',
    [
      { benchmark: '5a. load, events/s through appendToStream', measured: fmt((d.load.events * 1000) / d.load.ms), goal: '' },
      ...d.rebuild
        .filter((r) => r.name === 'dashboard' || r.name === 'stops')
        .map((r) => ({ benchmark: `5b. rebuild ${r.name}, events/s`, measured: fmt(r.eventsPerSecond), goal: '>= 50,000' })),
      ...d.figures.map((f) => ({
        benchmark: `5c. ${f.call.replace('GET /factory/', '')}, ${f.scope}, p95 ms (HTTP/SQL)`,
        measured: `${fmt(f.http.p95, 1)} (${(f.http.p95 / f.sql.p95).toFixed(1)}x)`,
        goal: f.goalMs === null ? '' : `<= ${f.goalMs}`,
      })),
    ],
    [`whole run ${fmt((performance.now() - started) / 1000, 1)} s; /proc/loadavg after: ${loadavg()}`],
  );
}

/** The loss analysis section alone, then its summary with pass/fail against the issue's goals. */
async function runOee(url: string, redisUrl: string | null): Promise<void> {
  const r = await benchOee(url, redisUrl, oeeOptions());
  const pass = (ok: boolean) => (ok ? 'pass' : 'FAIL');
  const oee = r.rebuild.find((x) => x.name === 'oee')!;
  const wholeRate = r.whole.events / r.whole.seconds;
  printTable(
    'Summary (oee)',
    [
      { benchmark: '6a. load, events/s through appendToStream', measured: fmt((r.load.events * 1000) / r.load.ms), goal: '', result: '' },
      { benchmark: '6b. rebuild oee, events/s', measured: fmt(oee.eventsPerSecond), goal: `>= ${fmt(REBUILD_GOAL)}`, result: pass(oee.eventsPerSecond >= REBUILD_GOAL) },
      { benchmark: '6b. rebuild of every projection in turn, events/s', measured: fmt(wholeRate), goal: `>= ${fmt(REBUILD_GOAL)}`, result: pass(wholeRate >= REBUILD_GOAL) },
      ...r.figures.map((f) => ({
        benchmark: `6c. ${f.call.replace('GET /factory/', '')}, ${f.scope}, p50 / p95 ms (p95 HTTP/SQL)`,
        measured: `${fmt(f.http.p50, 1)} / ${fmt(f.http.p95, 1)} (${(f.http.p95 / f.sql.p95).toFixed(1)}x)`,
        goal: `<= ${f.goalMs}`,
        result: pass(f.http.p95 <= f.goalMs! && f.same),
      })),
    ],
    [
      `whole run ${fmt((performance.now() - started) / 1000, 1)} s; /proc/loadavg after: ${loadavg()}; a read passes when its p95 meets the goal and its figures equal the SQL baseline's`,
    ],
  );
}

const started = performance.now();
try {
  // Only the latency benchmark compares schedulers; the others never need Redis.
  const { dir, pgUrl, redisUrl } = await startBenchServers('linea-bench-pg-', selected.has('latency'), stops);

  console.log(`# linea benchmarks, ${new Date().toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), ` +
      `PostgreSQL ${await serverVersion(pgUrl)} embedded (fsync=off, as in the tests), ` +
      `${redisUrl ? 'redis-server found: BullMQ wake-ups' : 'no redis-server: in-process wake-ups only'}`,
  );
  console.log(`sections: ${[...selected].join(', ')}`);

  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`load average before: ${load()} (other work on the machine skews every number below); /proc/loadavg: ${loadavg()}`);

  if (HISTORY) {
    await runHistory(pgUrl, redisUrl);
  } else if (DASHBOARD) {
    await runDashboard(pgUrl, redisUrl);
  } else if (OEE) {
    await runOee(pgUrl, redisUrl);
  } else if (BACKUP) {
    await benchBackup(pgUrl, backupOptions());
  } else if (MACHINES) {
    const seconds = Number(args.find((a) => /^--seconds=\d+$/.test(a))?.slice('--seconds='.length) ?? 120);
    printMachines(await benchMachines(pgUrl, redisUrl, dir, seconds), loadavg());
  } else if (LIGHTHOUSE) {
    await benchLighthouse(
      pgUrl,
      args.filter((a) => a.startsWith('--page=')).map((a) => a.slice('--page='.length)),
    );
  } else {
    const summary: TableRow[] = [];
    if (selected.has('appends')) {
      const appends = await benchAppends(pgUrl);
      summary.push({ benchmark: '1. appends, port/raw events/s', measured: `${(appends.portEventsPerSecond / appends.rawEventsPerSecond).toFixed(2)}`, goal: '>= 0.80' });
    }
    if (selected.has('catchup')) {
      const catchUps = await benchCatchUp(pgUrl);
      summary.push(...catchUps.map((c) => ({ benchmark: `2. catch-up events/s, batch ${c.batchSize}`, measured: fmt(c.catchUpEventsPerSecond), goal: '>= 50,000' })));
    }
    if (selected.has('latency')) {
      const latencies: LatencyResult[] = await benchLatency(pgUrl, redisUrl);
      summary.push(...latencies.map((l) => ({ benchmark: `3. read-your-writes p95 ms, ${l.scheduler}, ${l.condition}`, measured: fmt(l.endToEnd.p95, 1), goal: '<= 50' })));
      const loadedRatio = loadedBullMqRatio(latencies);
      if (loadedRatio !== null) summary.push({ benchmark: '3. read-your-writes loaded p95, BullMQ / in-process', measured: `${loadedRatio.toFixed(2)}x`, goal: '<= 1.5x' });
    }
    if (selected.has('web')) {
      const web = await benchWebAssets(pgUrl);
      summary.push(
        { benchmark: '4. entry (shell) JS, gzip KB', measured: fmt(web.entry.gzip / 1024, 1), goal: '' },
        { benchmark: `4. heaviest route ${web.largest.path}, total JS gzip KB`, measured: fmt(web.largest.total.gzip / 1024, 1), goal: '' },
        { benchmark: '4. charts chunk loaded by the entry', measured: web.chartsInEntry ? 'YES' : 'no', goal: 'no' },
      );
    }
    printTable('Summary', summary, [`whole run ${fmt((performance.now() - started) / 1000, 1)} s; load average after: ${load()}; /proc/loadavg: ${loadavg()}`]);
  }
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
