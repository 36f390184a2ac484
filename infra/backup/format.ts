/**
 * The backup file (`npm run backup`, `npm run restore`; docs/backup.md): gzip-compressed lines of
 * JSON, in this order:
 *
 *   header        what wrote it and how many events follow
 *   credential*   one per account: its password hash (the file is secret)
 *   event*        every event in the store's order, with its id, stream, revision, type, schema
 *                 version, recorded time (to the microsecond), data and metadata
 *   plant         the plant file of the plant those events record (to read, or import elsewhere)
 *   manifest      the counts, the last position and a SHA-256 of each part
 *
 * The manifest comes last so a backup streams in one pass; a file that lost its end has none and
 * is refused. An event's line is written from the database's own text of its JSON, and the restore
 * checks the restored store by writing the same lines again: equal checksums mean equal events.
 */
import { createHash, type Hash } from 'node:crypto';

export const BACKUP_FORMAT = 'linea-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupHeader {
  kind: 'header';
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  productVersion: string;
  createdAt: string;
  /** Events in the store when the backup began, for a restore's progress (the manifest counts those written). */
  events: number;
}

export interface BackupCredential {
  kind: 'credential';
  username: string;
  passwordHash: string;
  updatedAt: string;
  lastLoginAt: string | null;
}

export interface BackupManifest {
  kind: 'manifest';
  productVersion: string;
  events: number;
  streams: number;
  credentials: number;
  /** The last event's position in the store it came from (a restore gives new positions, same order). */
  lastPosition: { commit: number; prepare: number } | null;
  /** SHA-256 (hex) of each part's lines as written, and of the streams' last revisions. */
  checksums: { plant: string; credentials: string; events: string; streams: string };
}

/** One stored event, its JSON as text: what the database gives and what a line is made of. */
export interface StoredEventText {
  id: string;
  stream: string;
  revision: string | number;
  type: string;
  schemaVersion: number;
  /** ISO 8601 in UTC to the microsecond, `2026-11-28T19:42:41.123456Z`. */
  recordedAt: string;
  data: string;
  metadata: string;
}

/** An event's line. data and metadata go in as the JSON text they are: nothing is parsed to write a backup. */
export function eventLine(e: StoredEventText): string {
  return (
    `{"kind":"event","id":${JSON.stringify(e.id)},"stream":${JSON.stringify(e.stream)},"revision":${e.revision},` +
    `"type":${JSON.stringify(e.type)},"schemaVersion":${e.schemaVersion},"recordedAt":${JSON.stringify(e.recordedAt)},` +
    `"data":${e.data},"metadata":${e.metadata}}\n`
  );
}

/** A stream's line in the streams checksum: its name and last revision. */
export const streamLine = (stream: string, revision: string | number): string => `${JSON.stringify(stream)}\t${revision}\n`;

/**
 * The columns of an event as eventLine wants them, from `es_events`: the recorded time to the
 * microsecond in UTC, data and metadata as PostgreSQL's own text of the jsonb (one text for one value).
 */
export const EVENT_TEXT_COLUMNS = `event_id::text as id, stream_id as stream, stream_revision::text as revision, type,
  schema_version as "schemaVersion", to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "recordedAt",
  data::text as data, metadata::text as metadata`;

/** Each stream's last revision, in an order that does not depend on the database's collation. */
export const STREAMS_QUERY = `select stream_id as stream, max(stream_revision)::text as revision from es_events group by stream_id order by stream_id collate "C"`;

export class Sha256 {
  private readonly hash: Hash = createHash('sha256');
  update(text: string): void {
    this.hash.update(text);
  }
  hex(): string {
    return this.hash.digest('hex');
  }
}

/** A backup or restore that cannot go on: its message is for the person at the console. */
export class BackupError extends Error {}
