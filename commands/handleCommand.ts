import { randomUUID } from 'node:crypto';
import type { EventCatalog, EventOf } from '../domain/shared/catalog.js';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type Position } from '../domain/shared/eventStore.js';

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
}

/**
 * Read the stream, fold it, decide, append with the read revision. When another
 * writer got there first and the client did not pin a revision, decide again on
 * the fresh state: the rules are re-checked, so a retry is a merge, never a blind overwrite.
 */
export async function handleCommand<C, S, E extends EventOf>(
  deps: { store: EventStore; catalog: EventCatalog },
  stream: string,
  decider: Decider<C, S, E>,
  command: C,
  context: CommandContext,
  options: HandleOptions = {},
): Promise<CommandResult<E>> {
  const maxRetries = options.expectedRevision === undefined ? (options.maxRetries ?? 3) : 0;
  for (let attempt = 0; ; attempt++) {
    const recorded = await deps.store.readStream(stream);
    const state = recorded.reduce((s, r) => decider.evolve(s, deps.catalog.decode(r) as unknown as E), decider.initialState);
    const revision = recorded.length - 1;
    if (options.expectedRevision !== undefined && options.expectedRevision !== revision) {
      throw new WrongExpectedRevisionError(stream, options.expectedRevision, recorded.length ? revision : 'no_stream');
    }
    const events = decider.decide(command, state, context.now);
    if (events.length === 0) return { events, revision, position: null };
    const metadata = {
      userId: context.userId,
      username: context.username,
      role: context.role,
      correlationId: context.correlationId ?? randomUUID(),
      causationId: context.causationId ?? null,
      occurredAt: context.now.toISOString(),
    };
    const expectedRevision: ExpectedRevision = recorded.length === 0 ? 'no_stream' : revision;
    try {
      const result = await deps.store.appendToStream(
        stream,
        events.map((e) => ({ ...deps.catalog.encode(e), metadata })),
        { expectedRevision },
      );
      return { events, revision: result.nextRevision, position: result.position };
    } catch (err) {
      if (err instanceof WrongExpectedRevisionError && attempt < maxRetries) continue;
      throw err;
    }
  }
}
