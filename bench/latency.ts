/**
 * Benchmark 3: read-your-writes latency. Two real servers (startServer, as the API tests
 * run them) on fresh databases, one with the in-process scheduler and, when Redis is
 * there, one with BullMQ; each iteration runs a user command, then wakes the projections
 * it affects and waits for them with waitForReadModels, exactly as api/commandBus.ts
 * runWithReadYourWrites does. Each path is measured idle and under a bounded load made in the same
 * run (bench/load.ts), in alternating rounds, so both paths meet the same machine.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { waitForReadModels } from '../api/commandBus.js';
import { startServer, type RunningServer } from '../api/server.js';
import type { CommandContext, CommandResult } from '../commands/handleCommand.js';
import { handleChangeRole, handleRegisterUser } from '../commands/users/handlers.js';
import type { UserEvent } from '../domain/users/events.js';
import type { Role } from '../domain/users/roles.js';
import { parseConfig } from '../infra/config.js';
import { findUser } from '../projections/users/users.queries.js';
import { defaultLoadOptions, startLoad, type LoadOptions } from './load.js';
import { createDatabase, fmt, login, now, printTable, ratio, summarize, type BenchDatabase, type LatencySummary, type TableRow } from './support.js';

export interface LatencyOptions {
  /** Measured commands per path and condition, split over `rounds`. */
  iterations: number;
  rounds: number;
  warmup: number;
  /** The read-your-writes bound (READ_YOUR_WRITES_TIMEOUT_MS); a wait that hits it counts as a timeout. */
  timeoutMs: number;
  load: LoadOptions;
}

/** Sized so the whole `npm run bench` stays under its watchdog on a busy 2-core machine. */
export const defaultLatencyOptions: LatencyOptions = { iterations: 200, rounds: 4, warmup: 20, timeoutMs: 2000, load: defaultLoadOptions };

const GOAL_P95_MS = 50;
/** BullMQ under load against the in-process path under load. */
const GOAL_LOADED_RATIO = 1.5;

/** The kernel's load averages as `cat /proc/loadavg` prints them (os.loadavg elsewhere). */
export function loadavg(): string {
  try {
    return fs.readFileSync('/proc/loadavg', 'utf8').trim();
  } catch {
    return os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  }
}

interface Sample {
  endToEnd: number[];
  command: number[];
  wait: number[];
  timeouts: number;
}

const emptySample = (): Sample => ({ endToEnd: [], command: [], wait: [], timeouts: 0 });

/** One command through its handler, then wake + wait like the API's runWithReadYourWrites. */
async function timeCommand(server: RunningServer, handler: (context: CommandContext) => Promise<CommandResult<UserEvent>>) {
  const deps = server.deps;
  const context: CommandContext = { userId: 'bench-admin', username: 'admin', role: 'admin', correlationId: randomUUID(), now: deps.clock() };
  const t0 = now();
  const result = await handler(context);
  const t1 = now();
  let ok = true;
  if (result.position) {
    const affected = deps.engine.affectedBy(result.events.map((e) => e.type));
    ok = await waitForReadModels(deps, affected, result.position);
  }
  const t2 = now();
  return { command: t1 - t0, endToEnd: t2 - t0, wait: t2 - t1, ok };
}

async function registerUser(server: RunningServer, username: string): Promise<void> {
  const r = await timeCommand(server, (c) =>
    handleRegisterUser(server.deps, { userId: randomUUID(), username, role: 'support', displayName: username, mustChangePassword: false }, c),
  );
  if (!r.ok) throw new Error(`${username} did not reach the users projection within ${server.deps.readYourWritesMs} ms`);
}

/** A server under measurement: its user's role toggles support <-> frontline, one event per command. */
interface Subject {
  kind: string;
  server: RunningServer;
  db: BenchDatabase;
  dataDir: string;
  commands: number;
}

async function toggle(s: Subject, username: string, n: number, into: Sample | null): Promise<void> {
  for (let i = 0; i < n; i++) {
    const role: Role = s.commands++ % 2 === 0 ? 'frontline' : 'support';
    const r = await timeCommand(s.server, (c) => handleChangeRole(s.server.deps, { username, role }, c));
    if (!into) continue;
    into.endToEnd.push(r.endToEnd);
    into.command.push(r.command);
    into.wait.push(r.wait);
    if (!r.ok) into.timeouts += 1;
  }
}

async function startSubject(adminUrl: string, redisUrl: string | null, o: LatencyOptions): Promise<Subject> {
  const db = await createDatabase(adminUrl, 'latency');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-data-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-secret-that-is-long-enough',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    READ_YOUR_WRITES_TIMEOUT_MS: String(o.timeoutMs),
  });
  const server = await startServer({
    config,
    databaseUrl: db.url,
    redisUrl,
    log: pino({ level: 'silent' }),
    webDist: null,
    queuePrefix: `bench${randomBytes(4).toString('hex')}`,
  });
  await login(server.url, 'admin', 'demo');
  await registerUser(server, 'benchuser');
  const kind = server.deps.scheduler.kind === 'bullmq' ? 'BullMQ (Redis)' : 'in-process';
  return { kind, server, db, dataDir, commands: 0 };
}

async function stopSubject(s: Subject): Promise<void> {
  await s.server.close();
  await s.db.drop();
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

export interface LatencyResult {
  scheduler: string;
  condition: 'idle' | 'loaded';
  endToEnd: LatencySummary;
  timeouts: number;
}

interface Cell {
  subject: Subject;
  condition: 'idle' | 'loaded';
  sample: Sample;
}

const ms = (x: number) => fmt(x, 1);

/**
 * Alternating rounds: every round measures each path idle, then each path while its own
 * server carries the load (other clients' commands plus busy threads), so a change in the
 * machine's other work during the run falls on all four cells alike.
 */
export async function benchLatency(adminUrl: string, redisUrl: string | null, o: LatencyOptions = defaultLatencyOptions): Promise<LatencyResult[]> {
  const before = loadavg();
  const subjects: Subject[] = [];
  try {
    subjects.push(await startSubject(adminUrl, null, o));
    if (redisUrl) subjects.push(await startSubject(adminUrl, redisUrl, o));
    for (const s of subjects) await toggle(s, 'benchuser', o.warmup, null);

    const cells: Cell[] = [];
    for (const condition of ['idle', 'loaded'] as const) for (const subject of subjects) cells.push({ subject, condition, sample: emptySample() });
    const loadCommands = new Map(subjects.map((s) => [s, { commands: 0, seconds: 0 }]));
    const perRound = Math.ceil(o.iterations / o.rounds);
    for (let round = 0; round < o.rounds; round++) {
      const n = Math.min(perRound, o.iterations - round * perRound);
      for (const cell of cells) {
        const load = cell.condition === 'loaded' ? await startLoad(cell.subject.server, o.load) : null;
        try {
          await toggle(cell.subject, 'benchuser', n, cell.sample);
        } finally {
          const stats = await load?.stop();
          const total = loadCommands.get(cell.subject)!;
          total.commands += stats?.commands ?? 0;
          total.seconds += stats?.seconds ?? 0;
        }
      }
    }

    for (const s of subjects) {
      const readBack = await findUser(s.server.deps.knex, 'benchuser');
      const expected: Role = (s.commands - 1) % 2 === 0 ? 'frontline' : 'support';
      if (readBack?.role !== expected) throw new Error(`${s.kind}: users read model shows ${readBack?.role} for benchuser, expected ${expected}`);
    }

    const results: LatencyResult[] = cells.map((c) => ({ scheduler: c.subject.kind, condition: c.condition, endToEnd: summarize(c.sample.endToEnd), timeouts: c.sample.timeouts }));
    const baseline = results[0]!.endToEnd.p95;
    const rows: TableRow[] = cells.map((c, i) => {
      const e2e = results[i]!.endToEnd;
      const load = loadCommands.get(c.subject)!;
      return {
        path: c.subject.kind,
        condition: c.condition === 'idle' ? 'idle' : `loaded (${fmt(load.commands / Math.max(load.seconds, 0.001))} other cmd/s)`,
        n: e2e.n,
        'p50 ms': ms(e2e.p50),
        'p95 ms': ms(e2e.p95),
        'p99 ms': ms(e2e.p99),
        'max ms': ms(e2e.max),
        'p95 vs in-process idle': ratio(e2e.p95, baseline),
        'command p95 ms': ms(summarize(c.sample.command).p95),
        'wait p95 ms': ms(summarize(c.sample.wait).p95),
        goal: `p95 <= ${GOAL_P95_MS} ms: ${e2e.p95 <= GOAL_P95_MS ? 'met' : 'MISSED'}`,
        timeouts: c.sample.timeouts,
      };
    });
    const loadedRatio = loadedBullMqRatio(results);
    printTable(
      `3. Command-to-read-model latency (read-your-writes), ${o.iterations} sequential ChangeRole commands per row in ${o.rounds} alternating rounds, after ${o.warmup} warm-up`,
      rows,
      [
        'end-to-end = handler start (read stream, decide, append: the command part) until waitForReadModels (api/commandBus.ts) resolved (the wake + wait part).',
        `loaded = meanwhile ${o.load.writers} other clients toggle their own users' roles on the same server (each waiting for its read model) and ${o.load.spinners} worker thread(s) spin; the load stops after each round.`,
        `a timeout is a wait that hit the ${o.timeoutMs} ms read-your-writes bound.`,
        ...(loadedRatio === null
          ? ['redis-server not found: only the in-process scheduler was measured.']
          : [`BullMQ loaded p95 / in-process loaded p95 = ${loadedRatio.toFixed(2)}x (goal <= ${GOAL_LOADED_RATIO}x: ${loadedRatio <= GOAL_LOADED_RATIO ? 'met' : 'MISSED'})`]),
        `/proc/loadavg before: ${before}; after: ${loadavg()}`,
      ],
    );
    return results;
  } finally {
    for (const s of subjects) await stopSubject(s);
  }
}

/** BullMQ's loaded p95 over the in-process loaded p95, or null when only one path ran. */
export function loadedBullMqRatio(results: LatencyResult[]): number | null {
  const p95 = (kind: string) => results.find((r) => r.condition === 'loaded' && r.scheduler.startsWith(kind))?.endToEnd.p95;
  const bull = p95('BullMQ');
  const local = p95('in-process');
  return bull === undefined || local === undefined || !(local > 0) ? null : bull / local;
}
