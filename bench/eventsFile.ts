/**
 * A generated history kept between bench runs: loading a year of 50 lines through the port
 * takes minutes (much longer on a busy machine), and the reads and rebuilds only need the
 * events. `BENCH_EVENTS_SAVE=dir` writes the store's two tables there after loading;
 * `BENCH_EVENTS_FROM=dir` starts a later run from them instead of generating (the history of
 * the same `--days` and `--lines`, generated on the same day, so the scopes' dates match).
 * Binary COPY files read and written by the database server itself (it must see the folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { writeCredential } from '../infra/auth/credentials.js';
import { hashPassword } from '../infra/auth/passwords.js';
import { createKnex } from '../infra/db/knex.js';
import type { LoadResult } from './historyLoad.js';

const EVENT_COLUMNS = 'global_position, event_id, stream_id, stream_revision, type, schema_version, data, metadata, recorded_at';

const files = (dir: string) => ({ events: path.join(path.resolve(dir), 'es_events.bin'), streams: path.join(path.resolve(dir), 'es_streams.bin') });

export async function withClient<T>(url: string, f: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client(url);
  await c.connect();
  try {
    return await f(c);
  } finally {
    await c.end();
  }
}

/** Writes the events (without their transaction ids, which belong to this cluster) and the streams. */
export async function saveEvents(url: string, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o777 });
  fs.chmodSync(dir, 0o777);
  const f = files(dir);
  await withClient(url, async (c) => {
    await c.query(`copy (select ${EVENT_COLUMNS} from es_events order by global_position) to '${f.events}' with (format binary)`);
    await c.query(`copy es_streams to '${f.streams}' with (format binary)`);
  });
  console.log(`  events saved to ${dir}`);
}

/** Loads saved events into a fresh store: new transaction ids (one transaction, so every reader sees all of them) and the position sequence moved past them. */
export async function restoreEvents(url: string, dir: string): Promise<LoadResult> {
  const f = files(dir);
  const started = performance.now();
  const byType = await withClient(url, async (c) => {
    await c.query('begin');
    await c.query(`copy es_events (${EVENT_COLUMNS}) from '${f.events}' with (format binary)`);
    await c.query(`copy es_streams from '${f.streams}' with (format binary)`);
    await c.query(`select setval(pg_get_serial_sequence('es_events', 'global_position'), (select max(global_position) from es_events))`);
    await c.query('commit');
    await c.query('vacuum analyze es_events');
    return (await c.query<{ type: string; n: string }>('select type, count(*) as n from es_events group by type')).rows;
  });
  // Passwords are not events: the admin's demo password again, for the bench's login.
  const knex = createKnex(url, { max: 1 });
  await writeCredential(knex, 'admin', await hashPassword('demo'), new Date()).finally(() => knex.destroy());
  const events = byType.reduce((a, r) => a + Number(r.n), 0);
  console.log(`  restored ${events} events from ${dir}`);
  return { events, appends: 0, ms: performance.now() - started, byType: new Map(byType.map((r) => [r.type, Number(r.n)])) };
}
