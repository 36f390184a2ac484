import { neutralizeFormula } from '../../domain/shared/spreadsheet.js';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { START, type EventStore, type Position, type RecordedEvent } from '../../domain/shared/eventStore.js';

export type ExportFormat = 'ndjson' | 'csv';

export interface ExportFilter {
  /** Events recorded at or after this instant. */
  from?: Date;
  /** Events recorded before this instant. */
  to?: Date;
  /** Only streams whose name starts with this, e.g. 'unplanned-stops-'. */
  streamPrefix?: string;
  /** Only these event types; empty or absent: every type. */
  types?: readonly string[];
}

export interface ExportProgress {
  /** Events read from the store so far (exported or filtered out). */
  scanned: number;
  /** Events in the store when the export began. */
  total: number;
  /** Events written. */
  exported: number;
}

/** The CSV columns, in order; `data` and `metadata` beyond these are JSON text. */
export const CSV_COLUMNS = [
  'commit',
  'prepare',
  'id',
  'stream',
  'revision',
  'type',
  'schema_version',
  'recorded_at',
  'occurred_at',
  'user_id',
  'username',
  'role',
  'correlation_id',
  'causation_id',
  'data',
] as const;

/** Text cells that start like a formula get a leading apostrophe (domain/shared/spreadsheet.ts); numbers and JSON are kept. */
const csvCell = (v: unknown): string => {
  const s = v === null || v === undefined ? '' : typeof v === 'string' ? neutralizeFormula(v) : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** One event as an NDJSON line or a CSV row. */
export function formatEvent(e: RecordedEvent, format: ExportFormat): string {
  if (format === 'ndjson') {
    return `${JSON.stringify({ position: e.position, id: e.id, stream: e.streamId, revision: e.revision, type: e.type, schemaVersion: e.schemaVersion, recordedAt: e.recordedAt, data: e.data, metadata: e.metadata })}\n`;
  }
  const m = e.metadata;
  return `${[e.position.commit, e.position.prepare, e.id, e.streamId, e.revision, e.type, e.schemaVersion, e.recordedAt, m.occurredAt, m.userId, m.username, m.role, m.correlationId, m.causationId, e.data].map(csvCell).join(',')}\n`;
}

function matches(e: RecordedEvent, f: ExportFilter): boolean {
  if (f.streamPrefix && !e.streamId.startsWith(f.streamPrefix)) return false;
  if (f.types && f.types.length > 0 && !f.types.includes(e.type)) return false;
  if (f.from || f.to) {
    const at = Date.parse(e.recordedAt);
    if (f.from && at < f.from.getTime()) return false;
    if (f.to && at >= f.to.getTime()) return false;
  }
  return true;
}

/**
 * Streams the store's events in global order to `out`, filtered, one page at a time: a page is
 * read after the last position (keyset, never an offset), written with backpressure (a full
 * `out` is waited for before the next page is read), then dropped. Memory holds one page
 * whatever the store's size. Any adapter works: only readAll and countAfter are used.
 */
export async function exportEvents(
  store: EventStore,
  out: Writable,
  options: { format: ExportFormat; filter?: ExportFilter; pageSize?: number; onProgress?: (p: ExportProgress) => void },
): Promise<ExportProgress> {
  const filter = options.filter ?? {};
  const pageSize = options.pageSize ?? 1000;
  const progress: ExportProgress = { scanned: 0, total: await store.countAfter(START), exported: 0 };
  const write = async (chunk: string) => {
    if (!out.write(chunk)) await once(out, 'drain');
  };
  if (options.format === 'csv') await write(`${CSV_COLUMNS.join(',')}\n`);
  let after: Position = START;
  for (;;) {
    const page = await store.readAll({ after, limit: pageSize });
    if (page.length === 0) break;
    let text = '';
    for (const e of page) {
      if (!matches(e, filter)) continue;
      text += formatEvent(e, options.format);
      progress.exported++;
    }
    progress.scanned += page.length;
    after = page.at(-1)!.position;
    if (text) await write(text);
    options.onProgress?.({ ...progress, total: Math.max(progress.total, progress.scanned) });
    if (page.length < pageSize) break;
  }
  return progress;
}
