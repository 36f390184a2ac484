/**
 * The loss analysis' reads as `npm run bench -- oee` measures them: GET /factory/oee
 * (group_by none, line and equipment, and none and equipment at a minor-stop threshold of 10 minutes) and
 * GET /factory/oee/pareto (by stop code and failure mode) of a
 * scope through a real server, each alternating with a plain SQL aggregate over the same
 * read tables (oee_reports, oee_stops) answering the same question: the baseline of the run.
 */
import pg from 'pg';
import type { RunningServer } from '../api/server.js';
import type { BenchPlant } from './historyPlant.js';
import { get, measure, statementsOf, type Http, timedSql, type Figure, type ReadOptions, type Scope } from './dashboardReads.js';
import { summarize } from './support.js';

/** The issue's goals (p95 over HTTP): a month of every line 50 ms, a year 150 ms. */
export const oeeGoalMs = (days: number): number => (days > 31 ? 150 : 50);

const REGULAR_CODES = ['A', 'B', 'C'];

/** Whether two sums agree to a part in a billion (they are sums of doubles taken in another order). */
const close = (a: unknown, b: unknown): boolean => {
  const x = Number(a ?? 0);
  const y = Number(b ?? 0);
  return Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
};

/**
 * The baseline of GET /factory/oee: the scope's reports with the sums of the stops of their
 * (line, day, shift), per line when `perLine`. No design speeds, no categories: the raw sums.
 */
const oeeBaseline = (perLine: boolean) => `
  select ${perLine ? 'r.line_id' : `''`} as k, sum(r.working_minutes) as pot, sum(r.volume + r.waste) as produced, sum(r.volume) as good,
         sum(coalesce(s.u, 0)) as u, sum(coalesce(s.f, 0)) as f, sum(coalesce(s.p, 0)) as p
    from oee_reports r
    left join (select line_id, day, shift_code, sum(minutes) filter (where kind = 'u') as u, count(*) filter (where kind = 'u') as f,
                      sum(minutes) filter (where kind = 'p') as p
                 from oee_stops where line_id = any($1::int[]) and day between $2::date and $3::date and shift_code = any($4::text[]) and not deleted
                group by 1, 2, 3) s using (line_id, day, shift_code)
   where r.line_id = any($1::int[]) and r.day between $2::date and $3::date and r.shift_code = any($4::text[])
   ${perLine ? 'group by r.line_id order by r.line_id' : ''}`;

/** The baseline of the machines' rows: each machine's live unplanned stops in the scope's reported shifts (what a machine's row counts as its own). */
const equipmentBaseline = `
  select s.equipment_id as k, sum(s.minutes) as u, count(*) as f
    from oee_stops s join oee_reports r using (line_id, day, shift_code)
   where s.kind = 'u' and not s.deleted and s.line_id = any($1::int[]) and s.day between $2::date and $3::date and s.shift_code = any($4::text[])
   group by 1`;

/** The baseline of the Pareto: the scope's unplanned stops grouped by the bar's key. */
const paretoBaseline = (column: string) => `
  select ${column} as k, sum(minutes) as minutes, count(*) as n from oee_stops
   where kind = 'u' and not deleted and line_id = any($1::int[]) and day between $2::date and $3::date and shift_code = any($4::text[])
   group by 1`;

interface OeeFigures {
  planned_operating_minutes: number;
  produced: number;
  good: number;
  unplanned_minutes: number;
  failures: number;
  excluded_minutes: number;
  setup_minutes: number;
}

const sameOee = (a: OeeFigures, b: Record<string, unknown>) =>
  close(a.planned_operating_minutes, b.pot) &&
  close(a.produced, b.produced) &&
  close(a.good, b.good) &&
  close(a.unplanned_minutes, b.u) &&
  close(a.failures, b.f) &&
  close(a.excluded_minutes + a.setup_minutes, b.p);

/** The page's filters: every line, and every regular shift of the range by its code (as 'Analisi perdite' asks with every name ticked). */
function queries(plant: Pick<BenchPlant, 'shopFloorId'>, scope: Scope) {
  const filters = {
    shop_floor_id: String(plant.shopFloorId),
    lines: scope.lines.map((l) => l.name).join(','),
    shift_codes: REGULAR_CODES.join(','),
    date_from: scope.from,
    date_to: scope.to,
  };
  return {
    none: `/factory/oee?${new URLSearchParams({ ...filters, group_by: 'none' })}`,
    line: `/factory/oee?${new URLSearchParams({ ...filters, group_by: 'line' })}`,
    equipment: `/factory/oee?${new URLSearchParams({ ...filters, group_by: 'equipment' })}`,
    minor10: `/factory/oee?${new URLSearchParams({ ...filters, group_by: 'none', minor_stop_minutes: '10' })}`,
    equipment10: `/factory/oee?${new URLSearchParams({ ...filters, group_by: 'equipment', minor_stop_minutes: '10' })}`,
    stop_code: `/factory/oee/pareto?${new URLSearchParams({ ...filters, by: 'stop_code' })}`,
    failure_mode: `/factory/oee/pareto?${new URLSearchParams({ ...filters, by: 'failure_mode' })}`,
  };
}

/** The GET /factory/oee reads measured, and what each asks beside the page's filters. */
type OeeRead = 'none' | 'line' | 'equipment' | 'minor10' | 'equipment10';
const READ_QUERY: Record<OeeRead, string> = {
  none: 'group_by=none',
  line: 'group_by=line',
  equipment: 'group_by=equipment',
  minor10: 'group_by=none&minor_stop_minutes=10',
  equipment10: 'group_by=equipment&minor_stop_minutes=10',
};

/** One call as a function of nothing: the HTTP request (shift codes, so a year fits in a URL). */
function caller(server: RunningServer, token: string, plant: Pick<BenchPlant, 'shopFloorId'>, scope: Scope) {
  const paths = queries(plant, scope);
  return {
    oee: (group: OeeRead) => get(server, token, paths[group]),
    pareto: (by: 'stop_code' | 'failure_mode') => get(server, token, paths[by]),
  };
}

/** The four reads of one scope, each against its SQL baseline. */
export async function measureOeeScope(
  server: RunningServer,
  token: string,
  client: pg.Client,
  plant: Pick<BenchPlant, 'shopFloorId'>,
  scope: Scope,
  o: ReadOptions,
): Promise<Figure[]> {
  const values = [scope.lines.map((l) => l.id), scope.from, scope.to, REGULAR_CODES];
  const call = caller(server, token, plant, scope);
  const goalMs = oeeGoalMs(scope.days);
  const figures: Figure[] = [];
  const note = (statuses: Set<number>) => (statuses.size === 1 && statuses.has(200) ? '' : `statuses ${[...statuses].join(', ')}`);
  const figure = (call: string, m: Awaited<ReturnType<typeof measure>>, rows: number, same: boolean): Figure => ({
    scope: scope.label,
    call,
    goalMs,
    http: summarize(m.http),
    sql: summarize(m.sql),
    rows,
    bytes: Buffer.byteLength(m.first.body),
    same,
    note: note(m.statuses),
  });

  for (const group of ['none', 'line', 'equipment', 'minor10', 'equipment10'] as const) {
    const label = `GET /factory/oee?${READ_QUERY[group]}`;
    const byMachine = group === 'equipment' || group === 'equipment10';
    const m = await measure(
      o,
      () => call.oee(group),
      () => timedSql(client, byMachine ? equipmentBaseline : oeeBaseline(group === 'line'), values),
    );
    if (m.first.status !== 200) {
      figures.push(figure(label, m, 0, false));
      console.log(`  ${label}: HTTP ${m.first.status} ${m.first.body.slice(0, 300)}`);
      continue;
    }
    const answer = JSON.parse(m.first.body) as OeeFigures & { rows: Array<OeeFigures & { key: string }> };
    const base = new Map(m.firstSql.map((r) => [String(r.k), r]));
    // A machine's row: its own unplanned minutes and failures (machines without stops answer zeros).
    const withStops = answer.rows.filter((r) => r.failures > 0);
    const same = byMachine
      ? withStops.length === base.size && withStops.every((r) => close(r.unplanned_minutes, base.get(r.key)?.u) && close(r.failures, base.get(r.key)?.f))
      : group === 'line'
        ? answer.rows.length === base.size && answer.rows.every((r) => base.has(r.key) && sameOee(r, base.get(r.key)!))
        : sameOee(answer, m.firstSql[0]!);
    figures.push(figure(label, m, group === 'line' || byMachine ? answer.rows.length : 1, same));
  }
  for (const [by, column] of [
    ['stop_code', 'stop_code_id'],
    ['failure_mode', 'failure_mode'],
  ] as const) {
    const m = await measure(
      o,
      () => call.pareto(by),
      () => timedSql(client, paretoBaseline(column), values),
    );
    if (m.first.status !== 200) {
      figures.push(figure(`GET /factory/oee/pareto?by=${by}`, m, 0, false));
      console.log(`  GET /factory/oee/pareto?by=${by}: HTTP ${m.first.status} ${m.first.body.slice(0, 300)}`);
      continue;
    }
    const answer = JSON.parse(m.first.body) as { total_minutes: number; total_count: number; bars: Array<{ key: string; minutes: number; count: number }> };
    const base = new Map(m.firstSql.map((r) => [String(r.k), r]));
    const same = answer.bars.length === base.size && answer.bars.every((b) => close(b.minutes, base.get(b.key)?.minutes) && b.count === Number(base.get(b.key)?.n));
    figures.push(figure(`GET /factory/oee/pareto?by=${by}`, m, answer.bars.length, same));
  }
  return figures;
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statements on the oee tables behind each call of a scope (by HTTP or the query function, as measured). */
export async function explainOeeScope(server: RunningServer, token: string, client: pg.Client, plant: Pick<BenchPlant, 'shopFloorId'>, scope: Scope): Promise<void> {
  const call = caller(server, token, plant, scope);
  const calls: Array<[string, () => Promise<Http>]> = [
    ['oee none', () => call.oee('none')],
    ['oee line', () => call.oee('line')],
    ['oee equipment', () => call.oee('equipment')],
    ['oee none, minor_stop_minutes=10', () => call.oee('minor10')],
    ['oee equipment, minor_stop_minutes=10', () => call.oee('equipment10')],
    ['pareto stop_code', () => call.pareto('stop_code')],
    ['pareto failure_mode', () => call.pareto('failure_mode')],
  ];
  for (const [label, request] of calls) {
    for (const st of await statementsOf(server, request, /oee_(?:reports|stops|shifts|speeds|shift_stops|shift_figures|month_figures|month_pareto)/)) {
      const plan = await client.query(`explain (analyze, buffers) ${st.sql}`, st.bindings);
      console.log(`\n### ${label}, ${scope.label}\n`);
      console.log(plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n'));
    }
  }
}
