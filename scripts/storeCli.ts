/**
 * What `npm run backup` and `npm run restore` share: the database `npm start` uses (DATABASE_URL,
 * else the embedded PostgreSQL of DATA_DIR, reused when the app runs it, else started for the
 * command, and created for a DATA_DIR that does not exist yet), migrated; and progress on stderr.
 * They run through scripts/cli.ts like every tool.
 */
import pg from 'pg';
import { openEventStore } from '../api/server.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { parseConfig, type Config } from '../infra/config.js';
import { BackupError } from '../infra/backup/format.js';
import { CliError, runCli } from './cli.js';
import { connectDatabase } from '../infra/db/connect.js';
import { migrateDatabase } from '../infra/db/migrations.js';

export interface OpenStore {
  config: Config;
  client: pg.Client;
  /** The KurrentDB store the events are in, when EVENTSTORE_CONNECTION_STRING names one (backup only). */
  kurrent: EventStore | null;
  close(): Promise<void>;
}

export async function openStoreDatabase(command: 'backup' | 'restore'): Promise<OpenStore> {
  const config = parseConfig();
  if (config.EVENTSTORE_CONNECTION_STRING && command === 'restore')
    throw new CliError('a restore goes into the PostgreSQL event store: unset EVENTSTORE_CONNECTION_STRING (a KurrentDB store is restored with its own tools, docs/deploy.md)');
  const db = await connectDatabase(config);
  let client: pg.Client | null = null;
  let kurrent: EventStore | null = null;
  try {
    await migrateDatabase(db.url);
    client = new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5000 });
    client.on('error', () => undefined);
    await client.connect();
    if (config.EVENTSTORE_CONNECTION_STRING) kurrent = await openEventStore(config, db.url);
    const opened = client;
    return {
      config,
      client: opened,
      kurrent,
      async close() {
        await kurrent?.close();
        await opened.end().catch(() => undefined);
        await db.stop();
      },
    };
  } catch (err) {
    await client?.end().catch(() => undefined);
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

/** Runs a backup or restore through runCli: a refusal the backup or restore explains is one line, `NAME: why`, exit 1. */
export function runStoreCommand(name: 'backup' | 'restore', main: (argv: string[]) => Promise<number>, usage: string): void {
  void runCli(async (argv) => {
    try {
      return await main(argv);
    } catch (err) {
      if (err instanceof BackupError) throw new CliError(`${name}: ${err.message}`);
      throw err;
    }
  }, usage);
}
