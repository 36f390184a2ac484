/**
 * `npm run bench -- oee`: is the loss analysis fast over two years of a 50-line plant?
 * Generates the history through the event-store port (bench/historyGenerate.ts: shifts,
 * submitted reports, planned and unplanned stops) plus one change of every line's design
 * speed half-way through, rebuilds every product projection over it (events/s each, the
 * `oee` projection's against the goal), then asks a real server for GET /factory/oee
 * (group_by none and line) and GET /factory/oee/pareto over a month and a year of every
 * line, each request alternating with a plain SQL aggregate over the same read tables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DateTime } from 'luxon';
import pg from 'pg';
import type { RunningServer } from '../api/server.js';
import { handleSetDbrConstants } from '../commands/dbr/setDbrConstants.js';
import { createCatalog } from '../domain/catalog.js';
import type { DbrConstants } from '../domain/dbr/constants.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import type { ScheduledShift } from '../domain/shifts/events.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { SYSTEM_CONTEXT } from '../seed/demoUsers.js';
import { REBUILD_BATCH_SIZE } from '../workers/projectionEngine.js';
import { measureScopes, type Figure, type Scope } from './dashboardReads.js';
import { restoreEvents, saveEvents } from './eventsFile.js';
import { loadEvenHistory, type LoadResult } from './historyLoad.js';
import { historyPlantFile, type BenchPlant } from './historyPlant.js';
import { defaultHistoryOptions, historyCalendar, loadavg, prepare, rebuildAll, serve, type RebuildRow } from './history.js';
import { explainOeeScope, measureOeeScope } from './oeeReads.js';
import { createDatabase, fmt, login, now, printTable, ratio, type BenchDatabase, type TableRow } from './support.js';

export interface OeeBenchOptions {
  lines: number;
  days: number;
  /** `--stops=N`: at most N unplanned stops per equipment and day, at least half as many (default 6: the history section's mix). */
  stops: number;
  samples: number;
  warmup: number;
  pageRows: number;
}

export const defaultOeeBenchOptions: OeeBenchOptions = { lines: 50, days: 730, stops: 6, samples: 100, warmup: 10, pageRows: 1000 };

export const REBUILD_GOAL = 50_000;

export interface OeeBenchResult {
  load: LoadResult;
  rebuild: RebuildRow[];
  /** Every projection rebuilt in turn: events read by all of them over their seconds together. */
  whole: { events: number; seconds: number };
  figures: Figure[];
}

/** Every line's design speed raised by a tenth at noon of the middle day (the OEE reads the speed as it was at each shift's start). */
async function changeSpeeds(url: string, plant: BenchPlant, day: string): Promise<void> {
  const file = historyPlantFile(plant.lines.length) as { shopFloors: Array<{ lines: Array<{ dbrConstants: DbrConstants }> }> };
  const store = await PostgresEventStore.connect(url, { max: 2 });
  try {
    const at = DateTime.fromISO(day, { zone: PLANT_ZONE }).set({ hour: 12 }).toJSDate();
    for (const [i, line] of plant.lines.entries()) {
      const constants = file.shopFloors[0]!.lines[i]!.dbrConstants;
      const raised = { ...constants, def_speed: Math.round(Number(constants.def_speed) * 1.1) };
      await handleSetDbrConstants({ store, catalog: createCatalog() }, { lineId: line.id, constants: raised }, { ...SYSTEM_CONTEXT, now: at });
    }
  } finally {
    await store.close();
  }
}

/** The plant of restored events, from its read models: the shop floor, the lines and the calendar (what the reads ask for). */
async function plantOf(client: pg.Client): Promise<Pick<BenchPlant, 'shopFloorId' | 'lines' | 'shifts'>> {
  const lines = (await client.query<{ id: number; name: string; f: number }>('select id, name, shop_floor_id as f from plant_lines order by id')).rows;
  const shopFloorId = Number(lines[0]!.f);
  const shifts = new Map<string, ScheduledShift[]>();
  const calendar = await client.query<ScheduledShift>(
    `select id as "shiftId", name, code, to_char(shift_day, 'YYYY-MM-DD') as "shiftDay", start_time as "startTime", end_time as "endTime", extra from shifts where shop_floor_id = $1 order by start_time`,
    [shopFloorId],
  );
  for (const s of calendar.rows) shifts.set(s.shiftDay, [...(shifts.get(s.shiftDay) ?? []), { ...s, shiftId: Number(s.shiftId) }]);
  return { shopFloorId, lines: lines.map((l) => ({ id: Number(l.id), name: l.name, equipments: [] })), shifts };
}

export async function benchOee(adminUrl: string, redisUrl: string | null, o: OeeBenchOptions = defaultOeeBenchOptions): Promise<OeeBenchResult> {
  const perDay = [Math.ceil(o.stops / 2), o.stops] as const;
  const { clock, days, calendarEnd, setupAt } = historyCalendar(o.days);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-oee-'));
  let db: BenchDatabase | null = null;
  let server: RunningServer | null = null;
  let client: pg.Client | null = null;
  const started = now();
  try {
    console.log(
      `\n## 6. Loss analysis (OEE): ${o.lines} lines x ${o.days} days (${days[0]} to ${days.at(-1)}), ${perDay.join(' to ')} unplanned stops per equipment and day  [loadavg ${loadavg()}]`,
    );
    const from = process.env.BENCH_EVENTS_FROM;
    let plant: Pick<BenchPlant, 'shopFloorId' | 'lines' | 'shifts'> | null = null;
    let load: LoadResult;
    if (from) {
      db = await createDatabase(adminUrl, 'oee');
      load = await restoreEvents(db.url, from);
    } else {
      const prepared = await prepare(adminUrl, 'oee', { ...defaultHistoryOptions, lines: o.lines, days: o.days }, days, calendarEnd, setupAt);
      db = prepared.db;
      plant = prepared.plant;
      await changeSpeeds(db.url, prepared.plant, days[Math.floor(days.length / 2)]!);
      load = await loadEvenHistory(db.url, prepared.plant, days, clock, perDay);
      if (process.env.BENCH_EVENTS_SAVE) await saveEvents(db.url, process.env.BENCH_EVENTS_SAVE);
    }
    const { rows: rebuild, ceiling } = await rebuildAll(db.url);
    const whole = { events: rebuild.reduce((a, r) => a + r.events, 0), seconds: rebuild.reduce((a, r) => a + r.seconds, 0) };

    server = await serve(db, redisUrl, dataDir);
    const token = await login(server.url, 'admin');
    client = new pg.Client(db.url);
    await client.connect();
    plant ??= await plantOf(client);
    const last = days.length - 1;
    const scope = (label: string, n: number): Scope => {
      const from = days[Math.max(0, last - n + 1)]!;
      const to = days[last]!;
      const shiftIds = days.filter((d) => d >= from && d <= to).flatMap((d) => (plant!.shifts.get(d) ?? []).filter((s) => !s.extra).map((s) => s.shiftId));
      return { label, lines: plant!.lines, from, to, days: Math.min(n, days.length), shiftIds };
    };
    const scopes = [scope(`${o.lines} lines, 30 days`, 30), scope(`${o.lines} lines, 365 days`, 365)];
    const loadBefore = loadavg();
    const figures = await measureScopes(scopes, (s) => measureOeeScope(server!, token, client!, plant, s, o));
    const loadAfter = loadavg();
    console.log(`\n## 6d. EXPLAIN (ANALYZE, BUFFERS) of the oee statements of each call  [loadavg ${loadavg()}]`);
    for (const s of scopes) await explainOeeScope(server, token, client, plant, s);

    const counts = await client.query<{ t: string; n: string }>(
      `select 'oee_reports' as t, count(*) as n from oee_reports union all select 'oee_stops', count(*) from oee_stops union all select 'oee_speeds', count(*) from oee_speeds`,
    );
    printTable(`6a. Generated history (through PostgresEventStore.appendToStream) and the oee read tables`, [
      { what: 'events appended', value: fmt(load.events) },
      { what: 'events/s', value: fmt((load.events * 1000) / load.ms) },
      ...[...load.byType].sort((a, b) => b[1] - a[1]).map(([type, n]): TableRow => ({ what: `  ${type}`, value: fmt(n) })),
      ...counts.rows.map((r): TableRow => ({ what: `rows in ${r.t}`, value: fmt(Number(r.n)) })),
    ]);
    const goal = (eps: number) => `>= ${fmt(REBUILD_GOAL)}: ${eps >= REBUILD_GOAL ? 'met' : 'MISSED'}`;
    printTable(
      `6b. Rebuild of each product projection (engine.rebuild, batch ${fmt(REBUILD_BATCH_SIZE)}) over ${fmt(ceiling.events)} events`,
      [
        ...rebuild.map((r) => ({
          projection: r.name,
          'events handled': fmt(r.handled),
          seconds: fmt(r.seconds, 1),
          'in applyBatch, s': fmt(r.applySeconds, 1),
          'events/s': fmt(r.eventsPerSecond),
          'vs readAll only': ratio(r.eventsPerSecond, ceiling.events / ceiling.seconds),
          goal: goal(r.eventsPerSecond),
        })),
        { projection: 'all, in turn', seconds: fmt(whole.seconds, 1), 'events/s': fmt(whole.events / whole.seconds), goal: goal(whole.events / whole.seconds) },
      ],
      [`baseline: readAll only over the same events at batch 5,000: ${fmt(ceiling.events / ceiling.seconds)} events/s`],
    );
    printTable(
      `6c. GET /factory/oee and its Pareto through HTTP (admin) vs a plain SQL aggregate on the same read tables, ${o.samples} each after ${o.warmup} warm-up, alternating`,
      figures.map((f) => ({
        scope: f.scope,
        call: f.call,
        rows: fmt(f.rows),
        'HTTP p50': fmt(f.http.p50, 1),
        'HTTP p95': fmt(f.http.p95, 1),
        'SQL p50': fmt(f.sql.p50, 2),
        'SQL p95': fmt(f.sql.p95, 2),
        'p95 HTTP/SQL': ratio(f.http.p95, f.sql.p95),
        'same figures': f.same ? 'yes' : 'NO',
        goal: `p95 <= ${f.goalMs} ms: ${f.http.p95 <= f.goalMs! ? 'met' : 'MISSED'}`,
        note: f.note,
      })),
      [
        'Times in ms, from the request sent until the whole body arrived (HTTP), or until the rows arrived (SQL, one pg connection).',
        "Every line and regular shift of the scope, as the page asks with all names ticked. SQL: the scope's oee_reports left-joined with the sums of their oee_stops",
        '(per line for group_by=line); for the Pareto, the unplanned oee_stops grouped by the bar\'s key. "same figures": planned time, produced, good,',
        "unplanned minutes, failures and planned-stop minutes (OEE), each bar's minutes and count (Pareto) agree with the baseline.",
        `loadavg before: ${loadBefore}; after: ${loadAfter}`,
      ],
    );
    console.log(`\n  oee section: ${fmt((now() - started) / 1000, 0)} s; loadavg now ${loadavg()}`);
    return { load, rebuild, whole, figures };
  } finally {
    await client?.end().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await db?.drop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
