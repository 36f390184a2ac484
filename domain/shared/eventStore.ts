/**
 * The event store port. Every adapter (PostgreSQL, EventStoreDB, memory, all in
 * infra/eventstore/) passes the same contract suite (test/contract/eventstore.contract.ts),
 * so the rest of the code never knows which one it talks to. It lives in domain/ so that
 * commands and domain import nothing from infra/.
 */

/** Who did it and why; stored beside every event. */
export interface EventMetadata {
  userId: string;
  username: string;
  role: string;
  correlationId: string;
  causationId: string | null;
  /** ISO timestamp from the command's clock. */
  occurredAt: string;
}

export interface NewEvent {
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
  metadata: EventMetadata;
}

/**
 * A position in the global order. On PostgreSQL `commit` is the writing
 * transaction id and `prepare` the row's sequence number; on EventStoreDB they are
 * its own commit/prepare positions. Compare with comparePositions.
 */
export interface Position {
  commit: number;
  prepare: number;
}

export const START: Position = Object.freeze({ commit: 0, prepare: 0 });

export interface RecordedEvent extends NewEvent {
  id: string;
  streamId: string;
  /** 0-based revision of the event inside its stream. */
  revision: number;
  position: Position;
  recordedAt: string;
}

/** A number is the revision of the stream's last event, as read before deciding. */
export type ExpectedRevision = number | 'any' | 'no_stream' | 'stream_exists';

export interface AppendResult {
  /** Revision of the last appended event. */
  nextRevision: number;
  /** Global position of the last appended event. */
  position: Position;
}

/**
 * A stream whose state a command relied on without appending to it. The append
 * succeeds only if the stream is still at that revision when the events are written,
 * so a decision can never rest on state that changed under it (a stop recorded while
 * its shift report is being submitted, a stop near midnight checked against the day
 * before).
 */
export interface StreamCondition {
  stream: string;
  /** The revision read (its last event's), or 'no_stream' when it did not exist. */
  revision: number | 'no_stream';
}

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  /** Other streams that must still be at these revisions: checked atomically with the append. */
  conditions?: readonly StreamCondition[];
}

export interface ReadStreamOptions {
  /** Only events from this revision on (a cached fold reads just what it has not seen). */
  fromRevision?: number;
}

export interface ReadAllOptions {
  after?: Position;
  limit?: number;
}

/** What readPage reads: readAll's window, the events of `types` whole, of `metadataOf` (a part of `types`; absent: all of them) with their metadata. */
export interface PageOptions extends ReadAllOptions {
  types: readonly string[];
  /**
   * The types whose metadata the reader reads. A store may leave out the others' metadata (it
   * then gives METADATA_LEFT_OUT in its place), which spares it printing and the reader parsing it.
   */
  metadataOf?: readonly string[];
}

/**
 * The metadata of an event a reader said it does not read (PageOptions.metadataOf): reading
 * any of its fields throws, so a reader that does read it fails at once rather than going on
 * with nothing. Serialised, it is `{}`.
 */
export const METADATA_LEFT_OUT: EventMetadata = new Proxy(Object.freeze({}) as EventMetadata, {
  get(target, prop) {
    if (typeof prop === 'symbol' || prop === 'toJSON') return undefined;
    throw new Error(`The metadata of this event was not read (field ${String(prop)}): add its type to the projection's readsMetadataOf`);
  },
});

/**
 * A window of the global log as readAll reads it (the same `limit` events after `after`), of
 * which only the events of some types come back whole: `read` and `last` tell how far it reached.
 */
export interface EventPage {
  /** The window's events of the asked types, in order. */
  events: RecordedEvent[];
  /** How many events the window holds, of every type. */
  read: number;
  /** The window's last position (of any type), or null when it is empty. */
  last: Position | null;
}

export interface EventStore {
  /**
   * Appends atomically: every expectation (the stream's own and each condition) holds
   * when the events are written, or nothing is written and WrongExpectedRevisionError says
   * which stream moved.
   */
  appendToStream(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty array when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events in global order strictly after `after`, at most `limit` (default 1000). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * readAll's window, with only the events of `types` whole: a reader that wants a few types
   * (a projection) does not pay for decoding the others. Adapters may leave it out; readPageOf
   * then filters readAll's window.
   */
  readPage?(options: PageOptions): Promise<EventPage>;
  /** Position of the last event readAll can return now, or START when empty. */
  head(): Promise<Position>;
  /** How many events lie after `after` (for progress); may be an estimate on large stores. */
  countAfter(after: Position): Promise<number>;
  /**
   * Whether events exist after `after` that readAll cannot return yet (committed, but
   * behind an older open transaction). Adapters whose reads never lag leave it out.
   */
  hasPendingAfter?(after: Position): Promise<boolean>;
  /**
   * True when no text it returns can hold a NUL or a lone UTF-16 surrogate, because the
   * store itself refuses them on the way in (PostgreSQL's jsonb does): decoding its events
   * then need not look for them again (EventCatalog.decode's `storableText`).
   */
  readonly storableText?: boolean;
  close(): Promise<void>;
}

/** The expected revision did not match: the caller read stale state. HTTP 409. */
export class WrongExpectedRevisionError extends Error {
  readonly code = 'CONCURRENT_MODIFICATION';
  readonly status = 409;
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${stream}: expected revision ${String(expected)}, found ${String(actual)}`);
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export function maxPosition(a: Position, b: Position): Position {
  return comparePositions(a, b) >= 0 ? a : b;
}

/** The window of readAll after `after`, of which the events of `types`: the store's own readPage, or readAll's window filtered (their metadata all whole). */
export async function readPageOf(store: EventStore, options: PageOptions): Promise<EventPage> {
  if (store.readPage) return store.readPage(options);
  const all = await store.readAll(options);
  const wanted = new Set(options.types);
  return { events: all.filter((e) => wanted.has(e.type)), read: all.length, last: all.at(-1)?.position ?? null };
}
