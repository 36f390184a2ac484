/**
 * What `npm run backup` and `npm run restore` share: the database `npm start` uses (DATABASE_URL,
 * else the embedded PostgreSQL of DATA_DIR, reused when the app runs it, else started for the
 * command, and created for a DATA_DIR that does not exist yet), migrated; progress on stderr; and
 * errors as one line on stderr with an exit code, never a stack trace (LOG_LEVEL=debug adds it).
 */
import pg from 'pg';
import { BackupError } from '../infra/backup/format.js';
import { ConfigError, parseConfig, type Config } from '../infra/config.js';
import { connectDatabase } from '../infra/db/connect.js';
import { migrateDatabase } from '../infra/db/migrations.js';

export class UsageError extends Error {}

export interface OpenStore {
  config: Config;
  client: pg.Client;
  close(): Promise<void>;
}

export async function openStoreDatabase(command: string): Promise<OpenStore> {
  const config = parseConfig();
  if (config.EVENTSTORE_CONNECTION_STRING)
    throw new UsageError(
      `${command} works on the PostgreSQL event store; this configuration keeps events in KurrentDB (EVENTSTORE_CONNECTION_STRING), which is backed up with its own tools (docs/deploy.md)`,
    );
  const db = await connectDatabase(config);
  try {
    await migrateDatabase(db.url);
    const client = new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    return {
      config,
      client,
      async close() {
        await client.end().catch(() => undefined);
        await db.stop();
      },
    };
  } catch (err) {
    await db.stop();
    throw err;
  }
}

/** A progress line on stderr: redrawn in place on a terminal, at most one line every 2 s otherwise. */
export function progressPrinter(): { update(text: string): void; done(text: string): void } {
  const tty = process.stderr.isTTY;
  let last = 0;
  return {
    update(text) {
      if (tty) process.stderr.write(`\r${text}`);
      else if (Date.now() - last >= 2000) {
        last = Date.now();
        process.stderr.write(`${text}\n`);
      }
    },
    done(text) {
      process.stderr.write(`${tty ? '\r' : ''}${text}\n`);
    },
  };
}

export function bar(done: number, total: number, label: string): string {
  const width = 30;
  const ratio = total > 0 ? Math.min(1, done / total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ${done}/${total} ${label}`;
}

/** Runs a command's main: its exit code, or one line on stderr for an error (2 for usage and configuration). */
export function runCommand(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      const known = err instanceof BackupError || err instanceof UsageError || err instanceof ConfigError;
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(`${name}: ${known ? message : `failed: ${message}`}\n`);
      if (!known && process.env.LOG_LEVEL === 'debug' && err instanceof Error) process.stderr.write(`${err.stack}\n`);
      process.exit(err instanceof UsageError || err instanceof ConfigError ? 2 : 1);
    },
  );
}
