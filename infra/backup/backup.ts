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
import type { EventOf } from '../../domain/shared/catalog.js';
import type { RecordedEvent } from '../../domain/shared/eventStore.js';
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
}

const DBR_PREFIX = 'dbr-constants-';

/** The plant file as of the snapshot: the plant stream and the lines' DBR constants, folded as the commands fold them. */
async function plantFileIn(client: pg.PoolClient | pg.Client): Promise<unknown> {
  const catalog = createCatalog();
  const r = await client.query<{ stream: string; revision: string; type: string; schemaVersion: number; data: Record<string, unknown>; metadata: RecordedEvent['metadata'] }>(
    `select stream_id as stream, stream_revision::text as revision, type, schema_version as "schemaVersion", data, metadata
       from es_events where stream_id = $1 or stream_id like $2 order by stream_id, stream_revision`,
    [PLANT_STREAM, `${DBR_PREFIX}%`],
  );
  const decode = (row: (typeof r.rows)[number]) =>
    catalog.decode({
      id: '',
      streamId: row.stream,
      revision: Number(row.revision),
      type: row.type,
      schemaVersion: row.schemaVersion,
      data: row.data,
      metadata: row.metadata,
      position: { commit: 0, prepare: 0 },
      recordedAt: '',
    }) as unknown;
  let plant = plantFold.initialState;
  const dbr = new Map<number, DbrConstants>();
  const byLine = new Map<number, typeof dbrFold.initialState>();
  for (const row of r.rows) {
    if (row.stream === PLANT_STREAM) plant = plantFold.evolve(plant, decode(row) as Parameters<typeof plantFold.evolve>[1]);
    else {
      const lineId = Number(row.stream.slice(DBR_PREFIX.length));
      byLine.set(lineId, dbrFold.evolve(byLine.get(lineId) ?? dbrFold.initialState, decode(row) as EventOf as Parameters<typeof dbrFold.evolve>[1]));
    }
  }
  for (const [lineId, state] of byLine) if (state.constants) dbr.set(lineId, state.constants);
  return plantFileOf(plant, dbr);
}

/**
 * Writes the whole backup of the database `client` is connected to into `out` (gzip-compressed);
 * resolves with its manifest once `out` has it all. The client is used alone, in a read-only
 * snapshot transaction, and left as it was found.
 */
export async function writeBackup(client: pg.PoolClient | pg.Client, out: Writable, options: BackupOptions = {}): Promise<BackupManifest> {
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
    const total = Number((await client.query<{ n: string }>('select count(*) as n from es_events')).rows[0]!.n);
    const header: BackupHeader = {
      kind: 'header',
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      productVersion: productVersion(),
      createdAt: (options.now ?? new Date()).toISOString(),
      events: total,
    };
    await write(`${JSON.stringify(header)}\n`);

    const plantSum = new Sha256();
    const plantLine = `${JSON.stringify({ kind: 'plant', plant: await plantFileIn(client) })}\n`;
    plantSum.update(plantLine);
    await write(plantLine);

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
    let events = 0;
    let lastPosition: BackupManifest['lastPosition'] = null;
    await client.query(`declare linea_backup no scroll cursor for
      select ${EVENT_TEXT_COLUMNS}, transaction_id::text as tx, global_position::text as gp
        from es_events order by transaction_id, global_position`);
    for (;;) {
      const page = await client.query<StoredEventText & { tx: string; gp: string }>(`fetch ${pageSize} from linea_backup`);
      if (page.rows.length === 0) break;
      let chunk = '';
      for (const row of page.rows) chunk += eventLine(row);
      eventSum.update(chunk);
      await write(chunk);
      events += page.rows.length;
      const last = page.rows.at(-1)!;
      lastPosition = { commit: Number(last.tx), prepare: Number(last.gp) };
      options.onProgress?.({ events, total });
    }
    await client.query('close linea_backup');

    const streamSum = new Sha256();
    const streams = await client.query<{ stream: string; revision: string }>(STREAMS_QUERY);
    for (const s of streams.rows) streamSum.update(streamLine(s.stream, s.revision));

    const manifest: BackupManifest = {
      kind: 'manifest',
      productVersion: header.productVersion,
      events,
      streams: streams.rows.length,
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
