import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../../domain/shared/eventStore.js';
import { newEventId } from './eventId.js';

/** In-memory adapter for unit tests only: same contract, no durability. */
export class MemoryEventStore implements EventStore {
  private readonly all: RecordedEvent[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();

  async appendToStream(stream: string, events: NewEvent[], { expectedRevision, conditions = [] }: AppendOptions): Promise<AppendResult> {
    const existing = this.streams.get(stream);
    const current = existing ? existing.length - 1 : -1;
    checkExpected(stream, expectedRevision, existing ? current : 'no_stream');
    for (const c of conditions) checkExpected(c.stream, c.revision, this.revisionOf(c.stream));
    if (events.length === 0) {
      return { nextRevision: current, position: existing?.at(-1)?.position ?? START };
    }
    const list = existing ?? [];
    let revision = current;
    let last: RecordedEvent | undefined;
    for (const e of events) {
      revision += 1;
      const seq = this.all.length + 1;
      last = {
        ...structuredClone(e),
        id: newEventId(),
        streamId: stream,
        revision,
        position: { commit: seq, prepare: seq },
        recordedAt: new Date().toISOString(),
      };
      list.push(last);
      this.all.push(last);
    }
    this.streams.set(stream, list);
    return { nextRevision: revision, position: last!.position };
  }

  async readStream(stream: string, { fromRevision = 0 }: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return structuredClone((this.streams.get(stream) ?? []).slice(Math.max(0, fromRevision)));
  }

  private revisionOf(stream: string): number | 'no_stream' {
    const list = this.streams.get(stream);
    return list ? list.length - 1 : 'no_stream';
  }

  async readAll({ after = START, limit = 1000 }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    for (const e of this.all) {
      if (comparePositions(e.position, after) > 0) out.push(structuredClone(e));
      if (out.length >= limit) break;
    }
    return out;
  }

  async head(): Promise<Position> {
    return this.all.at(-1)?.position ?? START;
  }

  async countAfter(after: Position): Promise<number> {
    return this.all.filter((e) => comparePositions(e.position, after) > 0).length;
  }

  async close(): Promise<void> {}
}

/** Shared by adapters that check the expected revision themselves. */
export function checkExpected(stream: string, expected: ExpectedRevision, actual: number | 'no_stream'): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && actual === 'no_stream') ||
    (expected === 'stream_exists' && actual !== 'no_stream') ||
    (typeof expected === 'number' && actual !== 'no_stream' && actual === expected);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual);
}
