/**
 * `npm run events -- export [--format ndjson|csv] [--from ISO] [--to ISO] [--stream PREFIX]
 * [--type TYPE[,TYPE]] [--out FILE]`: streams the event store's events in global order, filtered
 * by the time they were recorded, stream prefix and type, to stdout (or FILE), with a progress
 * bar on stderr. Memory stays flat whatever the store's size (docs/analysts.md).
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openEventStore } from '../api/server.js';
import { ConfigError, parseConfig } from '../infra/config.js';
import { connectDatabase } from '../infra/db/connect.js';
import { exportEvents, type ExportProgress } from '../infra/eventstore/export.js';
import { ImportError, importEvents } from '../infra/eventstore/import.js';
import { migrateDatabase } from '../infra/db/migrations.js';

const usage =
  'usage: npm run events -- export [--format ndjson|csv] [--from ISO] [--to ISO] [--stream PREFIX] [--type TYPE[,TYPE]] [--out FILE]\n' +
  '       npm run events -- import FILE   (an NDJSON export, into an empty store; then the app rebuilds the read models)';

function bar(p: ExportProgress): string {
  const width = 30;
  const ratio = p.total > 0 ? Math.min(1, p.scanned / p.total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ${p.scanned}/${p.total} read, ${p.exported} exported`;
}

function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new ConfigError(`--${name}: not a date or time: ${value}`);
  return d;
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'ndjson' },
      from: { type: 'string' },
      to: { type: 'string' },
      stream: { type: 'string' },
      type: { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  if (positionals[0] === 'import' && positionals[1]) return importFile(positionals[1]);
  if (positionals[0] !== 'export' || (values.format !== 'ndjson' && values.format !== 'csv')) {
    console.error(usage);
    return 2;
  }
  const filter = {
    from: instant(values.from, 'from'),
    to: instant(values.to, 'to'),
    streamPrefix: values.stream,
    types: (values.type ?? [])
      .flatMap((t) => t.split(','))
      .map((t) => t.trim())
      .filter(Boolean),
  };
  const config = parseConfig();
  const db = await connectDatabase(config);
  const store = await openEventStore(config, db.url);
  const out = values.out ? fs.createWriteStream(values.out) : process.stdout;
  try {
    const tty = process.stderr.isTTY;
    let last = 0;
    const done = await exportEvents(store, out, {
      format: values.format,
      filter,
      onProgress: (p) => {
        if (tty) process.stderr.write(`\r${bar(p)}`);
        else if (Date.now() - last > 1000) {
          last = Date.now();
          process.stderr.write(`${bar(p)}\n`);
        }
      },
    });
    process.stderr.write(`${tty ? '\r' : ''}${bar(done)}\n`);
    if (out !== process.stdout) await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    return 0;
  } finally {
    await store.close();
    await db.stop();
  }
}

async function importFile(file: string): Promise<number> {
  const config = parseConfig();
  const db = await connectDatabase(config);
  await migrateDatabase(db.url);
  const store = await openEventStore(config, db.url);
  try {
    const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
    const { imported } = await importEvents(store, lines);
    process.stderr.write(`${imported} events imported; the read models are built at the next start (or npm run projections -- rebuild NAME)\n`);
    return 0;
  } catch (err) {
    if (!(err instanceof ImportError)) throw err;
    console.error(`Errore: ${err.message}`);
    return 1;
  } finally {
    await store.close();
    await db.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    pino().error({ err }, 'events command failed');
    process.exit(1);
  },
);
