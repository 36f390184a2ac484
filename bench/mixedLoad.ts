/**
 * `npm run load`: a mixed workload against the embedded stack, for a bounded time.
 *
 * Provisions like `npm run bench` (embedded PostgreSQL in a temp dir, redis-server on
 * loopback when found), then runs the real app (`scripts/start.ts`, demo plant and 60 days
 * of demo history) as a child process, so the load generator never shares the server's
 * event loop, and waits until /health shows every read model caught up with that history. Drives it with autocannon:
 *  - OPERATORS (50) operators, each one keep-alive connection cycling through the line log
 *    of its own line, day and shift: the unplanned and planned stops of the shift, its
 *    report, an unplanned stop record and a report autosave. Each operator has its own
 *    equipment and day (days before the demo history, so no report is submitted there) and
 *    records stops in its own time slots, so every stop is valid and none overlaps: a 409
 *    would be an error of this script;
 *  - DASHBOARDS (5) support users cycling through the dashboards: Riepilogo Operativo
 *    (dashboard-improvement over 30 days and all lines), the volumes trend, the date
 *    lookups and the DBR actions screen.
 * Prints throughput, p50/p95/p99/max and errors (any status outside 2xx, any socket
 * error or timeout) per request kind and overall, against the target p95 <= 200 ms and
 * zero errors, with the load average beside them. Never asserts: the exit code stays 0
 * unless the run itself fails.
 *
 * Pace: each operator and dashboard sends `--rate=1` request a second (an operator's action
 * every second: far more than a person at a line does, and 55 requests a second in all), so
 * the figures answer "how fast for 50 people working at once". `--rate=0` drops the pace:
 * every connection sends its next request the moment the last is answered, which measures
 * the machine's capacity (latency then is concurrency / throughput, by Little's law).
 *
 * Options: `--duration=30` (seconds), `--operators=50`, `--dashboards=5`, `--rate=1`; LOAD_CPU_PROF=DIR
 * profiles the app (a .cpuprofile for Chrome's DevTools, written when the app stops).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DateTime } from 'luxon';
import { DEMO_HISTORY_DAYS } from '../seed/demoHistory.js';
import { PLANT_ZONE } from '../domain/shifts/calendar.js';
import { loadavg } from './latency.js';
import { appLog, getJson, startApp } from './loadApp.js';
import { fmt, login, percentile, printTable, serversToStop, startBenchServers } from './support.js';

function option(name: string, fallback: number): number {
  const a = process.argv.slice(2).find((x) => x.startsWith(`--${name}=`));
  const v = a ? Number(a.split('=')[1]) : fallback;
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} must be a whole number`);
  return v;
}
const unknown = process.argv.slice(2).filter((a) => !/^--(duration|operators|dashboards|rate)=\d+$/.test(a));
if (unknown.length > 0) {
  console.error(`unknown option(s) ${unknown.join(' ')}; known: --duration=SECONDS --operators=N --dashboards=N --rate=REQUESTS_PER_SECOND (0: no pace)`);
  process.exit(2);
}
const DURATION = option('duration', 30);
const OPERATORS = option('operators', 50);
const DASHBOARDS = option('dashboards', 5);
/** Requests a second per connection; 0 sends each request as soon as the previous one is answered. */
const RATE = option('rate', 1);
const TARGET_P95_MS = 200;

// Provisioning and the demo history take a minute or two on a busy machine; the load is bounded by --duration.
const stops = serversToStop('load', (DURATION + 600) * 1000);
const stopAll = stops.stopAll;

/** Latencies (ms) and errors of one kind of request. */
interface KindStats {
  latencies: number[];
  errors: number;
  statuses: Map<number, number>;
}
const stats = new Map<string, KindStats>();
const record = (kind: string, status: number, ms: number) => {
  const s = stats.get(kind) ?? { latencies: [], errors: 0, statuses: new Map<number, number>() };
  stats.set(kind, s);
  s.latencies.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
  if (status < 200 || status >= 300) s.errors += 1;
};
const samples: Record<string, string> = {};

type Req = autocannon.Request & { kind: string };
let startedClients = 0;

/**
 * One autocannon client: one connection cycling through `requests`. The kind of the
 * answered request is noted by its onResponse (called for every answer before
 * autocannon's 'response' event, which brings the latency).
 */
function client(url: string, token: string, requests: Req[], sockets: { errors: number; timeouts: number }): Promise<autocannon.Result> {
  let answered = '';
  const tagged = requests.map((r) => ({
    ...r,
    onResponse: (status: number, body: string) => {
      answered = r.kind;
      if ((status < 200 || status >= 300) && !samples[`${r.kind} ${status}`]) samples[`${r.kind} ${status}`] = body.slice(0, 300);
    },
  }));
  // Paced clients start spread over one period, as people at different lines do, rather
  // than all sending at the same instant every second.
  const delay = RATE > 0 ? ((startedClients++ % (OPERATORS + DASHBOARDS)) / (OPERATORS + DASHBOARDS)) * (1000 / RATE) : 0;
  return new Promise((resolve, reject) =>
    setTimeout(() => {
      const instance = autocannon(
        {
          url,
          connections: 1,
          duration: DURATION,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          requests: tagged,
          timeout: 10,
          ...(RATE > 0 ? { connectionRate: RATE } : {}),
        },
        (err, result) => (err ? reject(err) : resolve(result)),
      );
      instance.on('response', (_client, status, _bytes, ms) => record(answered, status, ms));
      instance.on('reqError', () => {
        sockets.errors += 1;
      });
    }, delay),
  );
}

const started = performance.now();
try {
  const { dir: tmp, pgUrl, redisUrl } = await startBenchServers('linea-load-', true, stops);
  console.log(`# linea mixed load, ${new Date().toISOString()}`);
  console.log(
    `node ${process.version}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown cpu'}), embedded PostgreSQL (fsync=off), ${redisUrl ? 'redis-server: BullMQ' : 'no redis-server: in-process queue'}`,
  );
  console.log(
    `${OPERATORS} operators + ${DASHBOARDS} dashboards for ${DURATION} s, ${RATE > 0 ? `${RATE} request(s) a second each` : 'no pace (capacity)'}; load average before the start: ${loadavg()}`,
  );
  console.log('starting the app with the demo plant and its 60-day history (a minute or two)...');
  const url = await startApp(pgUrl, redisUrl, path.join(tmp, 'data'), stops);
  console.log(`app up and its read models caught up after ${fmt((performance.now() - started) / 1000, 1)} s at ${url}; load average now: ${loadavg()}`);

  const frontline = await login(url, 'frontline');
  const support = await login(url, 'support');
  type Named = { id: number; name: string };
  const lines = await getJson<Named[]>(url, support, '/factory/lines?shop_floor_id=1');
  const equipments: Array<{ line: Named; equipment: number; workpoint: number; stopCode: number }> = [];
  for (const line of lines) {
    for (const eq of await getJson<Named[]>(url, support, `/factory/equipments?line_id=${line.id}`)) {
      const [wp] = await getJson<Named[]>(url, support, `/factory/workpoints?equipment_id=${eq.id}`);
      const [code] = await getJson<Named[]>(url, support, `/factory/stop_codes?workpoint_id=${wp!.id}`);
      equipments.push({ line, equipment: eq.id, workpoint: wp!.id, stopCode: code!.id });
    }
  }
  const today = DateTime.now().setZone(PLANT_ZONE).startOf('day');
  const SHIFTS = [
    { code: 'A', start: 6 },
    { code: 'B', start: 14 },
    { code: 'C', start: 22 },
  ] as const;
  /** 10-second stops every 15 seconds in the first two hours of the shift: 480 slots, then another day further back. */
  const SLOTS = 480;

  const sockets = { errors: 0, timeouts: 0 };
  const runs: Array<Promise<autocannon.Result>> = [];
  for (let i = 0; i < OPERATORS; i++) {
    // Operator i: its own equipment and day; the operators of one line and day take different shifts.
    const place = equipments[i % equipments.length]!;
    const shift = SHIFTS[equipments.filter((e) => e.line.id === place.line.id).indexOf(place) % SHIFTS.length]!;
    const baseDay = today.minus({ days: DEMO_HISTORY_DAYS + 1 + Math.floor(i / equipments.length) });
    const day = baseDay.toISODate()!;
    const q = `shop_floor_id=1&lines_id=${place.line.id}&shift_code=${shift.code}&day=${day}`;
    let stopsMade = 0;
    let saves = 0;
    const requests: Req[] = [
      { kind: 'line log: unplanned stops', method: 'GET', path: `/factory/stop_events/unplanned_by_shift?${q}` },
      {
        kind: 'stop record',
        method: 'POST',
        path: '/factory/stop_events',
        setupRequest: (req) => {
          const n = stopsMade++;
          const at = baseDay
            .minus({ days: 20 * Math.floor(n / SLOTS) })
            .set({ hour: shift.start })
            .plus({ seconds: 15 * (n % SLOTS) });
          return {
            ...req,
            body: JSON.stringify({
              workpoint_id: place.workpoint,
              stop_code_id: place.stopCode,
              triggering_event_id: 1,
              failure_mode: `Inceppamento ${n}`,
              corrective_action: 'Rimosso e riavviato',
              action_material_change: false,
              action_cleaning: n % 2 === 0,
              action_setting_adjustment: false,
              action_component_restore: false,
              start_time: at.toISO(),
              end_time: at.plus({ seconds: 10 }).toISO(),
            }),
          };
        },
      },
      { kind: 'line log: planned stops', method: 'GET', path: `/factory/stop_events/planned_by_shift?${q}` },
      {
        kind: 'report autosave',
        method: 'POST',
        path: '/factory/shift_notes/save',
        setupRequest: (req) => {
          const n = saves++;
          return {
            ...req,
            body: JSON.stringify({
              day,
              shift_code: shift.code,
              line_name: place.line.name,
              notes: `Turno regolare, salvataggio ${n}`,
              machine_notes: [{ Macchina: 'Filler', Nota: `giro ${n}` }],
              production_volume: 1000 + n,
              waste: 3,
              working_time: 8,
            }),
          };
        },
      },
      { kind: 'line log: report', method: 'GET', path: `/factory/shift_notes?day=${day}&shift_code=${shift.code}&line_name=${encodeURIComponent(place.line.name)}` },
    ];
    runs.push(client(url, frontline, requests, sockets));
  }
  const from = today.minus({ days: 30 }).toISODate()!;
  const to = today.minus({ days: 1 }).toISODate()!;
  const allLines = lines.map((l) => l.id).join(',');
  const dashboard: Req[] = [
    {
      kind: 'dashboard-improvement',
      method: 'GET',
      path: `/factory/dashboard-improvement?shop_floor_id=1&lines=${encodeURIComponent(lines.map((l) => l.name).join(','))}&shifts=&date_from=${from}&date_to=${to}`,
    },
    { kind: 'volumes-history', method: 'GET', path: `/factory/volumes-history?shop_floor_id=1&line_id=${allLines}&days=30` },
    { kind: 'dashboard dates', method: 'GET', path: `/factory/dashboard/default-dates?shop_floor_id=1&line_id=${allLines}` },
    { kind: 'dashboard dates', method: 'GET', path: `/factory/dashboard/last-production-date?shop_floor_id=1&line_id=${allLines}` },
    { kind: 'dashboard dates', method: 'GET', path: `/factory/dashboard/last-stop-date?shop_floor_id=1&line_id=${allLines}` },
    {
      kind: 'dbr actions',
      method: 'GET',
      path: `/factory/dbr_actions-range?shop_floor_id=1&date_from=${from}&date_to=${to}&lines=${encodeURIComponent(lines.map((l) => l.name).join(','))}&shifts=`,
    },
  ];
  for (let i = 0; i < DASHBOARDS; i++) runs.push(client(url, support, i % 2 === 0 ? dashboard : [...dashboard.slice(3), ...dashboard.slice(0, 3)], sockets));
  const loadBefore = loadavg();
  const results = await Promise.all(runs);
  const loadAfter = loadavg();
  sockets.timeouts = results.reduce((n, r) => n + r.timeouts, 0);

  const all: number[] = [];
  let errors = 0;
  const row = (kind: string, s: { latencies: number[]; errors: number }) => ({
    kind,
    requests: fmt(s.latencies.length),
    'req/s': fmt(s.latencies.length / DURATION, 1),
    'p50 ms': fmt(percentile(s.latencies, 50), 1),
    'p95 ms': fmt(percentile(s.latencies, 95), 1),
    'p99 ms': fmt(percentile(s.latencies, 99), 1),
    'max ms': fmt(s.latencies.length ? Math.max(...s.latencies) : Number.NaN, 0),
    errors: fmt(s.errors),
  });
  const rows = [...stats.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, s]) => {
      all.push(...s.latencies);
      errors += s.errors;
      return row(kind, s);
    });
  const overall = { latencies: all, errors: errors + sockets.errors + sockets.timeouts };
  rows.push(row('overall', overall));
  const p95 = percentile(all, 95);
  const logLines = fs.readFileSync(appLog(path.join(tmp, 'data')), 'utf8').split('\n');
  const rywTimeouts = logLines.filter((l) => l.includes('read models did not catch up')).length;
  const appErrors = logLines.filter((l) => l.includes('"level":50')).length;
  printTable(`Mixed load: ${OPERATORS} operators + ${DASHBOARDS} dashboards, ${DURATION} s, ${RATE > 0 ? `${RATE} req/s each` : 'no pace'}`, rows, [
    `target: p95 <= ${TARGET_P95_MS} ms and 0 errors; measured p95 ${fmt(p95, 1)} ms (${p95 <= TARGET_P95_MS ? 'met' : 'MISSED'}), ` +
      `${overall.errors} errors (${overall.errors === 0 ? 'met' : 'MISSED'}; socket errors ${sockets.errors}, timeouts ${sockets.timeouts})`,
    `commands that waited the whole read-your-writes bound (app log): ${rywTimeouts}; errors in the app log: ${appErrors}`,
    `statuses: ${[...stats.entries()].map(([k, s]) => `${k} ${[...s.statuses.entries()].map(([st, n]) => `${st}x${n}`).join(' ')}`).join('; ')}`,
    `/proc/loadavg when the load started: ${loadBefore}; when it ended: ${loadAfter} (other work on this machine skews every figure)`,
    `whole run ${fmt((performance.now() - started) / 1000, 1)} s`,
  ]);
  for (const [k, body] of Object.entries(samples)) console.log(`  first answer of ${k}: ${body}`);
} catch (err) {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
} finally {
  await stopAll();
}
