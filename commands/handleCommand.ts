import { randomUUID } from 'node:crypto';
import type { EventCatalog, EventOf } from '../domain/shared/catalog.js';
import { WrongExpectedRevisionError, type EventStore, type ExpectedRevision, type Position } from '../domain/shared/eventStore.js';
import type { Fold } from '../domain/shared/fold.js';
import { ReadSet } from './readSet.js';
import { pause, retryDelayMs, turnsOf } from './turns.js';

/** What a command handler needs to read and append. */
export type CommandDeps = { store: EventStore; catalog: EventCatalog };

/**
 * An aggregate's rules as one value: its fold and a pure decision, events from (command,
 * state, now) or a thrown DomainError. The decider specifications test it given/when/then.
 */
export interface Decider<C, S, E extends EventOf> extends Fold<S, E> {
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

/** What one attempt of a command decided: the events and the stream they go to. */
export interface Decision<E> {
  stream: string;
  events: E[];
}

/**
 * Conflicts a command may meet before it gives up with a 409. Within this process appends
 * take turns, so these are spent on writes from other instances: each conflict means one of
 * theirs got through, and a burst on the other instance can overtake a waiting command
 * several times. With the waits of retryDelayMs the command gives up within about a second.
 */
export const DEFAULT_RETRIES = 8;

/** One attempt's decision with the reads it rests on. */
interface Decided<E> extends Decision<E> {
  reads: ReadSet;
}

async function decideOnce<E extends EventOf>(deps: CommandDeps, attempt: (reads: ReadSet) => Promise<Decision<E>>): Promise<Decided<E>> {
  const reads = new ReadSet(deps);
  return { ...(await attempt(reads)), reads };
}

/**
 * Runs a command over any number of streams: `attempt` reads what its rules need through
 * the ReadSet and decides; the events are appended to the decision's stream at the revision
 * read, on condition that every other stream read is unchanged. When another writer got
 * there first, the attempt runs again on fresh state (the rules are re-checked, so a retry
 * is a merge, never a blind overwrite); `maxRetries: 0` makes the conflict a 409 at once.
 *
 * Within this process, appends to one stream take turns (commands/turns.ts): the first
 * decision is made outside the turn, and the append and any retry (read, decide, append)
 * inside it, so distinct commands on a busy stream follow each other. The turn holds
 * nothing else: a command that reads several streams waits only for the one it appends to,
 * so two commands can never wait for each other. A conflict met inside the turn a second
 * time is a write from another instance: the retry waits a random, growing while first.
 */
export async function runCommand<E extends EventOf>(
  deps: CommandDeps,
  context: CommandContext,
  attempt: (reads: ReadSet) => Promise<Decision<E>>,
  options: { maxRetries?: number } = {},
): Promise<CommandResult<E>> {
  const maxRetries = options.maxRetries ?? DEFAULT_RETRIES;
  const metadata = {
    userId: context.userId,
    username: context.username,
    role: context.role,
    correlationId: context.correlationId ?? randomUUID(),
    causationId: context.causationId ?? null,
    occurredAt: context.now.toISOString(),
  };
  let retries = 0;
  /** Rethrows what is not a conflict, or a conflict past the retries; otherwise counts it. */
  const mayRetry = (err: unknown): void => {
    if (!(err instanceof WrongExpectedRevisionError) || retries >= maxRetries) throw err;
    retries++;
  };

  let decided: Decided<E> | null = null;
  while (!decided) {
    try {
      decided = await decideOnce(deps, attempt);
    } catch (err) {
      // Two reads of one stream disagreed: something moved while reading.
      mayRetry(err);
      await pause(retryDelayMs(retries));
    }
  }
  if (decided.events.length === 0) return { events: [], revision: decided.reads.revisionOf(decided.stream), position: null };

  let next: Decided<E> | null = decided;
  return turnsOf(deps.store).run(decided.stream, async () => {
    for (let inTurn = 0; ; inTurn++) {
      try {
        const d: Decided<E> = next ?? (await decideOnce(deps, attempt));
        next = null;
        const revision = d.reads.revisionOf(d.stream);
        if (d.events.length === 0) return { events: d.events, revision, position: null };
        const expectedRevision: ExpectedRevision = revision < 0 ? 'no_stream' : revision;
        const result = await deps.store.appendToStream(
          d.stream,
          d.events.map((e) => ({ ...deps.catalog.encode(e), metadata })),
          { expectedRevision, conditions: d.reads.conditionsBesides(d.stream) },
        );
        return { events: d.events, revision: result.nextRevision, position: result.position };
      } catch (err) {
        mayRetry(err);
        // The first conflict in the turn is usually a command of this process whose turn came first.
        if (inTurn > 0) await pause(retryDelayMs(inTurn));
      }
    }
  });
}

/**
 * The attempt of a command whose rules need only its own stream: read it (a long-lived
 * stream through the revision cache), fold it, decide on the state.
 */
export function onStream<S, E extends EventOf>(
  stream: string,
  fold: Fold<S, E>,
  decide: (state: S) => E[],
  options: { cached?: boolean } = {},
): (reads: ReadSet) => Promise<Decision<E>> {
  return async (reads) => {
    const state = options.cached ? await reads.readCached(stream, fold) : await reads.read(stream, fold);
    return { stream, events: decide(state) };
  };
}
