import { z } from 'zod';
import { EventCatalog, defineEvent, type EventOf } from '../domain/shared/catalog.js';
import { conflict } from '../domain/shared/errors.js';
import { MemoryEventStore } from '../infra/eventstore/memory.js';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '../domain/shared/eventStore.js';
import { onStream, runCommand, type CommandDeps, type CommandContext, type Decider } from './handleCommand.js';
import { retryDelayMs } from './turns.js';

const Added = defineEvent('CounterAdded', 1, z.object({ by: z.number().int().positive() }));
const catalog = new EventCatalog([Added]);
type Ev = EventOf<'CounterAdded', { by: number }>;
type Cmd = { add: number; max: number };

const counter: Decider<Cmd, number, Ev> = {
  initialState: 0,
  evolve: (s, e) => s + e.data.by,
  decide: (c, s) => {
    if (s + c.add > c.max) throw conflict('OVER_MAX', 'oltre il massimo');
    return [{ type: 'CounterAdded', data: { by: c.add } }];
  },
};
const ctx = { userId: 'u', username: 'anna', role: 'frontline', now: new Date('2026-11-20T10:00:00Z') };

/** The counter's command on one stream, as a one-stream handler runs it; a pinned revision is never retried. */
const handleCounter = (deps: CommandDeps, stream: string, command: Cmd, context: CommandContext, options: { expectedRevision?: number } = {}) => {
  const pinned = options.expectedRevision;
  if (pinned === undefined)
    return runCommand(
      deps,
      context,
      onStream(stream, counter, (state) => counter.decide(command, state, context.now)),
    );
  return runCommand(
    deps,
    context,
    async (reads) => {
      const state = await reads.read(stream, counter);
      reads.requireRevision(stream, pinned);
      return { stream, events: counter.decide(command, state, context.now) };
    },
    { maxRetries: 0 },
  );
};

/** A store that lets another writer slip in before our first append. */
class RacingStore extends MemoryEventStore {
  raced = false;
  override async appendToStream(stream: string, events: NewEvent[], o: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    if (!this.raced) {
      this.raced = true;
      await super.appendToStream(stream, [{ ...events[0]!, data: { by: 5 } }], { expectedRevision: 'any' });
    }
    return super.appendToStream(stream, events, o);
  }
}

/** A store that counts the appends in flight per stream, each held open for a few ticks. */
class WatchedStore extends MemoryEventStore {
  inFlight = 0;
  mostInFlight = 0;
  override async appendToStream(stream: string, events: NewEvent[], o: { expectedRevision: ExpectedRevision }): Promise<AppendResult> {
    this.mostInFlight = Math.max(this.mostInFlight, ++this.inFlight);
    try {
      for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
      return await super.appendToStream(stream, events, o);
    } finally {
      this.inFlight--;
    }
  }
}

describe('runCommand', () => {
  describe('given an empty stream', () => {
    it('appends the decided events with metadata from the command clock', async () => {
      const store = new MemoryEventStore();
      const r = await handleCounter({ store, catalog }, 'counter-1', { add: 2, max: 10 }, ctx);
      expect(r.revision).toBe(0);
      const [e] = await store.readStream('counter-1');
      expect(e).toMatchObject({ type: 'CounterAdded', schemaVersion: 1, data: { by: 2 } });
      expect(e!.metadata).toMatchObject({ username: 'anna', occurredAt: '2026-11-20T10:00:00.000Z', causationId: null });
    });
    it('refuses events that do not match their schema and writes nothing', async () => {
      const store = new MemoryEventStore();
      await expect(handleCounter({ store, catalog }, 'counter-1', { add: -1, max: 10 }, ctx)).rejects.toThrow();
      expect(await store.readStream('counter-1')).toEqual([]);
    });
  });

  describe('given another writer appends first', () => {
    it('decides again on the fresh state (a merge, rules re-checked)', async () => {
      const store = new RacingStore();
      await handleCounter({ store, catalog }, 'c', { add: 3, max: 10 }, ctx);
      expect((await store.readStream('c')).map((e) => e.data.by)).toEqual([5, 3]);
    });
    it('refuses when the fresh state breaks a rule', async () => {
      const store = new RacingStore();
      await expect(handleCounter({ store, catalog }, 'c', { add: 6, max: 10 }, ctx)).rejects.toMatchObject({ code: 'OVER_MAX' });
    });
    it('answers 409 without retrying when the client pinned the revision it saw', async () => {
      const store: EventStore = new MemoryEventStore();
      await handleCounter({ store, catalog }, 'c', { add: 1, max: 10 }, ctx);
      await handleCounter({ store, catalog }, 'c', { add: 1, max: 10 }, ctx);
      await expect(handleCounter({ store, catalog }, 'c', { add: 1, max: 10 }, ctx, { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream('c')).toHaveLength(2);
    });
  });

  describe('given ten distinct commands on one stream at once', () => {
    it('appends them one after the other in this process, and every one is recorded', async () => {
      const store = new WatchedStore();
      const results = await Promise.allSettled(Array.from({ length: 10 }, () => handleCounter({ store, catalog }, 'c', { add: 1, max: 100 }, ctx)));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill('fulfilled'));
      expect(await store.readStream('c')).toHaveLength(10);
      expect(store.mostInFlight).toBe(1);
    });
    it('still refuses at once the one whose client pinned a revision that moved', async () => {
      const store = new MemoryEventStore();
      const pinned = [0, 1].map(() => handleCounter({ store, catalog }, 'p', { add: 1, max: 10 }, ctx, { expectedRevision: -1 }));
      const results = await Promise.allSettled(pinned);
      expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream('p')).toHaveLength(1);
    });
  });
});

describe('the wait before retrying after a write from another instance', () => {
  // [retry, random draw, wait in ms]: half the window plus the draw's share of the other half; the window doubles from 10 ms up to 200 ms.
  const TABLE: Array<[number, number, number]> = [
    [1, 0, 5],
    [1, 1, 10],
    [2, 0, 10],
    [2, 0.5, 15],
    [3, 1, 40],
    [5, 0, 80],
    [6, 1, 200],
    [12, 0, 100],
    [12, 1, 200],
  ];
  it.each(TABLE)('before retry %i with draw %d waits %d ms', (retry, draw, ms) => {
    expect(retryDelayMs(retry, () => draw)).toBe(ms);
  });
});
