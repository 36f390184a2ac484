/**
 * The dashboard's reads as `npm run bench -- dashboard` measures them: each call of a scope
 * through a real server, alternating with the same figures from one direct SQL query on the
 * read table (the baseline of the same run), and the plans of the statements behind them.
 */
import pg from 'pg';
import type { RunningServer } from '../api/server.js';
import type { BenchPlant } from './historyPlant.js';
import { loadavg } from './history.js';
import { fmt, now, summarize, type LatencySummary } from './support.js';

/** How many requests of each call, and the size of a page of stops. */
export interface ReadOptions {
  samples: number;
  warmup: number;
  pageRows: number;
}

const SUMMARY_GOAL_MS = 20;
const PAGE_GOAL_MS = 50;

/** One measured figure: HTTP and its SQL baseline, alternating request by request. */
export interface Figure {
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

export interface Scope {
  label: string;
  lines: BenchPlant['lines'];
  from: string;
  to: string;
  days: number;
  /** The regular shifts of the range: what the page sends when every shift name is ticked. */
  shiftIds: number[];
}

export type Http = { status: number; body: string; ms: number };

export async function get(server: RunningServer, token: string, pathAndQuery: string): Promise<Http> {
  const started = now();
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  return { status: res.status, body, ms: now() - started };
}

export async function timedSql(client: pg.Client, text: string, values: unknown[]): Promise<{ rows: Array<Record<string, unknown>>; ms: number }> {
  const started = now();
  const r = await client.query(text, values);
  return { rows: r.rows as Array<Record<string, unknown>>, ms: now() - started };
}

/**
 * `warmup + samples` rounds of one HTTP request then its SQL baseline (the order flips
 * every round, so a change of machine load falls on both); the warm-up rounds are not counted.
 */
export async function measure(
  o: ReadOptions,
  http: () => Promise<Http>,
  sql: () => Promise<{ rows: Array<Record<string, unknown>>; ms: number }>,
): Promise<{ http: number[]; sql: number[]; first: Http; firstSql: Array<Record<string, unknown>>; statuses: Set<number> }> {
  const h: number[] = [];
  const s: number[] = [];
  const statuses = new Set<number>();
  let first: Http | null = null;
  let firstSql: Array<Record<string, unknown>> | null = null;
  for (let k = 0; k < o.warmup + o.samples; k++) {
    const pair = k % 2 === 0 ? ([http, sql] as const) : ([sql, http] as const);
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

/** Each scope's figures in turn, each printed as it comes with the load average. */
export async function measureScopes(scopes: readonly Scope[], measureOne: (s: Scope) => Promise<Figure[]>): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const s of scopes) {
    for (const f of await measureOne(s)) {
      figures.push(f);
      console.log(
        `  ${f.scope}, ${f.call}: ${f.rows} rows, HTTP p50/p95 ${fmt(f.http.p50, 1)}/${fmt(f.http.p95, 1)} ms, SQL ${fmt(f.sql.p50, 2)}/${fmt(f.sql.p95, 2)} ms  [loadavg ${loadavg()}]`,
      );
    }
  }
  return figures;
}

/** The three reads of one scope, each against its SQL baseline. */
export async function measureScope(server: RunningServer, token: string, client: pg.Client, plant: BenchPlant, scope: Scope, o: ReadOptions): Promise<Figure[]> {
  const floor = plant.shopFloorId;
  const lineIds = scope.lines.map((l) => l.id);
  const figures: Figure[] = [];
  const statusNote = (statuses: Set<number>) => (statuses.size === 1 && statuses.has(200) ? '' : `statuses ${[...statuses].join(', ')}`);

  // The summary: what the page asks with every line and shift name of the scope ticked.
  const summaryQuery = new URLSearchParams({
    shop_floor_id: String(floor),
    lines: scope.lines.map((l) => l.name).join(','),
    shifts: scope.shiftIds.join(','),
    date_from: scope.from,
    date_to: scope.to,
  });
  const summary = await measure(
    o,
    () => get(server, token, `/factory/dashboard-improvement?${summaryQuery}`),
    () =>
      timedSql(
        client,
        `select sum(volume) as volume, sum(working_minutes) as working_time, sum(waste) as waste, sum(stop_count) as stop_count,
                                   sum(unplanned_minutes) as unplanned, sum(planned_minutes) as planned
                              from dashboard_days where shop_floor_id = $1 and line_id = any($2::int[]) and day between $3::date and $4::date and shift_code = any($5::text[])`,
        [floor, lineIds, scope.from, scope.to, REGULAR_CODES],
      ),
  );
  const answer = JSON.parse(summary.first.body) as Record<string, number>;
  const base = summary.firstSql[0]!;
  const sameSummary =
    Number(base.volume) === answer.volume &&
    Number(base.stop_count) === answer.stop_count &&
    Number(base.unplanned) === answer.total_unplanned_downtime &&
    Number(base.planned) === answer.total_planned_downtime;
  figures.push({
    scope: scope.label,
    call: 'GET /factory/dashboard-improvement',
    goalMs: SUMMARY_GOAL_MS,
    http: summarize(summary.http),
    sql: summarize(summary.sql),
    rows: 1,
    bytes: Buffer.byteLength(summary.first.body),
    same: sameSummary,
    note: statusNote(summary.statuses),
  });

  // The same summary as it stood a moment ago (`as_of`, docs/audit.md), from dashboard_history's
  // temporal rows: nothing has changed since the load, so it must equal the live answer. Its SQL
  // baseline is the live sum, so the ratio says what answering from the history costs.
  const asOf = new Date().toISOString();
  const pastSummary = await measure(
    o,
    () => get(server, token, `/factory/dashboard-improvement?${summaryQuery}&${new URLSearchParams({ as_of: asOf })}`),
    () =>
      timedSql(
        client,
        `select sum(volume) as volume from dashboard_days where shop_floor_id = $1 and line_id = any($2::int[]) and day between $3::date and $4::date and shift_code = any($5::text[])`,
        [floor, lineIds, scope.from, scope.to, REGULAR_CODES],
      ),
  );
  const past = JSON.parse(pastSummary.first.body) as Record<string, number>;
  const samePast = Object.keys(answer).every((k) => past[k] === answer[k]);
  figures.push({
    scope: scope.label,
    call: 'GET /factory/dashboard-improvement?as_of',
    goalMs: null,
    http: summarize(pastSummary.http),
    sql: summarize(pastSummary.sql),
    rows: 1,
    bytes: Buffer.byteLength(pastSummary.first.body),
    same: samePast,
    note: statusNote(pastSummary.statuses),
  });

  // The volume history of those lines: `days` days ending yesterday, as the trend asks (30 there).
  const volumes = await measure(
    o,
    () => get(server, token, `/factory/volumes-history?${new URLSearchParams({ shop_floor_id: String(floor), line_id: lineIds.join(','), days: String(scope.days) })}`),
    () =>
      timedSql(
        client,
        `select to_char(day, 'YYYY-MM-DD') as date, sum(volume) as volume from dashboard_days
                             where shop_floor_id = $1 and line_id = any($2::int[]) and day between $3::date and $4::date group by day order by day`,
        [floor, lineIds, scope.from, scope.to],
      ),
  );
  const trend = JSON.parse(volumes.first.body) as Array<{ date: string; volume: number }>;
  const produced = trend.filter((d) => d.volume > 0);
  const sameVolumes =
    produced.length === volumes.firstSql.filter((r) => Number(r.volume) > 0).length &&
    produced.every((d, i) => d.volume === Number(volumes.firstSql.filter((r) => Number(r.volume) > 0)[i]!.volume));
  figures.push({
    scope: scope.label,
    call: 'GET /factory/volumes-history',
    goalMs: SUMMARY_GOAL_MS,
    http: summarize(volumes.http),
    sql: summarize(volumes.sql),
    rows: trend.length,
    bytes: Buffer.byteLength(volumes.first.body),
    same: sameVolumes,
    note: statusNote(volumes.statuses),
  });

  // The unplanned stops of those lines and shifts: the first page of up to `pageRows`.
  const stopsQuery = new URLSearchParams({
    shop_floor_id: String(floor),
    date_from: scope.from,
    date_to: scope.to,
    lines_id: lineIds.join(','),
    shift_id: scope.shiftIds.join(','),
    limit: String(o.pageRows),
  });
  const stops = await measure(
    o,
    () => get(server, token, `/factory/stop_events/unplanned?${stopsQuery}`),
    () =>
      timedSql(
        client,
        `select * from unplanned_stops
                             where shop_floor_id = $1 and line_id = any($2::int[]) and shift_day between $3::date and $4::date and shift_id = any($5::bigint[]) and not deleted
                             order by shift_day, start_time, id limit $6`,
        [floor, lineIds, scope.from, scope.to, scope.shiftIds, o.pageRows],
      ),
  );
  const list = JSON.parse(stops.first.body) as Array<{ id: number | string }>;
  const sameStops = list.length === stops.firstSql.length && list.every((r, i) => String(r.id) === String(stops.firstSql[i]!.id));
  figures.push({
    scope: scope.label,
    call: 'GET /factory/stop_events/unplanned (a page)',
    goalMs: PAGE_GOAL_MS,
    http: summarize(stops.http),
    sql: summarize(stops.sql),
    rows: list.length,
    bytes: Buffer.byteLength(stops.first.body),
    same: sameStops,
    note: statusNote(stops.statuses),
  });
  return figures;
}

/** The statements one request runs on the read tables, as the server's knex sent them. */
export async function statementsOf(
  server: RunningServer,
  request: () => Promise<Http>,
  tables = /dashboard_(?:days|months|line_days|history_stops)|unplanned_stops/,
): Promise<Array<{ sql: string; bindings: unknown[] }>> {
  const seen: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) => {
    if (tables.test(q.sql)) seen.push({ sql: q.sql, bindings: q.bindings ?? [] });
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
export async function explainScope(server: RunningServer, token: string, client: pg.Client, plant: BenchPlant, scope: Scope, o: ReadOptions): Promise<void> {
  const floor = String(plant.shopFloorId);
  const lineIds = scope.lines.map((l) => l.id).join(',');
  const calls: Array<[string, string]> = [
    [
      'dashboard-improvement',
      `/factory/dashboard-improvement?${new URLSearchParams({ shop_floor_id: floor, lines: scope.lines.map((l) => l.name).join(','), shifts: scope.shiftIds.join(','), date_from: scope.from, date_to: scope.to })}`,
    ],
    [
      'dashboard-improvement as_of',
      `/factory/dashboard-improvement?${new URLSearchParams({ shop_floor_id: floor, lines: scope.lines.map((l) => l.name).join(','), shifts: scope.shiftIds.join(','), date_from: scope.from, date_to: scope.to, as_of: new Date().toISOString() })}`,
    ],
    ['volumes-history', `/factory/volumes-history?${new URLSearchParams({ shop_floor_id: floor, line_id: lineIds, days: String(scope.days) })}`],
    [
      'stop_events/unplanned',
      `/factory/stop_events/unplanned?${new URLSearchParams({ shop_floor_id: floor, date_from: scope.from, date_to: scope.to, lines_id: lineIds, shift_id: scope.shiftIds.join(','), limit: String(o.pageRows) })}`,
    ],
  ];
  await explainCalls(server, token, client, scope.label, calls);
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements on `tables` that each request (label, path) runs. */
export async function explainCalls(server: RunningServer, token: string, client: pg.Client, scopeLabel: string, calls: Array<[string, string]>, tables?: RegExp): Promise<void> {
  for (const [label, url] of calls) {
    for (const st of await statementsOf(server, () => get(server, token, url), tables)) {
      const plan = await client.query(`explain (analyze, buffers) ${st.sql}`, st.bindings);
      const long = (v: unknown) => (Array.isArray(v) && v.length > 8 ? `[${v.slice(0, 3).join(',')},… ${v.length} values]` : JSON.stringify(v));
      console.log(`\n### ${label}, ${scopeLabel}\n\n${st.sql.replace(/\s+/g, ' ')}\n-- bindings: ${st.bindings.map(long).join(' ')}\n`);
      console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    }
  }
}
