/**
 * `npm run events -- export [--format ndjson|csv] [--from ISO] [--to ISO] [--stream PREFIX]
 * [--type TYPE[,TYPE]] [--out FILE]`: streams the event store's events in global order, filtered
 * by the time they were recorded, stream prefix and type, to stdout (or FILE), with a progress
 * bar on stderr. Memory stays flat whatever the store's size (docs/analysts.md).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openEventStore } from '../api/server.js';
import { parseConfig } from '../infra/config.js';
import { CliError, runCli, UsageError } from './cli.js';
import { connectDatabase } from '../infra/db/connect.js';
import { exportEvents, type ExportProgress } from '../infra/eventstore/export.js';

const usage =
  'usage: npm run events -- export [--format ndjson|csv] [--from ISO] [--to ISO] [--stream PREFIX] [--type TYPE[,TYPE]] [--out FILE]\n\n' +
  'Streams the events, filtered, for analysis (docs/analysts.md). To back up and restore a store: npm run backup / npm run restore (docs/backup.md).';

function bar(p: ExportProgress): string {
  const width = 30;
  const ratio = p.total > 0 ? Math.min(1, p.scanned / p.total) : 1;
  const filled = Math.round(ratio * width);
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ${p.scanned}/${p.total} read, ${p.exported} exported`;
}

function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw new UsageError(`--${name}: not a date or time: ${value}`);
  return d;
}

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
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
  if (positionals[0] === 'import') throw new CliError('events import is gone: restore a backup with npm run restore -- FILE (docs/backup.md)');
  if (positionals[0] !== 'export' || positionals.length > 1) throw new UsageError(positionals.length === 0 ? 'no command' : `unknown command '${positionals.join(' ')}'`);
  if (values.format !== 'ndjson' && values.format !== 'csv') throw new UsageError(`--format: ndjson or csv, not ${values.format}`);
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

runCli(main, usage);
