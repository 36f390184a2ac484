/**
 * Writes a backup (infra/backup/format.ts) of a PostgreSQL event store and its credentials, read
 * in one snapshot of the database: the events, the accounts' hashes and the plant file all belong
 * to one moment, whatever the running app writes meanwhile. Streams through a cursor into gzip,
 * waiting for the file to drain: memory holds one page whatever the store's size.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type pg from 'pg';
import { createCatalog } from '../../domain/catalog.js';
import { dbrFold } from '../../domain/dbr/state.js';
import type { DbrConstants } from '../../domain/dbr/constants.js';
import { PLANT_STREAM } from '../../domain/plant/events.js';
import { plantFileOf } from '../../domain/plant/plantFileOf.js';
import { plantFold } from '../../domain/plant/state.js';
import { START, type EventStore, type Position, type RecordedEvent } from '../../domain/shared/eventStore.js';
import { CREDENTIALS_TABLE } from '../auth/credentials.js';
import { productVersion } from '../version.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  EVENT_TEXT_COLUMNS,
  eventLine,
  Sha256,
  STREAMS_QUERY,
  streamLine,
  type BackupCredential,
  type BackupHeader,
  type BackupManifest,
  type StoredEventText,
} from './format.js';

export interface BackupProgress {
  events: number;
  total: number;
}

export interface BackupOptions {
  /** Events fetched from the cursor at a time. */
  pageSize?: number;
  onProgress?: (p: BackupProgress) => void;
  now?: Date;
  /**
   * Read the events from this store through the port (a KurrentDB store) rather than from the
   * database of `client`, which then gives the accounts only. Without a snapshot across the two:
   * stop the app first for a backup of one moment.
   */
  events?: EventStore;
}

const DBR_PREFIX = 'dbr-constants-';

/**
 * The plant as the events written so far fold it: the plant stream and the lines' DBR constants,
 * folded as the commands fold them. The backup feeds it those events as they pass, so the plant
 * file belongs to the same moment as the events, from any store.
 */
class PlantFolder {
  private readonly catalog = createCatalog();
  private plant = plantFold.initialState;
  private readonly dbr = new Map<number, typeof dbrFold.initialState>();

  static wants(stream: string): boolean {
    return stream === PLANT_STREAM || stream.startsWith(DBR_PREFIX);
  }

  add(e: StoredEventText): void {
    const recorded: RecordedEvent = {
      id: e.id,
      streamId: e.stream,
      revision: Number(e.revision),
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: JSON.parse(e.data) as Record<string, unknown>,
      metadata: JSON.parse(e.metadata) as RecordedEvent['metadata'],
      position: { commit: 0, prepare: 0 },
      recordedAt: e.recordedAt,
    };
    const event = this.catalog.decode(recorded) as unknown;
    if (e.stream === PLANT_STREAM) this.plant = plantFold.evolve(this.plant, event as Parameters<typeof plantFold.evolve>[1]);
    else {
      const lineId = Number(e.stream.slice(DBR_PREFIX.length));
      this.dbr.set(lineId, dbrFold.evolve(this.dbr.get(lineId) ?? dbrFold.initialState, event as Parameters<typeof dbrFold.evolve>[1]));
    }
  }

  file(): unknown {
    const constants = new Map<number, DbrConstants>();
    for (const [lineId, state] of this.dbr) if (state.constants) constants.set(lineId, state.constants);
    return plantFileOf(this.plant, constants);
  }
}

type Page = Array<StoredEventText & { position: { commit: number; prepare: number } }>;

/** The PostgreSQL store's events in its order, from a cursor of the snapshot `client` is in. */
async function* cursorPages(client: pg.PoolClient | pg.Client, pageSize: number): AsyncGenerator<Page> {
  await client.query(`declare linea_backup no scroll cursor for
    select ${EVENT_TEXT_COLUMNS}, transaction_id::text as tx, global_position::text as gp
      from es_events order by transaction_id, global_position`);
  for (;;) {
    const page = await client.query<StoredEventText & { tx: string; gp: string }>(`fetch ${pageSize} from linea_backup`);
    if (page.rows.length === 0) break;
    yield page.rows.map((r) => ({ ...r, position: { commit: Number(r.tx), prepare: Number(r.gp) } }));
  }
  await client.query('close linea_backup');
}

/**
 * Any store's events through the port's readAll (a KurrentDB store), their JSON and times put in
 * the text PostgreSQL gives them, so the lines are those a PostgreSQL store of the same events
 * writes and a restore into one reads back to the same checksums.
 */
async function* storePages(store: EventStore, client: pg.PoolClient | pg.Client, pageSize: number): AsyncGenerator<Page> {
  let after: Position = START;
  for (;;) {
    const events = await store.readAll({ after, limit: pageSize });
    if (events.length === 0) break;
    const texts = await client.query<{ recordedAt: string; data: string; metadata: string }>(
      `select to_char(u.at::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "recordedAt", u.d::jsonb::text as data, u.m::jsonb::text as metadata
         from unnest($1::text[], $2::text[], $3::text[]) with ordinality as u(at, d, m, n) order by u.n`,
      [events.map((e) => e.recordedAt), events.map((e) => JSON.stringify(e.data)), events.map((e) => JSON.stringify(e.metadata))],
    );
    yield events.map((e, i) => ({
      id: e.id,
      stream: e.streamId,
      revision: e.revision,
      type: e.type,
      schemaVersion: e.schemaVersion,
      ...texts.rows[i]!,
      position: e.position,
    }));
    after = events.at(-1)!.position;
  }
}

/**
 * Writes the whole backup of the database `client` is connected to into `out` (gzip-compressed);
 * resolves with its manifest once `out` has it all. The client is used alone, in a read-only
 * snapshot transaction, and left as it was found.
 */
export async function writeBackup(client: pg.PoolClient | pg.Client, out: Writable, options: BackupOptions = {}): Promise<BackupManifest> {
  const source = options.events;
  const pageSize = options.pageSize ?? 2000;
  const gzip = createGzip({ level: 6 });
  gzip.pipe(out);
  const finished = new Promise<void>((resolve, reject) => {
    out.once('finish', resolve);
    out.once('close', resolve);
    out.once('error', reject);
    gzip.once('error', reject);
  });
  const write = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };

  await client.query('begin isolation level repeatable read read only');
  try {
    const total = source ? await source.countAfter(START) : Number((await client.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n);
    const header: BackupHeader = {
      kind: 'header',
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      productVersion: productVersion(),
      createdAt: (options.now ?? new Date()).toISOString(),
      events: total,
    };
    await write(`${JSON.stringify(header)}\n`);

    const credentialSum = new Sha256();
    const credentials = await client.query<{ username: string; password_hash: string; updated_at: string; last_login_at: string | null }>(
      `select username, password_hash,
         to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as updated_at,
         to_char(last_login_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_login_at
       from ${CREDENTIALS_TABLE} order by username collate "C"`,
    );
    for (const c of credentials.rows) {
      const line: BackupCredential = { kind: 'credential', username: c.username, passwordHash: c.password_hash, updatedAt: c.updated_at, lastLoginAt: c.last_login_at };
      const text = `${JSON.stringify(line)}\n`;
      credentialSum.update(text);
      await write(text);
    }

    const eventSum = new Sha256();
    const plant = new PlantFolder();
    const streamRevisions = new Map<string, number>();
    let events = 0;
    let lastPosition: BackupManifest['lastPosition'] = null;
    for await (const page of source ? storePages(source, client, pageSize) : cursorPages(client, pageSize)) {
      let chunk = '';
      for (const e of page) {
        chunk += eventLine(e);
        if (PlantFolder.wants(e.stream)) plant.add(e);
        if (source) streamRevisions.set(e.stream, Number(e.revision));
      }
      eventSum.update(chunk);
      await write(chunk);
      events += page.length;
      lastPosition = page.at(-1)!.position;
      options.onProgress?.({ events, total: Math.max(total, events) });
    }

    const plantSum = new Sha256();
    const plantLine = `${JSON.stringify({ kind: 'plant', plant: plant.file() })}\n`;
    plantSum.update(plantLine);
    await write(plantLine);

    const streamSum = new Sha256();
    // Each stream's last revision, in the order STREAMS_QUERY gives them: by the stream's bytes.
    const streams = source
      ? [...streamRevisions].sort(([a], [b]) => Buffer.compare(Buffer.from(a), Buffer.from(b))).map(([stream, revision]) => ({ stream, revision: String(revision) }))
      : (await client.query<{ stream: string; revision: string }>(STREAMS_QUERY)).rows;
    for (const s of streams) streamSum.update(streamLine(s.stream, s.revision));

    const manifest: BackupManifest = {
      kind: 'manifest',
      productVersion: header.productVersion,
      events,
      streams: streams.length,
      credentials: credentials.rows.length,
      lastPosition,
      checksums: { plant: plantSum.hex(), credentials: credentialSum.hex(), events: eventSum.hex(), streams: streamSum.hex() },
    };
    await write(`${JSON.stringify(manifest)}\n`);
    await client.query('commit');
    gzip.end();
    await finished;
    return manifest;
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    gzip.destroy();
    throw err;
  }
}
