/**
 * `npm run events -- import FILE`: restores an NDJSON export (infra/eventstore/export.ts) into an
 * EMPTY event store, in the file's order, each stream at the revisions it had. The read models
 * are then rebuilt from it as from any store (docs/deploy.md "Backup and restore"). Events get new
 * ids and record times; their metadata (who, when it happened, correlation) is kept as exported.
 */
import { START, type EventMetadata, type EventStore, type NewEvent } from '../../domain/shared/eventStore.js';

export class ImportError extends Error {}

interface ExportedEvent {
  stream: string;
  revision: number;
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

function parse(line: string, n: number): ExportedEvent {
  let e: Partial<ExportedEvent>;
  try {
    e = JSON.parse(line) as Partial<ExportedEvent>;
  } catch {
    throw new ImportError(`line ${n}: not JSON`);
  }
  if (typeof e.stream !== 'string' || typeof e.revision !== 'number' || typeof e.type !== 'string' || typeof e.schemaVersion !== 'number' || !e.data || !e.metadata)
    throw new ImportError(`line ${n}: not an exported event (stream, revision, type, schemaVersion, data, metadata)`);
  return e as ExportedEvent;
}

/** Appends a run of one stream's consecutive events at once. */
async function flush(store: EventStore, run: ExportedEvent[]): Promise<void> {
  if (run.length === 0) return;
  const first = run[0]!;
  const events: NewEvent[] = run.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data, metadata: e.metadata }));
  await store.appendToStream(first.stream, events, { expectedRevision: first.revision === 0 ? 'no_stream' : first.revision - 1 });
}

export async function importEvents(store: EventStore, lines: AsyncIterable<string>): Promise<{ imported: number }> {
  if ((await store.readAll({ after: START, limit: 1 })).length > 0) throw new ImportError('the event store is not empty: an import restores into an empty store only');
  let run: ExportedEvent[] = [];
  let imported = 0;
  let n = 0;
  for await (const line of lines) {
    n++;
    if (line.trim() === '') continue;
    const e = parse(line, n);
    const last = run.at(-1);
    if (last && (last.stream !== e.stream || last.revision + 1 !== e.revision || run.length >= 500)) {
      await flush(store, run);
      run = [];
    }
    run.push(e);
    imported++;
  }
  await flush(store, run);
  return { imported };
}
