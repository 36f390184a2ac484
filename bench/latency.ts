/**
 * Benchmark 3: read-your-writes latency. A real server (startServer, as the API tests
 * run it); each iteration runs a user command, then wakes the projections it affects
 * and waits for them with waitForReadModels, exactly as api/commandBus.ts `execute` does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { waitForReadModels } from '../api/commandBus.js';
import { startServer, type RunningServer } from '../api/server.js';
import { handleCommand, type CommandContext } from '../commands/handleCommand.js';
import { userDecider, type UserCommand } from '../commands/users/decider.js';
import { userStream } from '../domain/users/events.js';
import type { Role } from '../domain/users/roles.js';
import { parseConfig } from '../infra/config.js';
import { findUser } from '../projections/users/users.queries.js';
import { createDatabase, fmt, now, printTable, ratio, summarize, type LatencySummary, type TableRow } from './support.js';

export interface LatencyOptions {
  iterations: number;
  warmup: number;
  /** The read-your-writes bound (READ_YOUR_WRITES_TIMEOUT_MS); a wait that hits it counts as a timeout. */
  timeoutMs: number;
}

export const defaultLatencyOptions: LatencyOptions = { iterations: 300, warmup: 20, timeoutMs: 2000 };

const GOAL_P95_MS = 50;

async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/loginjwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface Sample {
  endToEnd: number[];
  command: number[];
  wait: number[];
  timeouts: number;
}

/** One command through handleCommand, then (unless bare) wake + wait like `execute`. */
async function runCommand(server: RunningServer, username: string, command: UserCommand, bare: boolean) {
  const deps = server.deps;
  const context: CommandContext = { userId: 'bench-admin', username: 'admin', role: 'admin', correlationId: randomUUID(), now: deps.clock() };
  const t0 = now();
  const result = await handleCommand(deps, userStream(username), userDecider, command, context);
  const t1 = now();
  let ok = true;
  if (!bare && result.position) {
    const affected = deps.engine.affectedBy(result.events.map((e) => e.type));
    ok = await waitForReadModels(deps, affected, result.position);
  }
  const t2 = now();
  return { command: t1 - t0, endToEnd: t2 - t0, wait: t2 - t1, ok };
}

async function registerUser(server: RunningServer, username: string): Promise<void> {
  const r = await runCommand(server, username, { type: 'RegisterUser', userId: randomUUID(), username, role: 'support', passwordHash: 'bench-not-a-real-hash' }, false);
  if (!r.ok) throw new Error(`${username} did not reach the users projection within ${server.deps.readYourWritesMs} ms`);
}

/** Toggles the user's role support <-> frontline, so every iteration appends one event. */
async function loop(server: RunningServer, username: string, o: LatencyOptions, bare: boolean): Promise<Sample> {
  const sample: Sample = { endToEnd: [], command: [], wait: [], timeouts: 0 };
  for (let i = 0; i < o.warmup + o.iterations; i++) {
    const role: Role = i % 2 === 0 ? 'frontline' : 'support';
    const r = await runCommand(server, username, { type: 'ChangeRole', username, role }, bare);
    if (i < o.warmup) continue;
    sample.endToEnd.push(r.endToEnd);
    sample.command.push(r.command);
    sample.wait.push(r.wait);
    if (!r.ok) sample.timeouts += 1;
  }
  return sample;
}

const ms = (x: number) => fmt(x, 1);

function row(label: string, s: LatencySummary, extra: Record<string, string>): TableRow {
  return { measure: label, n: s.n, 'p50 ms': ms(s.p50), 'p95 ms': ms(s.p95), 'p99 ms': ms(s.p99), 'max ms': ms(s.max), ...extra };
}

export interface LatencyResult {
  scheduler: string;
  endToEnd: LatencySummary;
  bare: LatencySummary;
}

/** One server on a fresh database; redisUrl null runs the in-process scheduler instead of BullMQ. */
async function measure(adminUrl: string, redisUrl: string | null, o: LatencyOptions): Promise<{ rows: TableRow[]; result: LatencyResult }> {
  const db = await createDatabase(adminUrl, 'latency');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-data-'));
  let server: RunningServer | null = null;
  try {
    const config = parseConfig({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: 'bench-secret-that-is-long-enough',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      READ_YOUR_WRITES_TIMEOUT_MS: String(o.timeoutMs),
    });
    server = await startServer({
      config,
      databaseUrl: db.url,
      redisUrl,
      log: pino({ level: 'silent' }),
      webDist: null,
      queuePrefix: `bench${randomBytes(4).toString('hex')}`,
    });
    await login(server.url, 'admin', 'demo');
    await registerUser(server, 'benchuser');
    await registerUser(server, 'benchbare');

    const rw = await loop(server, 'benchuser', o, false);
    const bare = await loop(server, 'benchbare', o, true);
    const readBack = await findUser(server.deps.knex, 'benchuser');
    const expected: Role = (o.warmup + o.iterations - 1) % 2 === 0 ? 'frontline' : 'support';
    if (readBack?.role !== expected) throw new Error(`users read model shows ${readBack?.role} for benchuser, expected ${expected}`);

    const kind = server.deps.scheduler.kind === 'bullmq' ? 'BullMQ (Redis)' : 'in-process (no Redis)';
    const e2e = summarize(rw.endToEnd);
    const bareS = summarize(bare.command);
    return {
      result: { scheduler: kind, endToEnd: e2e, bare: bareS },
      rows: [
        row(`${kind}: command -> read model (append, then waitForReadModels)`, e2e, {
          'p95 vs bare': ratio(e2e.p95, bareS.p95),
          goal: `p95 <= ${GOAL_P95_MS} ms: ${e2e.p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`,
          timeouts: String(rw.timeouts),
        }),
        row(`${kind}:   of which read+decide+append`, summarize(rw.command), { 'p95 vs bare': '', goal: '', timeouts: '' }),
        row(`${kind}:   of which wake + wait`, summarize(rw.wait), { 'p95 vs bare': '', goal: '', timeouts: '' }),
        row(`${kind}: baseline, bare command (no wake, no wait)`, bareS, { 'p95 vs bare': '1.00x', goal: '', timeouts: '' }),
      ],
    };
  } finally {
    await server?.close();
    await db.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** With Redis the BullMQ path is the measured one; the in-process path runs beside it for comparison. */
export async function benchLatency(adminUrl: string, redisUrl: string | null, o: LatencyOptions = defaultLatencyOptions): Promise<LatencyResult[]> {
  const runs = redisUrl ? [redisUrl, null] : [null];
  const rows: TableRow[] = [];
  const results: LatencyResult[] = [];
  for (const r of runs) {
    const m = await measure(adminUrl, r, o);
    rows.push(...m.rows);
    results.push(m.result);
  }
  printTable(`3. Command-to-read-model latency (read-your-writes), ${o.iterations} sequential ChangeRole commands after ${o.warmup} warm-up`, rows, [
    'end-to-end = handleCommand start (read stream, decide, append) until waitForReadModels (api/commandBus.ts) resolved;',
    `bare = handleCommand alone; a timeout is a wait that hit the ${o.timeoutMs} ms read-your-writes bound.`,
    ...(redisUrl ? [] : ['redis-server not found: only the in-process scheduler was measured.']),
  ]);
  return results;
}
