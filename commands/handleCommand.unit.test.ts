import { z } from 'zod';
import { EventCatalog, defineEvent, type EventOf } from '../domain/shared/catalog.js';
import { conflict } from '../domain/shared/errors.js';
import { MemoryEventStore } from '../infra/eventstore/memory.js';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '../domain/shared/eventStore.js';
import { handleCommand, type Decider } from './handleCommand.js';

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

describe('handleCommand', () => {
  describe('given an empty stream', () => {
    it('appends the decided events with metadata from the command clock', async () => {
      const store = new MemoryEventStore();
      const r = await handleCommand({ store, catalog }, 'counter-1', counter, { add: 2, max: 10 }, ctx);
      expect(r.revision).toBe(0);
      const [e] = await store.readStream('counter-1');
      expect(e).toMatchObject({ type: 'CounterAdded', schemaVersion: 1, data: { by: 2 } });
      expect(e!.metadata).toMatchObject({ username: 'anna', occurredAt: '2026-11-20T10:00:00.000Z', causationId: null });
    });
    it('refuses events that do not match their schema and writes nothing', async () => {
      const store = new MemoryEventStore();
      await expect(handleCommand({ store, catalog }, 'counter-1', counter, { add: -1, max: 10 }, ctx)).rejects.toThrow();
      expect(await store.readStream('counter-1')).toEqual([]);
    });
  });

  describe('given another writer appends first', () => {
    it('decides again on the fresh state (a merge, rules re-checked)', async () => {
      const store = new RacingStore();
      await handleCommand({ store, catalog }, 'c', counter, { add: 3, max: 10 }, ctx);
      expect((await store.readStream('c')).map((e) => e.data.by)).toEqual([5, 3]);
    });
    it('refuses when the fresh state breaks a rule', async () => {
      const store = new RacingStore();
      await expect(handleCommand({ store, catalog }, 'c', counter, { add: 6, max: 10 }, ctx)).rejects.toMatchObject({ code: 'OVER_MAX' });
    });
    it('answers 409 without retrying when the client pinned the revision it saw', async () => {
      const store: EventStore = new MemoryEventStore();
      await handleCommand({ store, catalog }, 'c', counter, { add: 1, max: 10 }, ctx);
      await handleCommand({ store, catalog }, 'c', counter, { add: 1, max: 10 }, ctx);
      await expect(handleCommand({ store, catalog }, 'c', counter, { add: 1, max: 10 }, ctx, { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream('c')).toHaveLength(2);
    });
  });
});
