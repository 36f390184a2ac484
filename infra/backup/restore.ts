/**
 * Puts a backup (infra/backup/format.ts) into an empty PostgreSQL event store, all or nothing: one
 * transaction writes the events (their ids, revisions and recorded times as they were, in the
 * file's order), the streams and the credentials, then checks the store it wrote against the
 * manifest (event count, each stream's last revision, the checksums) and commits only if all
 * agree. A damaged, cut or foreign file, or a store that is not empty, ends in a BackupError and
 * the store as it was. The file is read as a stream of gzip chunks: memory holds a batch.
 */
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { CREDENTIALS_TABLE } from '../auth/credentials.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
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

export const RESTORES_TABLE = 'store_restores';

export interface RestoreProgress {
  phase: 'events' | 'verify';
  events: number;
  total: number;
}

export interface RestoreOptions {
  /** Events written per statement. */
  batchSize?: number;
  onProgress?: (p: RestoreProgress) => void;
  /** Recorded with the restore (the file's name), for whoever reads the store later. */
  source?: string;
}

export interface RestoreResult {
  header: BackupHeader;
  manifest: BackupManifest;
}

interface EventLine {
  kind: 'event';
  id: string;
  stream: string;
  revision: number;
  type: string;
  schemaVersion: number;
  recordedAt: string;
  data: unknown;
  metadata: unknown;
}

/** The lines of a gzip stream, each without its newline; a gzip error names the file as damaged. */
async function* lines(input: Readable): AsyncGenerator<string> {
  const gunzip = createGunzip();
  input.once('error', (err) => gunzip.destroy(err));
  input.pipe(gunzip);
  // Decoded as one text, so a character whose bytes fall across two chunks stays whole.
  gunzip.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      const text = rest + (chunk as string);
      const parts = text.split('\n');
      rest = parts.pop()!;
      yield* parts;
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw err;
    throw new BackupError(`the file is damaged or cut short (${(err as Error).message})`);
  }
  if (rest !== '') yield rest;
}

function parse(line: string, n: number): { kind?: unknown } & Record<string, unknown> {
  try {
    const v = JSON.parse(line) as unknown;
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // Reported below.
  }
  throw new BackupError(`line ${n} of the backup is not one of its records: the file is damaged`);
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function checkEvent(v: Record<string, unknown>, n: number): EventLine {
  if (
    !isText(v.id) ||
    !isText(v.stream) ||
    !isCount(v.revision) ||
    !isText(v.type) ||
    !isCount(v.schemaVersion) ||
    !isText(v.recordedAt) ||
    !v.data ||
    typeof v.data !== 'object' ||
    !v.metadata ||
    typeof v.metadata !== 'object'
  )
    throw new BackupError(`line ${n} is not a whole event (id, stream, revision, type, schemaVersion, recordedAt, data, metadata): the file is damaged`);
  return v as unknown as EventLine;
}

function checkCredential(v: Record<string, unknown>, n: number): BackupCredential {
  if (!isText(v.username) || !isText(v.passwordHash) || !isText(v.updatedAt) || !(v.lastLoginAt === null || isText(v.lastLoginAt)))
    throw new BackupError(`line ${n} is not a whole account (username, passwordHash, updatedAt, lastLoginAt): the file is damaged`);
  return v as unknown as BackupCredential;
}

const INSERT_EVENTS = `insert into es_events (event_id, stream_id, stream_revision, type, schema_version, recorded_at, data, metadata)
  select u.id, u.stream, u.rev, u.type, u.ver, u.at, u.data::jsonb, u.meta::jsonb
    from unnest($1::uuid[], $2::text[], $3::bigint[], $4::text[], $5::int[], $6::timestamptz[], $7::text[], $8::text[])
      with ordinality as u(id, stream, rev, type, ver, at, data, meta, n)
   order by u.n`;

class EventBatch {
  ids: string[] = [];
  streams: string[] = [];
  revisions: number[] = [];
  types: string[] = [];
  versions: number[] = [];
  recordedAts: string[] = [];
  datas: string[] = [];
  metas: string[] = [];
  push(e: EventLine): void {
    this.ids.push(e.id);
    this.streams.push(e.stream);
    this.revisions.push(e.revision);
    this.types.push(e.type);
    this.versions.push(e.schemaVersion);
    this.recordedAts.push(e.recordedAt);
    this.datas.push(JSON.stringify(e.data));
    this.metas.push(JSON.stringify(e.metadata));
  }
  get size(): number {
    return this.ids.length;
  }
  values(): unknown[] {
    return [this.ids, this.streams, this.revisions, this.types, this.versions, this.recordedAts, this.datas, this.metas];
  }
}

/** Database errors of the inserts that mean the file's own content does not hold together. */
function contentError(err: unknown): never {
  const e = err as { code?: string; message?: string; detail?: string };
  if (e.code === '23505') throw new BackupError(`the backup holds the same event or stream revision twice (${e.detail ?? e.message}): the file is damaged`);
  if (e.code?.startsWith('22')) throw new BackupError(`the backup holds a value the store cannot take (${e.message}): the file is damaged`);
  throw err;
}

/** What makes a store non-empty for a restore, counted: nothing of it may be overwritten or mixed. */
async function contents(client: pg.PoolClient | pg.Client): Promise<{ events: number; streams: number; accounts: number }> {
  const r = await client.query<{ events: string; streams: string; accounts: string }>(
    `select (select count(*) from es_events) as events, (select count(*) from es_streams) as streams, (select count(*) from ${CREDENTIALS_TABLE}) as accounts`,
  );
  const row = r.rows[0]!;
  return { events: Number(row.events), streams: Number(row.streams), accounts: Number(row.accounts) };
}

export async function restoreBackup(client: pg.PoolClient | pg.Client, input: Readable, options: RestoreOptions = {}): Promise<RestoreResult> {
  const batchSize = options.batchSize ?? 2000;
  await client.query('begin');
  try {
    // Nothing else writes events, streams or accounts while the restore runs (reads go on).
    await client.query(`lock table es_events, es_streams, ${CREDENTIALS_TABLE}, ${RESTORES_TABLE} in exclusive mode`);
    const found = await contents(client);
    if (found.events + found.streams + found.accounts > 0)
      throw new BackupError(
        `the store is not empty (${found.events} events, ${found.accounts} accounts): a restore goes into an empty store only. ` +
          'Restore into a new DATA_DIR or an empty database; nothing was written.',
      );

    let header: BackupHeader | null = null;
    let manifest: BackupManifest | null = null;
    let plantSeen = false;
    const sums = { plant: new Sha256(), credentials: new Sha256(), events: new Sha256() };
    let credentials = 0;
    let events = 0;
    let batch = new EventBatch();
    let pending: Promise<unknown> | null = null;
    const flush = async () => {
      if (batch.size === 0) return;
      const values = batch.values();
      batch = new EventBatch();
      if (pending) await pending;
      pending = client.query({ text: INSERT_EVENTS, values }).catch(contentError);
    };

    let n = 0;
    for await (const line of lines(input)) {
      n++;
      if (manifest) throw new BackupError(`line ${n} follows the manifest, which ends a backup: the file is damaged`);
      const record = parse(line, n);
      if (!header) {
        if (record.kind !== 'header' || record.format !== BACKUP_FORMAT)
          throw new BackupError('this is not a Linea backup (no header line): make one with `npm run backup -- FILE`');
        if (typeof record.formatVersion !== 'number' || record.formatVersion > BACKUP_FORMAT_VERSION)
          throw new BackupError(
            `the backup is of format ${String(record.formatVersion)}, newer than this version reads (${BACKUP_FORMAT_VERSION}): restore with the version that wrote it`,
          );
        if (!isCount(record.events)) throw new BackupError('the backup header has no event count: the file is damaged');
        header = record as unknown as BackupHeader;
        continue;
      }
      const text = `${line}\n`;
      switch (record.kind) {
        case 'plant':
          if (plantSeen) throw new BackupError(`line ${n}: a second plant record: the file is damaged`);
          plantSeen = true;
          sums.plant.update(text);
          break;
        case 'credential':
          if (events > 0 || plantSeen) throw new BackupError(`line ${n}: an account after the events: the file is damaged`);
          checkCredential(record, n);
          await client
            .query(`insert into ${CREDENTIALS_TABLE} (username, password_hash, updated_at, last_login_at) values ($1, $2, $3, $4)`, [
              record.username,
              record.passwordHash,
              record.updatedAt,
              record.lastLoginAt,
            ])
            .catch(contentError);
          credentials++;
          sums.credentials.update(text);
          break;
        case 'event':
          if (plantSeen) throw new BackupError(`line ${n}: an event after the plant record: the file is damaged`);
          batch.push(checkEvent(record, n));
          events++;
          sums.events.update(text);
          if (batch.size >= batchSize) {
            await flush();
            options.onProgress?.({ phase: 'events', events, total: Math.max(header.events, events) });
          }
          break;
        case 'manifest':
          manifest = record as unknown as BackupManifest;
          break;
        default:
          throw new BackupError(`line ${n} is not one of a backup's records: the file is damaged`);
      }
    }
    if (!header) throw new BackupError('the file is empty: it holds no backup');
    if (!manifest) throw new BackupError('the file ends before its manifest: it was cut short (a copy or a disk that filled up?)');
    await flush();
    if (pending) await pending;
    options.onProgress?.({ phase: 'events', events, total: Math.max(header.events, events) });

    // The file against its manifest: nothing lost, nothing changed on the way.
    const m = manifest;
    if (!plantSeen) throw new BackupError('the backup has no plant record: the file is damaged');
    if (m.events !== events) throw new BackupError(`the manifest counts ${m.events} events, the file holds ${events}: the file is damaged`);
    if (m.credentials !== credentials) throw new BackupError(`the manifest counts ${m.credentials} accounts, the file holds ${credentials}: the file is damaged`);
    for (const part of ['plant', 'credentials', 'events'] as const)
      if (m.checksums?.[part] !== sums[part].hex()) throw new BackupError(`the ${part} of the file do not match the manifest's checksum: the file is damaged`);

    // The streams' revisions come from their events; each stream must run from 0 without a gap.
    await client.query(`insert into es_streams (stream_id, revision) select stream_id, max(stream_revision) from es_events group by stream_id`);
    const gaps = await client.query<{ stream: string }>(
      `select stream_id as stream from es_events group by stream_id having min(stream_revision) <> 0 or max(stream_revision) + 1 <> count(*) limit 1`,
    );
    if (gaps.rows.length > 0) throw new BackupError(`stream ${gaps.rows[0]!.stream} misses revisions in the backup: the file is damaged`);

    await verifyStore(client, m, options);
    await client.query(`insert into ${RESTORES_TABLE} (restored_at, backup_created_at, product_version, events, source, manifest) values (now(), $1, $2, $3, $4, $5)`, [
      header.createdAt,
      header.productVersion,
      events,
      options.source ?? null,
      JSON.stringify(m),
    ]);
    await client.query('commit');
    return { header, manifest: m };
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  }
}

/** The written store read back as a backup would write it: the same checksums, or the restore does not commit. */
async function verifyStore(client: pg.PoolClient | pg.Client, m: BackupManifest, options: RestoreOptions): Promise<void> {
  const sum = new Sha256();
  let read = 0;
  await client.query(`declare linea_verify no scroll cursor for select ${EVENT_TEXT_COLUMNS} from es_events order by transaction_id, global_position`);
  for (;;) {
    const page = await client.query<StoredEventText>('fetch 5000 from linea_verify');
    if (page.rows.length === 0) break;
    let chunk = '';
    for (const row of page.rows) chunk += eventLine(row);
    sum.update(chunk);
    read += page.rows.length;
    options.onProgress?.({ phase: 'verify', events: read, total: m.events });
  }
  await client.query('close linea_verify');
  if (read !== m.events || sum.hex() !== m.checksums.events) throw new BackupError('the restored events read back differ from the backup: nothing was restored');
  const streams = await client.query<{ stream: string; revision: string }>(STREAMS_QUERY);
  const streamSum = new Sha256();
  for (const s of streams.rows) streamSum.update(streamLine(s.stream, s.revision));
  if (streams.rows.length !== m.streams || streamSum.hex() !== m.checksums.streams)
    throw new BackupError("the restored streams' revisions differ from the backup's: nothing was restored");
}
