/**
 * Benchmark 8 (`npm run bench -- backup`): the product's own backup and restore
 * (infra/backup) over about a million events, the two years of 50 lines the history section
 * loads. Goals: restore at least 5,000 events/s, and memory flat in both directions (the
 * process's peak RSS above its RSS before, against the same at a tenth of the events). The
 * baseline of the same run is PostgreSQL's own binary COPY of the same two tables into a fresh
 * database: what moving the rows costs without any of the product's work.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeBackup } from '../infra/backup/backup.js';
import { restoreBackup } from '../infra/backup/restore.js';
import { migrateDatabase } from '../infra/db/migrations.js';
import { restoreEvents, saveEvents, withClient } from './eventsFile.js';
import { loadEvenHistory } from './historyLoad.js';
import { defaultHistoryOptions, historyCalendar, loadavg, prepare } from './history.js';
import { createDatabase, fmt, now, printTable, type BenchDatabase } from './support.js';

export interface BackupBenchOptions {
  lines: number;
  days: number;
}

export const defaultBackupBenchOptions: BackupBenchOptions = { lines: 50, days: 730 };

export const RESTORE_GOAL = 5_000;

interface Pass {
  events: number;
  seconds: number;
  /** Peak RSS above the RSS at the start, MiB. */
  rssGrowthMiB: number;
}

/** Runs `task` while sampling the process's RSS every 50 ms. */
async function measured(task: () => Promise<number>): Promise<Pass> {
  global.gc?.();
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const started = now();
  try {
    const events = await task();
    return { events, seconds: (now() - started) / 1000, rssGrowthMiB: (Math.max(peak, process.memoryUsage().rss) - base) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

/** A backup of `url` into `file`, then its restore into a new database: both passes measured. */
async function roundTrip(adminUrl: string, url: string, file: string, label: string): Promise<{ backup: Pass; restore: Pass; bytes: number; target: BenchDatabase }> {
  const backup = await measured(() => withClient(url, async (c) => (await writeBackup(c, fs.createWriteStream(file))).events));
  const target = await createDatabase(adminUrl, label);
  await migrateDatabase(target.url);
  const restore = await measured(() => withClient(target.url, async (c) => (await restoreBackup(c, fs.createReadStream(file))).manifest.events));
  return { backup, restore, bytes: fs.statSync(file).size, target };
}

export async function benchBackup(adminUrl: string, o: BackupBenchOptions = defaultBackupBenchOptions): Promise<void> {
  const { clock, days, calendarEnd, setupAt } = historyCalendar(o.days);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linea-bench-backup-'));
  fs.chmodSync(dir, 0o777);
  const dbs: BenchDatabase[] = [];
  try {
    console.log(`\n## 8. Backup and restore: ${o.lines} lines x ${o.days} days  [loadavg ${loadavg()}]`);
    let source: BenchDatabase;
    const from = process.env.BENCH_EVENTS_FROM;
    if (from) {
      source = await createDatabase(adminUrl, 'backup');
      await restoreEvents(source.url, from);
    } else {
      const prepared = await prepare(adminUrl, 'backup', { ...defaultHistoryOptions, lines: o.lines, days: o.days }, days, calendarEnd, setupAt);
      source = prepared.db;
      await loadEvenHistory(source.url, prepared.plant, days, clock, [3, 6]);
      if (process.env.BENCH_EVENTS_SAVE) await saveEvents(source.url, process.env.BENCH_EVENTS_SAVE);
    }
    dbs.push(source);
    const total = await withClient(source.url, async (c) => Number((await c.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n));

    // The same product code over a tenth of the history, for the memory comparison.
    const tenth = await createDatabase(adminUrl, 'backup_tenth');
    dbs.push(tenth);
    const small = await withClient(source.url, async (c) => {
      const n = Math.round(total / 10);
      const saveDir = path.join(dir, 'tenth');
      fs.mkdirSync(saveDir, { mode: 0o777 });
      fs.chmodSync(saveDir, 0o777);
      // Whole streams only: the first tenth of the store's order, then every event of the streams it touched before that point.
      await c.query(
        `copy (select global_position, event_id, stream_id, stream_revision, type, schema_version, data, metadata, recorded_at from es_events
           where stream_id in (select distinct stream_id from (select stream_id from es_events order by transaction_id, global_position limit ${n}) f)
           order by global_position) to '${path.join(saveDir, 'es_events.bin')}' with (format binary)`,
      );
      await c.query(
        `copy (select stream_id, max(stream_revision) from es_events
           where stream_id in (select distinct stream_id from (select stream_id from es_events order by transaction_id, global_position limit ${n}) f)
           group by stream_id) to '${path.join(saveDir, 'es_streams.bin')}' with (format binary)`,
      );
      return saveDir;
    });
    await restoreEvents(tenth.url, small);

    // Baseline: PostgreSQL's binary COPY out and into a fresh database, same tables.
    const copyDir = path.join(dir, 'copy');
    const copyOut = await measured(async () => {
      await saveEvents(source.url, copyDir);
      return total;
    });
    const copyTarget = await createDatabase(adminUrl, 'backup_copy');
    dbs.push(copyTarget);
    const copyIn = await measured(async () => (await restoreEvents(copyTarget.url, copyDir)).events);

    const little = await roundTrip(adminUrl, tenth.url, path.join(dir, 'tenth.backup'), 'backup_rt_tenth');
    dbs.push(little.target);
    const whole = await roundTrip(adminUrl, source.url, path.join(dir, 'whole.backup'), 'backup_rt_whole');
    dbs.push(whole.target);

    const rate = (p: Pass) => p.events / p.seconds;
    printTable(
      'Backup and restore (the product code against PostgreSQL binary COPY of the same rows)',
      [
        {
          step: 'COPY out (baseline)',
          events: fmt(copyOut.events),
          seconds: fmt(copyOut.seconds, 1),
          'events/s': fmt(rate(copyOut)),
          'vs COPY': '1.00x',
          'RSS +MiB': fmt(copyOut.rssGrowthMiB, 1),
          goal: '',
        },
        {
          step: 'npm run backup',
          events: fmt(whole.backup.events),
          seconds: fmt(whole.backup.seconds, 1),
          'events/s': fmt(rate(whole.backup)),
          'vs COPY': `${(rate(whole.backup) / rate(copyOut)).toFixed(2)}x`,
          'RSS +MiB': fmt(whole.backup.rssGrowthMiB, 1),
          goal: '',
        },
        {
          step: 'COPY in (baseline)',
          events: fmt(copyIn.events),
          seconds: fmt(copyIn.seconds, 1),
          'events/s': fmt(rate(copyIn)),
          'vs COPY': '1.00x',
          'RSS +MiB': fmt(copyIn.rssGrowthMiB, 1),
          goal: '',
        },
        {
          step: 'npm run restore (verified)',
          events: fmt(whole.restore.events),
          seconds: fmt(whole.restore.seconds, 1),
          'events/s': fmt(rate(whole.restore)),
          'vs COPY': `${(rate(whole.restore) / rate(copyIn)).toFixed(2)}x`,
          'RSS +MiB': fmt(whole.restore.rssGrowthMiB, 1),
          goal: `>= ${fmt(RESTORE_GOAL)} events/s`,
        },
      ],
      [
        `backup file ${fmt(whole.bytes / 2 ** 20, 1)} MiB (${fmt(whole.bytes / whole.backup.events, 1)} bytes an event)`,
        `memory, a tenth of the events (${fmt(little.backup.events)}): backup RSS +${fmt(little.backup.rssGrowthMiB, 1)} MiB, restore +${fmt(little.restore.rssGrowthMiB, 1)} MiB; ` +
          `the whole: backup +${fmt(whole.backup.rssGrowthMiB, 1)} MiB, restore +${fmt(whole.restore.rssGrowthMiB, 1)} MiB (flat: about the same at ten times the events)`,
        `restore goal ${rate(whole.restore) >= RESTORE_GOAL ? 'met' : 'MISSED'}: ${fmt(rate(whole.restore))} events/s; /proc/loadavg after: ${loadavg()}`,
      ],
    );
  } finally {
    for (const db of dbs.reverse()) await db.drop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
