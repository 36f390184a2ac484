import { randomUUID } from 'node:crypto';
import type { EventCatalog, EventOf } from '../domain/shared/catalog.js';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type Position } from '../domain/shared/eventStore.js';
import { ReadSet } from './readSet.js';

/** What a command handler needs to read and append. */
export type CommandDeps = { store: EventStore; catalog: EventCatalog };

/** A pure decision: events from (command, state, now), or a thrown DomainError. */
export interface Decider<C, S, E extends EventOf> {
  initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S, now: Date): E[];
}

/** Who issues a command; becomes the events' metadata. */
export interface CommandContext {
  userId: string;
  username: string;
  role: string;
  correlationId?: string;
  causationId?: string | null;
  now: Date;
}

export interface CommandResult<E> {
  events: E[];
  /** Revision of the stream after the command (-1 for a stream that still does not exist). */
  revision: number;
  /** Global position of the last appended event; null when the command changed nothing. */
  position: Position | null;
}

export interface HandleOptions {
  /** The revision the client last saw; when given, a mismatch is a 409 and is never retried. */
  expectedRevision?: number;
  maxRetries?: number;
  /**
   * The stream is long-lived and read by many commands (the plant structure, a shop floor's
   * shift calendar): fold it through the cache keyed by revision (commands/readSet.ts), so
   * the command reads only the events it has not seen.
   */
  cached?: boolean;
}

/** What one attempt of a command decided: the events and the stream they go to. */
export interface Decision<E> {
  stream: string;
  events: E[];
}

/**
 * Runs a command over any number of streams: `attempt` reads what its rules need through
 * the ReadSet and decides; the events are appended to the decision's stream at the revision
 * read, on condition that every other stream read is unchanged. When another writer got
 * there first, the attempt runs again on fresh state (the rules are re-checked, so a retry
 * is a merge, never a blind overwrite); `maxRetries: 0` makes the conflict a 409 at once.
 */
export async function runCommand<E extends EventOf>(
  deps: { store: EventStore; catalog: EventCatalog },
  context: CommandContext,
  attempt: (reads: ReadSet) => Promise<Decision<E>>,
  options: { maxRetries?: number } = {},
): Promise<CommandResult<E>> {
  const maxRetries = options.maxRetries ?? 5;
  for (let tries = 0; ; tries++) {
    const reads = new ReadSet(deps);
    try {
      const { stream, events } = await attempt(reads);
      const revision = reads.revisionOf(stream);
      if (events.length === 0) return { events, revision, position: null };
      const metadata = {
        userId: context.userId,
        username: context.username,
        role: context.role,
        correlationId: context.correlationId ?? randomUUID(),
        causationId: context.causationId ?? null,
        occurredAt: context.now.toISOString(),
      };
      const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
      const result = await deps.store.appendToStream(
        stream,
        events.map((e) => ({ ...deps.catalog.encode(e), metadata })),
        { expectedRevision, conditions: reads.conditionsBesides(stream) },
      );
      return { events, revision: result.nextRevision, position: result.position };
    } catch (err) {
      if (err instanceof WrongExpectedRevisionError && tries < maxRetries) continue;
      throw err;
    }
  }
}

/**
 * The one-stream case: read the stream, fold it, decide, append with the read revision.
 * A client that pinned the revision it last saw gets a 409 on a mismatch, never a retry.
 */
export async function handleCommand<C, S, E extends EventOf>(
  deps: { store: EventStore; catalog: EventCatalog },
  stream: string,
  decider: Decider<C, S, E>,
  command: C,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<E>> {
  const pinned = options.expectedRevision;
  return runCommand(deps, context, async (reads) => {
    const state = options.cached ? await reads.readCached(stream, decider) : await reads.read(stream, decider);
    const revision = reads.revisionOf(stream);
    if (pinned !== undefined && pinned !== revision) {
      throw new WrongExpectedRevisionError(stream, pinned, revision < 0 ? 'no_stream' : revision);
    }
    return { stream, events: decider.decide(command, state, context.now) };
  }, { maxRetries: pinned === undefined ? (options.maxRetries ?? 3) : 0 });
}
