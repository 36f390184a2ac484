import type { EventCatalog, EventOf } from '../domain/shared/catalog.js';
import type { Fold } from '../domain/shared/fold.js';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent, type StreamCondition } from '../domain/shared/eventStore.js';

type Deps = { store: EventStore; catalog: EventCatalog };

export interface Folded<S> {
  state: S;
  /** Revision of the stream's last event, -1 when the stream does not exist. */
  revision: number;
}

function foldInto<S, E extends EventOf>(deps: Deps, fold: Fold<S, E>, state: S, recorded: RecordedEvent[]): S {
  // The catalog validates each event against its definition, which is the event union E.
  const events = recorded.map((r) => deps.catalog.decode(r) as unknown as E);
  if (fold.evolveMany) return fold.evolveMany(state, events);
  return events.reduce((s, e) => fold.evolve(s, e), state);
}

interface CacheEntry {
  state: unknown;
  revision: number;
}

/**
 * Folds of long-lived streams that many commands read (the plant structure, a shop
 * floor's shift calendar, an equipment's stops from before day streams), kept per event
 * store and refreshed by reading only the events after the cached revision: one indexed
 * read of nothing, most of the time. A cached state is never mutated: folds return new
 * states.
 */
const caches = new WeakMap<EventStore, Map<string, CacheEntry>>();

export async function readCached<S, E extends EventOf>(deps: Deps, stream: string, fold: Fold<S, E>, key = stream): Promise<Folded<S>> {
  let byStream = caches.get(deps.store);
  if (!byStream) caches.set(deps.store, (byStream = new Map()));
  const cacheKey = `${key}\u0000${stream}`;
  const entry = byStream.get(cacheKey) as { state: S; revision: number } | undefined;
  const from = entry ? entry.revision + 1 : 0;
  const recorded = await deps.store.readStream(stream, { fromRevision: from });
  if (entry && recorded.length === 0) return entry;
  // Another reader may have refreshed the entry meanwhile; only ever move it forward.
  const base = entry ?? { state: fold.initialState, revision: -1 };
  const next = { state: foldInto(deps, fold, base.state, recorded), revision: recorded.length > 0 ? recorded.at(-1)!.revision : base.revision };
  const current = byStream.get(cacheKey);
  if (!current || current.revision < next.revision) byStream.set(cacheKey, next);
  return next;
}

/** Reads the whole stream and folds it (a short stream: a day's stops, a report, a stop's analysis). */
export async function readFolded<S, E extends EventOf>(deps: Deps, stream: string, fold: Fold<S, E>): Promise<Folded<S>> {
  const recorded = await deps.store.readStream(stream);
  return { state: foldInto(deps, fold, fold.initialState, recorded), revision: recorded.length > 0 ? recorded.at(-1)!.revision : -1 };
}

/**
 * The streams one attempt of a command read, with the revision of each. The append then
 * requires every one of them to be unchanged (the target as its expected revision, the
 * others as conditions), so a decision never rests on state that moved under it.
 */
export class ReadSet {
  private readonly revisions = new Map<string, number>();

  constructor(private readonly deps: Deps) {}

  /** A short stream, read whole. */
  async read<S, E extends EventOf>(stream: string, fold: Fold<S, E>): Promise<S> {
    return this.note(stream, await readFolded(this.deps, stream, fold));
  }

  /** A short stream's events as stored, undecoded: for a rule that looks only at event types. */
  async readRaw(stream: string): Promise<RecordedEvent[]> {
    const recorded = await this.deps.store.readStream(stream);
    this.note(stream, { state: null, revision: recorded.length > 0 ? recorded.at(-1)!.revision : -1 });
    return recorded;
  }

  /** A long-lived stream, through the per-store cache (see readCached). */
  async readCached<S, E extends EventOf>(stream: string, fold: Fold<S, E>, key?: string): Promise<S> {
    return this.note(stream, await readCached(this.deps, stream, fold, key));
  }

  /**
   * The client named the revision of the stream it last saw (a report's editor): a stream
   * that moved since is a conflict the command reports at once (a 409), never merges.
   */
  requireRevision(stream: string, expected: number): void {
    const revision = this.revisionOf(stream);
    if (expected !== revision) throw new WrongExpectedRevisionError(stream, expected, revision < 0 ? 'no_stream' : revision);
  }

  /** Revision of a stream this attempt read: -1 when it did not exist. */
  revisionOf(stream: string): number {
    const r = this.revisions.get(stream);
    if (r === undefined) throw new Error(`Stream ${stream} was not read by this command`);
    return r;
  }

  /** Every stream read except the one appended to, as conditions of the append. */
  conditionsBesides(target: string): StreamCondition[] {
    return [...this.revisions].filter(([s]) => s !== target).map(([stream, r]) => ({ stream, revision: r < 0 ? 'no_stream' : r }));
  }

  private note<S>(stream: string, folded: Folded<S>): S {
    const seen = this.revisions.get(stream);
    // Two reads of one stream in one attempt must agree, or the attempt saw two states.
    if (seen !== undefined && seen !== folded.revision) throw new WrongExpectedRevisionError(stream, seen, folded.revision < 0 ? 'no_stream' : folded.revision);
    this.revisions.set(stream, folded.revision);
    return folded.state;
  }
}
