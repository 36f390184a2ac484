import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  FORWARDS,
  NO_STREAM,
  START as ESDB_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type Direction,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { checkExpected } from './memory.js';
import {
  START,
  WrongExpectedRevisionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
} from '../../domain/shared/eventStore.js';

/** The client's recorded event (stream or $all read); position is present on servers after 22.6. */
type EsdbRecorded = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

/** Page size for scans that have no caller-given limit (head, countAfter). */
const SCAN_PAGE = 1000;

/**
 * EventStoreDB / KurrentDB adapter, chosen when EVENTSTORE_CONNECTION_STRING is set.
 * System events are skipped here while paging $all (the contract suite checks this paging;
 * the client's server-side readAll filter is not used).
 */
export class EventStoreDbEventStore implements EventStore {
  private constructor(private readonly client: KurrentDBClient) {}

  /** Connects lazily: the first call reaches the server, so a wrong address fails there. */
  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(KurrentDBClient.connectionString(connectionString));
  }

  /**
   * Conditions on other streams are checked just before the append: a writer to one of them in
   * the instant between can slip by. (KurrentDB 25.1 and later offer a multi-stream append with
   * consistency checks; the adapter does not use it yet, to keep EventStoreDB 24.10 servers.)
   * The PostgreSQL adapter checks them atomically (docs/line-log.md, Stream boundaries).
   */
  async appendToStream(stream: string, events: NewEvent[], { expectedRevision, conditions = [] }: AppendOptions): Promise<AppendResult> {
    for (const c of conditions) await this.checkOnly(c.stream, c.revision);
    if (events.length === 0) return this.checkOnly(stream, expectedRevision);
    let next: bigint;
    try {
      const result = await this.client.appendToStream(
        stream,
        events.map((e) =>
          jsonEvent({
            type: e.type,
            data: e.data,
            metadata: { schemaVersion: e.schemaVersion, ...e.metadata },
          }),
        ),
        { streamState: toEsdbExpected(expectedRevision) },
      );
      next = result.nextExpectedRevision;
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = err.actualState === NO_STREAM ? 'no_stream' : Number(err.actualState);
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }
      throw err;
    }
    // The append result's position is the write's, which for a multi-event append need not be
    // the last event's position in $all; reading the event back gives exactly what readAll returns.
    const [last] = await this.readStreamPage(stream, { fromRevision: next, direction: FORWARDS, maxCount: 1 });
    if (!last?.position) throw new Error(`EventStoreDB did not return the position of ${stream}@${String(next)} (server older than 22.6?)`);
    return { nextRevision: Number(next), position: toPosition(last.position) };
  }

  /** An empty append writes nothing; it only checks the expectation against the stream's last event. */
  private async checkOnly(stream: string, expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const [last] = await this.readStreamPage(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1 });
    checkExpected(stream, expectedRevision, last ? Number(last.revision) : 'no_stream');
    return { nextRevision: last ? Number(last.revision) : -1, position: last?.position ? toPosition(last.position) : START };
  }

  async readStream(stream: string, { fromRevision = 0 }: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = fromRevision > 0 ? BigInt(fromRevision) : ESDB_START;
    const events = await this.readStreamPage(stream, { fromRevision: from, direction: FORWARDS });
    return events.map((e) => {
      const recorded = toRecorded(e);
      if (!recorded) throw new Error(`Stream ${stream} holds an event that is not JSON (${e.type} @ ${String(e.revision)})`);
      return recorded;
    });
  }

  private async readStreamPage(
    stream: string,
    options: { fromRevision: bigint | typeof ESDB_START | typeof END; direction: Direction; maxCount?: number },
  ): Promise<EsdbRecorded[]> {
    const out: EsdbRecorded[] = [];
    try {
      for await (const resolved of this.client.readStream(stream, options)) {
        if (resolved.event) out.push(resolved.event);
      }
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return out;
  }

  async readAll({ after = START, limit = 1000 }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    if (limit <= 0) return out;
    await this.scanForward(after, limit + 1, (e) => {
      out.push(e);
      return out.length < limit;
    });
    return out;
  }

  async head(): Promise<Position> {
    let from: ReadPosition = END;
    let newerThan: Position | null = null;
    for (;;) {
      const page = await this.readAllPage(from, BACKWARDS, SCAN_PAGE);
      for (const resolved of page) {
        const e = resolved.event;
        if (!e) continue;
        const position = toPosition(e.position);
        // A backwards page from a position starts with the event at that position: skip it.
        if (newerThan && comparePositions(position, newerThan) >= 0) continue;
        if (isUserEvent(e)) return position;
      }
      const oldest = page.at(-1)?.event;
      if (page.length < SCAN_PAGE || !oldest) return START;
      newerThan = toPosition(oldest.position);
      from = toEsdbPosition(newerThan);
    }
  }

  async countAfter(after: Position): Promise<number> {
    let n = 0;
    await this.scanForward(after, SCAN_PAGE, () => {
      n += 1;
      return true;
    });
    return n;
  }

  /**
   * Walks $all forwards strictly after `after`, in pages of `pageSize`, handing each user event
   * to `visit` until it returns false or $all ends. ESDB's fromPosition is inclusive, so every
   * event at or before the last position seen is dropped.
   */
  private async scanForward(after: Position, pageSize: number, visit: (e: RecordedEvent) => boolean): Promise<void> {
    let seen = after;
    for (;;) {
      const from: ReadPosition = comparePositions(seen, START) === 0 ? ESDB_START : toEsdbPosition(seen);
      const page = await this.readAllPage(from, FORWARDS, pageSize);
      for (const resolved of page) {
        const e = resolved.event;
        if (!e) continue;
        const position = toPosition(e.position);
        if (comparePositions(position, seen) <= 0) continue;
        seen = position;
        if (!isUserEvent(e)) continue;
        const recorded = toRecorded(e);
        if (recorded && !visit(recorded)) return;
      }
      if (page.length < pageSize) return;
    }
  }

  private async readAllPage(fromPosition: ReadPosition, direction: Direction, maxCount: number): Promise<AllStreamResolvedEvent[]> {
    const out: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition, direction, maxCount, resolveLinkTos: false })) out.push(resolved);
    return out;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function toPosition(p: { commit: bigint; prepare: bigint }): Position {
  return { commit: Number(p.commit), prepare: Number(p.prepare) };
}

function toEsdbPosition(p: Position): { commit: bigint; prepare: bigint } {
  return { commit: BigInt(p.commit), prepare: BigInt(p.prepare) };
}

/** System streams (`$stats-…`, `$$…` metadata) and system event types (`$>`, `$metadata`) are ESDB's own. */
function isUserEvent(e: { streamId: string; type: string }): boolean {
  return !e.streamId.startsWith('$') && !e.type.startsWith('$');
}

/** Undoes the `{ schemaVersion, ...metadata }` packing of appendToStream; null for non-JSON events. */
function toRecorded(e: EsdbRecorded): RecordedEvent | null {
  if (!e.isJson || !isObject(e.data)) return null;
  const { schemaVersion, ...metadata } = isObject(e.metadata) ? e.metadata : {};
  if (!e.position) throw new Error(`EventStoreDB did not return the position of ${e.streamId}@${String(e.revision)} (server older than 22.6?)`);
  return {
    id: e.id,
    streamId: e.streamId,
    revision: Number(e.revision),
    type: e.type,
    schemaVersion: typeof schemaVersion === 'number' ? schemaVersion : 1,
    data: e.data,
    metadata: metadata as unknown as EventMetadata,
    position: toPosition(e.position),
    recordedAt: e.created.toISOString(),
  };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}
