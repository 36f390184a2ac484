import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase } from '../infra/db/migrations.js';
import { startEmbeddedPostgres } from '../infra/embedded/postgres.js';
import { findRedisServer, freePort, startRedisServer } from '../infra/embedded/redis.js';

/** A database of its own on the bench cluster, so one benchmark never measures another's rows; migrated as a start migrates it. */
export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createDatabase(adminUrl: string, label: string): Promise<BenchDatabase> {
  const name = `bench_${label}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client(adminUrl);
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Milliseconds since an arbitrary origin, sub-millisecond resolution. */
export const now = (): number => performance.now();

/** The p-th percentile (0..100) by nearest rank over an unsorted sample. */
export function percentile(sample: number[], p: number): number {
  if (sample.length === 0) return Number.NaN;
  const sorted = [...sample].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export interface LatencySummary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(sample: number[]): LatencySummary {
  return {
    n: sample.length,
    p50: percentile(sample, 50),
    p95: percentile(sample, 95),
    p99: percentile(sample, 99),
    max: sample.length ? Math.max(...sample) : Number.NaN,
  };
}

export const fmt = (n: number, digits = 0): string => (Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a');

export const ratio = (a: number, b: number): string => (b > 0 && Number.isFinite(a) ? `${(a / b).toFixed(2)}x` : 'n/a');

export type TableRow = Record<string, string | number>;

/** A titled table with aligned columns; plain text so it survives logs and CI output. */
export function printTable(title: string, rows: TableRow[], notes: string[] = []): void {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (r: TableRow, c: string) => String(r[c] ?? '');
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (cells: string[]) => `| ${cells.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  console.log(`\n## ${title}\n`);
  console.log(line(columns));
  console.log(rule);
  for (const r of rows) console.log(line(columns.map((c) => cell(r, c))));
  for (const n of notes) console.log(`  ${n}`);
}

/** Runs tasks with at most `limit` in flight. */
export async function inParallel<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await task(items[next++]!);
    }),
  );
}

/**
 * What a bench or load run started, stopped in reverse order at the end, on Ctrl-C, on a
 * crash and after `watchdogMs`, so a run that goes wrong never leaves servers behind.
 */
export function serversToStop(label: string, watchdogMs: number): { push(stop: () => Promise<void>): void; stopAll(): Promise<void> } {
  const stops: Array<() => Promise<void>> = [];
  let stopping: Promise<void> | null = null;
  const stopAll = (): Promise<void> => {
    stopping ??= (async () => {
      for (const stop of stops.reverse()) await stop().catch((err: unknown) => console.error('stop failed:', err));
    })();
    return stopping;
  };
  const abort = async (why: string): Promise<never> => {
    console.error(`\n${label} aborted: ${why}; stopping the servers it started.`);
    await stopAll();
    process.exit(1);
  };
  process.once('SIGINT', () => void abort('interrupted'));
  process.once('SIGTERM', () => void abort('terminated'));
  process.once('uncaughtException', (err) => void abort(`uncaught ${err.stack ?? err.message}`));
  process.once('unhandledRejection', (err) => void abort(`unhandled rejection ${String(err)}`));
  setTimeout(() => void abort(`still running after ${Math.round(watchdogMs / 1000)} s`), watchdogMs).unref();
  return { push: (stop) => void stops.push(stop), stopAll };
}

/** A bearer token for a demo account (every demo account's password is 'demo'). */
export async function login(url: string, username: string, password = 'demo'): Promise<string> {
  const res = await fetch(`${url}/loginjwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  if (res.status !== 200) throw new Error(`login ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * An embedded PostgreSQL in a fresh temporary folder (`dir`, removed on stop) and, when asked
 * and one is installed, a redis-server on loopback; `stops` stops both.
 */
export async function startBenchServers(
  prefix: string,
  withRedis: boolean,
  stops: { push(stop: () => Promise<void>): void },
): Promise<{ dir: string; pgUrl: string; redisUrl: string | null }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o777);
  stops.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const pgServer = await startEmbeddedPostgres(path.join(dir, 'pg'), await freePort(), { persistent: false });
  stops.push(() => pgServer.stop());
  const redisBin = withRedis ? findRedisServer() : null;
  if (!redisBin) return { dir, pgUrl: pgServer.url, redisUrl: null };
  const redis = await startRedisServer(redisBin, await freePort());
  stops.push(redis.stop);
  return { dir, pgUrl: pgServer.url, redisUrl: redis.url };
}
