/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` into an EMPTY store, all or
 * nothing, and checks it against the backup's manifest before it commits (docs/backup.md). Ids,
 * revisions and recorded times are kept, so every `as_of` read and every history answers as
 * before. A store that is not empty is refused with nothing written; so is a damaged or cut file,
 * which leaves the store empty. The read models are built at the next start.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { restoreBackup } from '../infra/backup/restore.js';
import { CliError, UsageError } from './cli.js';
import { bar, openStoreDatabase, progressPrinter, runStoreCommand } from './storeCli.js';

const usage = `usage: npm run restore -- FILE

Restores a backup made by 'npm run backup' into an empty store: DATABASE_URL, else the embedded
PostgreSQL of DATA_DIR (created when DATA_DIR does not exist yet). A store that already holds
events or accounts is refused and left as it is. See docs/backup.md.`;

async function main(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('one FILE is needed');
  const file = String(positionals[0]);
  // The file is opened before anything else: a wrong name costs no database start.
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
    if (fs.fstatSync(fd).isDirectory()) throw Object.assign(new Error(), { code: 'EISDIR' });
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw new CliError(code === 'ENOENT' ? `${file}: no such file` : code === 'EISDIR' ? `${file} is a folder, not a backup file` : `${file} cannot be read (${code})`);
  }
  const store = await openStoreDatabase('restore');
  const progress = progressPrinter();
  try {
    const started = performance.now();
    const { manifest } = await restoreBackup(store.client, fs.createReadStream(file, { fd }), {
      source: file,
      onProgress: (p) => progress.update(bar(p.events, p.total, p.phase === 'events' ? 'events restored' : 'events verified')),
    });
    const seconds = (performance.now() - started) / 1000;
    progress.done(
      `restored and verified: ${manifest.events} events in ${manifest.streams} streams, ${manifest.credentials} accounts, ${seconds.toFixed(1)} s ` +
        `(${Math.round(manifest.events / Math.max(seconds, 0.001))} events/s). The read models are built at the next start.`,
    );
    return 0;
  } finally {
    await store.close();
  }
}

runStoreCommand('restore', main, usage);
