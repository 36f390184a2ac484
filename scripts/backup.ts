/**
 * `npm run backup -- FILE`: one compressed file with everything a plant needs to come back
 * (docs/backup.md): every event with its id, stream, revision, type, data, metadata and recorded
 * time; the accounts' password hashes (the file is secret); the plant file; a manifest. Read in one
 * snapshot while the app runs; written to FILE.partial and renamed when whole, so FILE is never
 * half a backup. `-` writes to stdout. With EVENTSTORE_CONNECTION_STRING the events come from that
 * KurrentDB store (then stop the app first: the two stores share no snapshot), which is how a
 * plant moves from KurrentDB to the PostgreSQL store: backup there, restore here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBackup } from '../infra/backup/backup.js';
import { UsageError } from './cli.js';
import { bar, openStoreDatabase, progressPrinter, runStoreCommand } from './storeCli.js';

const usage = `usage: npm run backup -- FILE

Writes a backup of this installation's event store and accounts into FILE (gzip-compressed lines
of JSON; '-' writes to stdout). Uses the database npm start uses: DATABASE_URL, else the embedded
PostgreSQL of DATA_DIR (started for the backup when the app is not running); the events come
from KurrentDB when EVENTSTORE_CONNECTION_STRING is set.
The file holds the password hashes: keep it as secret as the database. See docs/backup.md.`;

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('one FILE is needed');
  const file = String(positionals[0]);
  const toStdout = file === '-';
  if (!toStdout && !fs.existsSync(path.dirname(path.resolve(file)))) throw new UsageError(`the folder of ${file} does not exist`);
  const store = await openStoreDatabase('backup');
  const partial = `${file}.partial`;
  const out = toStdout ? process.stdout : fs.createWriteStream(partial, { mode: 0o600 });
  const progress = progressPrinter();
  try {
    const started = performance.now();
    const manifest = await writeBackup(store.client, out, { events: store.kurrent ?? undefined, onProgress: (p) => progress.update(bar(p.events, p.total, 'events')) });
    if (!toStdout) fs.renameSync(partial, file);
    const seconds = (performance.now() - started) / 1000;
    progress.done(
      `${bar(manifest.events, manifest.events, 'events')}\nbackup written${toStdout ? '' : ` to ${file}`}: ${manifest.events} events in ${manifest.streams} streams, ` +
        `${manifest.credentials} accounts, ${seconds.toFixed(1)} s`,
    );
    return 0;
  } catch (err) {
    if (!toStdout) fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    await store.close();
  }
}

runStoreCommand('backup', main, usage);
