/**
 * `npm run bench -- dashboard`: is the dashboard fast over two years of a 50-line plant?
 * Generates the history through the event-store port (bench/historyGenerate.ts: shifts,
 * drafts and submitted reports, about a million unplanned and planned stops), rebuilds
 * every product projection over it (events/s each), then asks a real server for the
 * dashboard's three reads at three sizes, each request followed by the same figures
 * computed by one direct SQL query on the read table: the baseline of the same run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RunningServer } from '../api/server.js';
import { loadEvenHistory, type LoadResult } from './historyLoad.js';
import { defaultHistoryOptions, historyCalendar, loadavg, prepare, rebuildAll, serve, type RebuildRow } from './history.js';
import { explainScope, measureScope, measureScopes, type Figure, type Scope } from './dashboardReads.js';
import { fmt, login, now, printTable, ratio, type BenchDatabase, type TableRow } from './support.js';
import { REBUILD_BATCH_SIZE } from '../workers/projectionEngine.js';

export interface DashboardOptions {
  lines: number;
  days: number;
  /** `--stops=N`: at most N unplanned stops per equipment and day, at least half as many (default 12). */
  stops: number;
  /** Unplanned stops per equipment and day, both ends included: 6 to 12 give about a million stops over 2 years x 50 lines. */
  stopsPerEquipmentDay: readonly [number, number];
  samples: number;
  warmup: number;
  pageRows: number;
}

export const defaultDashboardOptions: DashboardOptions = { lines: 50, days: 730, stops: 12, stopsPerEquipmentDay: [6, 12], samples: 100, warmup: 10, pageRows: 1000 };

export interface DashboardResult {
  load: LoadResult;
  rebuild: RebuildRow[];
  figures: Figure[];
}

export async function benchDashboard(adminUrl: string, redisUrl: string | null, options: DashboardOptions = defaultDashboardOptions): Promise<DashboardResult> {
  const o: DashboardOptions = { ...options, stopsPerEquipmentDay: [Math.ceil(options.stops / 2), options.stops] };
  const { clock, days, calendarEnd, setupAt } = historyCalendar(o.days);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-dashboard-'));
  let db: BenchDatabase | null = null;
  let server: RunningServer | null = null;
  let client: pg.Client | null = null;
  const started = now();
  try {
    console.log(
      `\n## 5. Dashboard: ${o.lines} lines x ${o.days} days (${days[0]} to ${days.at(-1)}), ${o.stopsPerEquipmentDay.join(' to ')} unplanned stops per equipment and day  [loadavg ${loadavg()}]`,
    );
    const prepared = await prepare(adminUrl, 'dash', { ...defaultHistoryOptions, lines: o.lines, days: o.days }, days, calendarEnd, setupAt);
    db = prepared.db;
    const plant = prepared.plant;
    const load = await loadEvenHistory(db.url, plant, days, clock, o.stopsPerEquipmentDay);
    const { rows: rebuild, ceiling } = await rebuildAll(db.url);

    server = await serve(db, redisUrl, dataDir);
    const token = await login(server.url, 'admin');
    client = new pg.Client(db.url);
    await client.connect();
    const regular = (from: string, to: string) =>
      days.filter((d) => d >= from && d <= to).flatMap((d) => (plant.shifts.get(d) ?? []).filter((s) => !s.extra).map((s) => s.shiftId));
    const last = days.length - 1;
    const scope = (label: string, lineCount: number, n: number): Scope => {
      const from = days[Math.max(0, last - n + 1)]!;
      const to = days[last]!;
      return { label, lines: plant.lines.slice(0, lineCount), from, to, days: Math.min(n, days.length), shiftIds: regular(from, to) };
    };
    const scopes = [scope('1 line, 1 day', 1, 1), scope('5 lines, 30 days', 5, 30), scope(`${o.lines} lines, 365 days`, o.lines, 365)];
    const loadBefore = loadavg();
    const figures = await measureScopes(scopes, (s) => measureScope(server!, token, client!, plant, s, o));
    const loadAfter = loadavg();
    console.log(`\n## 5d. EXPLAIN (ANALYZE, BUFFERS) of the read-table statements of each call  [loadavg ${loadavg()}]`);
    for (const s of scopes.slice(1)) await explainScope(server, token, client, plant, s, o);

    const stopCounts = await client.query<{ kind: string; n: string }>(
      `select 'unplanned' as kind, count(*) as n from unplanned_stops union all select 'planned', count(*) from planned_stops union all select 'dashboard_days rows', count(*) from dashboard_days`,
    );
    printTable(`5a. Generated history (through PostgresEventStore.appendToStream) and read tables`, [
      { what: 'events appended', value: fmt(load.events) },
      { what: 'events/s', value: fmt((load.events * 1000) / load.ms) },
      ...[...load.byType].sort((a, b) => b[1] - a[1]).map(([type, n]): TableRow => ({ what: `  ${type}`, value: fmt(n) })),
      ...stopCounts.rows.map((r): TableRow => ({ what: `rows in ${r.kind === 'dashboard_days rows' ? 'dashboard_days' : `${r.kind}_stops`}`, value: fmt(Number(r.n)) })),
    ]);
    printTable(
      `5b. Catch-up: rebuild of each product projection (engine.rebuild, batch ${fmt(REBUILD_BATCH_SIZE)}) over ${fmt(ceiling.events)} events`,
      rebuild.map((r) => ({
        projection: r.name,
        'events handled': fmt(r.handled),
        seconds: fmt(r.seconds, 1),
        'in applyBatch, s': fmt(r.applySeconds, 1),
        'events/s': fmt(r.eventsPerSecond),
        'vs readAll only': ratio(r.eventsPerSecond, ceiling.events / ceiling.seconds),
        goal: `>= 50,000: ${r.eventsPerSecond >= 50_000 ? 'met' : 'MISSED'}`,
      })),
      [`baseline: readAll only over the same events: ${fmt(ceiling.events / ceiling.seconds)} events/s`],
    );
    printTable(
      `5c. Dashboard reads through HTTP (admin) vs one direct SQL query on the read table, ${o.samples} each after ${o.warmup} warm-up, alternating`,
      figures.map((f) => ({
        scope: f.scope,
        call: f.call,
        rows: fmt(f.rows),
        'bytes/row': f.rows > 0 ? fmt(f.bytes / f.rows) : 'n/a',
        'HTTP p50': fmt(f.http.p50, 1),
        'HTTP p95': fmt(f.http.p95, 1),
        'SQL p50': fmt(f.sql.p50, 2),
        'SQL p95': fmt(f.sql.p95, 2),
        'p95 HTTP/SQL': ratio(f.http.p95, f.sql.p95),
        'same figures': f.same ? 'yes' : 'NO',
        goal: f.goalMs === null ? 'no goal' : `p95 <= ${f.goalMs} ms: ${f.http.p95 <= f.goalMs ? 'met' : 'MISSED'}`,
        note: f.note,
      })),
      [
        'Times in ms, from the request sent until the whole body arrived (HTTP), or until the rows arrived (SQL, one pg connection).',
        'Summary: every line and regular shift of the scope, as the page asks with all names ticked; SQL: sum over dashboard_days of those lines, days and shift codes.',
        `Summary as_of: the same request with as_of = the moment after the load (so the same figures as live are expected), answered from dashboard_history; SQL: the live sum.`,
        `Volume history: 'days' ending yesterday; SQL: sum(volume) per day. Stops: the first page (limit ${o.pageRows}) with the scope's shift ids; SQL: the same rows of unplanned_stops by shift_id.`,
        `loadavg before: ${loadBefore}; after: ${loadAfter}`,
      ],
    );
    console.log(`\n  dashboard section: ${fmt((now() - started) / 1000, 0)} s; loadavg now ${loadavg()}`);
    return { load, rebuild, figures };
  } finally {
    await client?.end().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await db?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
