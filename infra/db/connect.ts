import net from 'node:net';
import path from 'node:path';
import type { Config } from '../config.js';
import { startEmbeddedPostgres } from '../embedded/postgres.js';

export interface DatabaseHandle {
  url: string;
  /** Stops the embedded server when this process started it; otherwise does nothing. */
  stop(): Promise<void>;
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => (s.end(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/**
 * DATABASE_URL when set; else the embedded PostgreSQL under DATA_DIR, reusing the
 * one a running `npm start` already serves, or starting it for this process.
 */
export async function connectDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => undefined };
  if (await listening(config.EMBEDDED_PG_PORT)) {
    return { url: `postgres://linea:linea@127.0.0.1:${config.EMBEDDED_PG_PORT}/linea`, stop: async () => undefined };
  }
  const pg = await startEmbeddedPostgres(path.join(config.DATA_DIR, 'postgres'), config.EMBEDDED_PG_PORT);
  return { url: pg.url, stop: pg.stop };
}
