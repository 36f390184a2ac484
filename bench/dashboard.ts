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
import { DateTime } from 'luxon';
import pg from 'pg';
import type { RunningServer } from '../api/server.js';
import { createCatalog } from '../domain/catalog.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { demoActor } from '../seed/demoHistoryWriter.js';
import { defaultGeneratorOptions } from './historyGenerate.js';
import { defaultLoadOptions, loadHistory, type LoadResult } from './historyLoad.js';
import { defaultHistoryOptions, loadavg, prepare, rebuildAll, serve, type RebuildRow } from './history.js';
import { login } from './historyMeasure.js';
import type { BenchPlant } from './historyPlant.js';
import { fmt, now, printTable, ratio, summarize, type BenchDatabase, type LatencySummary, type TableRow } from './support.js';
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

const SUMMARY_GOAL_MS = 20;
const PAGE_GOAL_MS = 50;

/** One measured figure: HTTP and its SQL baseline, alternating request by request. */
interface Figure {
  scope: string;
  call: string;
  /** Null for a call the spec sets no goal for (the auditors' `as_of`). */
  goalMs: number | null;
  http: LatencySummary;
  sql: LatencySummary;
  rows: number;
  bytes: number;
  /** Whether the HTTP answer and the SQL baseline gave the same figures. */
  same: boolean;
  note: string;
}

interface Scope {
  label: string;
  lines: BenchPlant['lines'];
  from: string;
  to: string;
  days: number;
  /** The regular shifts of the range: what the page sends when every shift name is ticked. */
  shiftIds: number[];
}

export interface DashboardResult {
  load: LoadResult;
  rebuild: RebuildRow[];
  figures: Figure[];
}

type Http = { status: number; body: string; ms: number };

async function get(server: RunningServer, token: string, pathAndQuery: string): Promise<Http> {
  const started = now();
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  return { status: res.status, body, ms: now() - started };
}

async function timedSql(client: pg.Client, text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; ms: number }> {
  const started = now();
  const r = await client.query(text, values);
  return { rows: r.rows as Array<Record<string, unknown>>, ms: now() - started };
}

/**
 * `warmup + samples` rounds of one HTTP request then its SQL baseline (the order flips
 * every round, so a change of machine load falls on both); the warm-up rounds are not counted.
 */
async function measure(
  o: DashboardOptions,
  http: () => Promise<Http>,
  sql: () => Promise<{ rows: Array<Record<string, unknown>>; ms: number }>,
): Promise<{ http: number[]; sql: number[]; first: Http; firstSql: Array<Record<string, unknown>>; statuses: Set<number> }> {
  const h: number[] = [];
  const s: number[] = [];
  const statuses = new Set<number>();
  let first: Http | null = null;
  let firstSql: Array<Record<string, unknown>> | null = null;
  for (let k = 0; k < o.warmup + o.samples; k++) {
    const pair = k % 2 === 0 ? [http, sql] as const : [sql, http] as const;
    for (const run of pair) {
      if (run === http) {
        const r = await http();
        statuses.add(r.status);
        first ??= r;
        if (k >= o.warmup) h.push(r.ms);
      } else {
        const r = await sql();
        firstSql ??= r.rows;
        if (k >= o.warmup) s.push(r.ms);
      }
    }
  }
  return { http: h, sql: s, first: first!, firstSql: firstSql!, statuses };
}

const REGULAR_CODES = ['A', 'B', 'C'];

/** The three reads of one scope, each against its SQL baseline. */
async function measureScope(server: RunningServer, token: string, client: pg.Client, plant: BenchPlant, scope: Scope, o: DashboardOptions): Promise<Figure[]> {
  const floor = plant.shopFloorId;
  const lineIds = scope.lines.map((l) => l.id);
  const figures: Figure[] = [];
  const statusNote = (statuses: Set<number>) => (statuses.size === 1 && statuses.has(200) ? '' : `statuses ${[...statuses].join(', ')}`);

  // The summary: what the page asks with every line and shift name of the scope ticked.
  const summaryQuery = new URLSearchParams({ shop_floor_id: String(floor), lines: scope.lines.map((l) => l.name).join(','), shifts: scope.shiftIds.join(','), date_from: scope.from, date_to: scope.to });
  const summary = await measure(
    o,
    () => get(server, token, `/factory/dashboard-improvement?${summaryQuery}`),
    () => timedSql(client, `select sum(volume) as volume, sum(working_minutes) as working_time, sum(waste) as waste, sum(stop_count) as stop_count,
                                   sum(unplanned_minutes) as unplanned, sum(planned_minutes) as planned
                              from dashboard_days where shop_floor_id = $1 and line_id = any($2::int[]) and day between $3::date and $4::date and shift_code = any($5::text[])`,
      [floor, lineIds, scope.from, scope.to, REGULAR_CODES]),
  );
  const answer = JSON.parse(summary.first.body) as Record<string, number>;
  const base = summary.firstSql[0]!;
  const sameSummary = Number(base.volume) === answer.volume && Number(base.stop_count) === answer.stop_count && Number(base.unplanned) === answer.total_unplanned_downtime && Number(base.planned) === answer.total_planned_downtime;
  figures.push({ scope: scope.label, call: 'GET /factory/dashboard-improvement', goalMs: SUMMARY_GOAL_MS, http: summarize(summary.http), sql: summarize(summary.sql), rows: 1, bytes: Buffer.byteLength(summary.first.body), same: sameSummary, note: statusNote(summary.statuses) });

  // The same summary as it stood a moment ago (`as_of`, docs/audit.md), from dashboard_history's
  // temporal rows: nothing has changed since the load, so it must equal the live answer. Its SQL
  // baseline is the live sum, so the ratio says what answering from the history costs.
  const asOf = new Date().toISOString();
  const pastSummary = await measure(
    o,
    () => get(server, token, `/factory/dashboard-improvement?${summaryQuery}&${new URLSearchParams({ as_of: asOf })}`),
    () => timedSql(client, `select sum(volume) as volume from dashboard_days where shop_floor_id = $1 and line_id = any($2::int[]) and day between $3::date and $4::date and shift_code = any($5::text[])`,
      [floor, lineIds, scope.from, scope.to, REGULAR_CODES]),
  );
  const past = JSON.parse(pastSummary.first.body) as Record<string, number>;
  const samePast = Object.keys(answer).every((k) => past[k] === answer[k]);
  figures.push({ scope: scope.label, call: 'GET /factory/dashboard-improvement?as_of', goalMs: null, http: summarize(pastSummary.http), sql: summarize(pastSummary.sql), rows: 1, bytes: Buffer.byteLength(pastSummary.first.body), same: samePast, note: statusNote(pastSummary.statuses) });

  // The volume history of those lines: `days` days ending yesterday, as the trend asks (30 there).
  const volumes = await measure(
    o,
    () => get(server, token, `/factory/volumes-history?${new URLSearchParams({ shop_floor_id: String(floor), line_id: lineIds.join(','), days: String(scope.days) })}`),
    () => timedSql(client, `select to_char(day, 'YYYY-MM-DD') as date, sum(volume) as volume from dashboard_days
                             where shop_floor_id = $1 and line_id = any($2::int[]) and day between $3::date and $4::date group by day order by day`,
      [floor, lineIds, scope.from, scope.to]),
  );
  const trend = JSON.parse(volumes.first.body) as Array<{ date: string; volume: number }>;
  const produced = trend.filter((d) => d.volume > 0);
  const sameVolumes = produced.length === volumes.firstSql.filter((r) => Number(r.volume) > 0).length && produced.every((d, i) => d.volume === Number(volumes.firstSql.filter((r) => Number(r.volume) > 0)[i]!.volume));
  figures.push({ scope: scope.label, call: 'GET /factory/volumes-history', goalMs: SUMMARY_GOAL_MS, http: summarize(volumes.http), sql: summarize(volumes.sql), rows: trend.length, bytes: Buffer.byteLength(volumes.first.body), same: sameVolumes, note: statusNote(volumes.statuses) });

  // The unplanned stops of those lines and shifts: the first page of up to `pageRows`.
  const stopsQuery = new URLSearchParams({ shop_floor_id: String(floor), date_from: scope.from, date_to: scope.to, lines_id: lineIds.join(','), shift_id: scope.shiftIds.join(','), limit: String(o.pageRows) });
  const stops = await measure(
    o,
    () => get(server, token, `/factory/stop_events/unplanned?${stopsQuery}`),
    () => timedSql(client, `select * from unplanned_stops
                             where shop_floor_id = $1 and line_id = any($2::int[]) and shift_day between $3::date and $4::date and shift_id = any($5::bigint[]) and not deleted
                             order by shift_day, start_time, id limit $6`,
      [floor, lineIds, scope.from, scope.to, scope.shiftIds, o.pageRows]),
  );
  const list = JSON.parse(stops.first.body) as Array<{ id: number | string }>;
  const sameStops = list.length === stops.firstSql.length && list.every((r, i) => String(r.id) === String(stops.firstSql[i]!.id));
  figures.push({
    scope: scope.label, call: 'GET /factory/stop_events/unplanned (a page)', goalMs: PAGE_GOAL_MS, http: summarize(stops.http), sql: summarize(stops.sql),
    rows: list.length, bytes: Buffer.byteLength(stops.first.body), same: sameStops, note: statusNote(stops.statuses),
  });
  return figures;
}

/** The statements one request runs on the read tables, as the server's knex sent them. */
async function statementsOf(server: RunningServer, request: () => Promise<Http>): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => {
    if (/dashboard_(?:days|months|line_days|history_stops)|unplanned_stops/.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
  };
  server.deps.knex.on('query', listener);
  try {
    await request();
  } finally {
    server.deps.knex.off('query', listener);
  }
  return seen;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the read-table statements behind each call of a scope, printed as PostgreSQL gives them. */
async function explainScope(server: RunningServer, token: string, client: pg.Client, plant: BenchPlant, scope: Scope, o: DashboardOptions): Promise<void> {
  const floor = String(plant.shopFloorId);
  const lineIds = scope.lines.map((l) => l.id).join(',');
  const calls: Array<[string, string]> = [
    ['dashboard-improvement', `/factory/dashboard-improvement?${new URLSearchParams({ shop_floor_id: floor, lines: scope.lines.map((l) => l.name).join(','), shifts: scope.shiftIds.join(','), date_from: scope.from, date_to: scope.to })}`],
    ['dashboard-improvement as_of', `/factory/dashboard-improvement?${new URLSearchParams({ shop_floor_id: floor, lines: scope.lines.map((l) => l.name).join(','), shifts: scope.shiftIds.join(','), date_from: scope.from, date_to: scope.to, as_of: new Date().toISOString() })}`],
    ['volumes-history', `/factory/volumes-history?${new URLSearchParams({ shop_floor_id: floor, line_id: lineIds, days: String(scope.days) })}`],
    ['stop_events/unplanned', `/factory/stop_events/unplanned?${new URLSearchParams({ shop_floor_id: floor, date_from: scope.from, date_to: scope.to, lines_id: lineIds, shift_id: scope.shiftIds.join(','), limit: String(o.pageRows) })}`],
  ];
  for (const [label, url] of calls) {
    for (const st of await statementsOf(server, () => get(server, token, url))) {
      const plan = await client.query(`explain (analyze, buffers) ${st.sql}`, st.bindings);
      const long = (v: unknown) => (Array.isArray(v) && v.length > 8 ? `[${v.slice(0, 3).join(',')},… ${v.length} values]` : JSON.stringify(v));
      console.log(`\n### ${label}, ${scope.label}\n\n${st.sql.replace(/\s+/g, ' ')}\n-- bindings: ${st.bindings.map(long).join(' ')}\n`);
      console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    }
  }
}

export async function benchDashboard(adminUrl: string, redisUrl: string | null, options: DashboardOptions = defaultDashboardOptions): Promise<DashboardResult> {
  const o: DashboardOptions = { ...options, stopsPerEquipmentDay: [Math.ceil(options.stops / 2), options.stops] };
  const clock = new Date();
  const today = DateTime.fromJSDate(clock, { zone: PLANT_ZONE }).startOf('day');
  const days = Array.from({ length: o.days }, (_, i) => today.minus({ days: o.days - i }).toISODate()!);
  const calendarEnd = today.plus({ days: 7 }).toISODate()!;
  const setupAt = today.minus({ days: o.days + 1 }).set({ hour: 9 }).toJSDate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-dashboard-'));
  let db: BenchDatabase | null = null;
  let server: RunningServer | null = null;
  let client: pg.Client | null = null;
  const started = now();
  try {
    console.log(`\n## 5. Dashboard: ${o.lines} lines x ${o.days} days (${days[0]} to ${days.at(-1)}), ${o.stopsPerEquipmentDay.join(' to ')} unplanned stops per equipment and day  [loadavg ${loadavg()}]`);
    const prepared = await prepare(adminUrl, 'dash', { ...defaultHistoryOptions, lines: o.lines, days: o.days }, days, calendarEnd, setupAt);
    db = prepared.db;
    const plant = prepared.plant;
    const store = await PostgresEventStore.connect(db.url, { max: 2 });
    const catalog = createCatalog();
    const actors = { operator: await demoActor({ store, catalog }, 'frontline'), analyst: await demoActor({ store, catalog }, 'support') };
    await store.close();
    const heavy = plant.lines[0]!.equipments[0]!;
    const load = await loadHistory(db.url, catalog, plant, actors, heavy, days, clock, {
      ...defaultLoadOptions,
      // The first equipment gets its share like the others: this section measures no single equipment.
      heavyStops: Math.round((o.days * (o.stopsPerEquipmentDay[0] + o.stopsPerEquipmentDay[1])) / 2),
      generator: { ...defaultGeneratorOptions, stopsPerEquipmentDay: o.stopsPerEquipmentDay },
    });
    console.log(`  loaded ${fmt(load.events)} events in ${fmt(load.ms / 1000, 1)} s, ${fmt((load.events * 1000) / load.ms)} events/s  [loadavg ${loadavg()}]`);
    const { rows: rebuild, ceiling } = await rebuildAll(db.url);

    server = await serve(db, redisUrl, dataDir);
    const token = await login(server.url, 'admin');
    client = new pg.Client(db.url);
    await client.connect();
    const regular = (from: string, to: string) => days.filter((d) => d >= from && d <= to).flatMap((d) => (plant.shifts.get(d) ?? []).filter((s) => !s.extra).map((s) => s.shiftId));
    const last = days.length - 1;
    const scope = (label: string, lineCount: number, n: number): Scope => {
      const from = days[Math.max(0, last - n + 1)]!;
      const to = days[last]!;
      return { label, lines: plant.lines.slice(0, lineCount), from, to, days: Math.min(n, days.length), shiftIds: regular(from, to) };
    };
    const scopes = [scope('1 line, 1 day', 1, 1), scope('5 lines, 30 days', 5, 30), scope(`${o.lines} lines, 365 days`, o.lines, 365)];
    const loadBefore = loadavg();
    const figures: Figure[] = [];
    for (const s of scopes) {
      for (const f of await measureScope(server, token, client, plant, s, o)) {
        figures.push(f);
        console.log(`  ${f.scope}, ${f.call}: ${f.rows} rows, HTTP p50/p95 ${fmt(f.http.p50, 1)}/${fmt(f.http.p95, 1)} ms, SQL ${fmt(f.sql.p50, 2)}/${fmt(f.sql.p95, 2)} ms  [loadavg ${loadavg()}]`);
      }
    }
    const loadAfter = loadavg();
    console.log(`\n## 5d. EXPLAIN (ANALYZE, BUFFERS) of the read-table statements of each call  [loadavg ${loadavg()}]`);
    for (const s of scopes.slice(1)) await explainScope(server, token, client, plant, s, o);

    const stopCounts = await client.query<{ kind: string; n: string }>(`select 'unplanned' as kind, count(*) as n from unplanned_stops union all select 'planned', count(*) from planned_stops union all select 'dashboard_days rows', count(*) from dashboard_days`);
    printTable(`5a. Generated history (through PostgresEventStore.appendToStream) and read tables`, [
      { what: 'events appended', value: fmt(load.events) },
      { what: 'events/s', value: fmt((load.events * 1000) / load.ms) },
      ...[...load.byType].sort((a, b) => b[1] - a[1]).map(([type, n]): TableRow => ({ what: `  ${type}`, value: fmt(n) })),
      ...stopCounts.rows.map((r): TableRow => ({ what: `rows in ${r.kind === 'dashboard_days rows' ? 'dashboard_days' : `${r.kind}_stops`}`, value: fmt(Number(r.n)) })),
    ]);
    printTable(`5b. Catch-up: rebuild of each product projection (engine.rebuild, batch ${fmt(REBUILD_BATCH_SIZE)}) over ${fmt(ceiling.events)} events`, rebuild.map((r) => ({
      projection: r.name,
      'events handled': fmt(r.handled),
      seconds: fmt(r.seconds, 1),
      'in applyBatch, s': fmt(r.applySeconds, 1),
      'events/s': fmt(r.eventsPerSecond),
      'vs readAll only': ratio(r.eventsPerSecond, ceiling.events / ceiling.seconds),
      goal: `>= 50,000: ${r.eventsPerSecond >= 50_000 ? 'met' : 'MISSED'}`,
    })), [`baseline: readAll only over the same events: ${fmt(ceiling.events / ceiling.seconds)} events/s`]);
    printTable(`5c. Dashboard reads through HTTP (admin) vs one direct SQL query on the read table, ${o.samples} each after ${o.warmup} warm-up, alternating`, figures.map((f) => ({
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
    })), [
      'Times in ms, from the request sent until the whole body arrived (HTTP), or until the rows arrived (SQL, one pg connection).',
      'Summary: every line and regular shift of the scope, as the page asks with all names ticked; SQL: sum over dashboard_days of those lines, days and shift codes.',
      `Summary as_of: the same request with as_of = the moment after the load (so the same figures as live are expected), answered from dashboard_history; SQL: the live sum.`,
      `Volume history: 'days' ending yesterday; SQL: sum(volume) per day. Stops: the first page (limit ${o.pageRows}) with the scope's shift ids; SQL: the same rows of unplanned_stops by shift_id.`,
      `loadavg before: ${loadBefore}; after: ${loadAfter}`,
    ]);
    console.log(`\n  dashboard section: ${fmt((now() - started) / 1000, 0)} s; loadavg now ${loadavg()}`);
    return { load, rebuild, figures };
  } finally {
    await client?.end().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await db?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
