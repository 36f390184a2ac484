import { randomUUID } from 'node:crypto';
import {
  METADATA_LEFT_OUT,
  START,
  WrongExpectedRevisionError,
  comparePositions,
  readPageOf,
  type EventStore,
  type NewEvent,
  type Position,
  type RecordedEvent,
} from '../../domain/shared/eventStore.js';

export function newEvent(type = 'TestHappened', data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    schemaVersion: 1,
    data,
    metadata: {
      userId: 'u-1',
      username: 'tester',
      role: 'admin',
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: '2026-11-20T08:00:00.000Z',
    },
  };
}

/**
 * The behaviour every adapter must show. `open` gives a store over an empty (or at
 * least unshared) space; stream names are random so a shared server is fine too.
 */
export function eventStoreContract(open: () => Promise<EventStore>): void {
  let store: EventStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const s = () => `contract-${randomUUID()}`;

  describe('a stream that does not exist', () => {
    it('reads as empty', async () => {
      expect(await store.readStream(s())).toEqual([]);
    });
    it('accepts an append expecting no stream, and numbers revisions from 0', async () => {
      const stream = s();
      const r = await store.appendToStream(stream, [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })], { expectedRevision: 'no_stream' });
      expect(r.nextRevision).toBe(1);
      const read = await store.readStream(stream);
      expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
        ['A', 0, { n: 1 }],
        ['B', 1, { n: 2 }],
      ]);
      expect(read[1]!.metadata.username).toBe('tester');
      expect(read[1]!.schemaVersion).toBe(1);
      expect(comparePositions(read[1]!.position, r.position)).toBe(0);
    });
    it('refuses an append expecting revision 0 or an existing stream', async () => {
      await expect(store.appendToStream(s(), [newEvent()], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(store.appendToStream(s(), [newEvent()], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    });
  });

  describe('reading from a revision', () => {
    it('returns only the events from that revision on', async () => {
      const stream = s();
      await store.appendToStream(stream, [newEvent('A'), newEvent('B'), newEvent('C')], { expectedRevision: 'no_stream' });
      expect((await store.readStream(stream, { fromRevision: 1 })).map((e) => [e.type, e.revision])).toEqual([
        ['B', 1],
        ['C', 2],
      ]);
      expect(await store.readStream(stream, { fromRevision: 3 })).toEqual([]);
      expect(await store.readStream(s(), { fromRevision: 0 })).toEqual([]);
    });
  });

  describe('an append with conditions on other streams', () => {
    it('succeeds while every condition holds, missing streams included', async () => {
      const [target, other, missing] = [s(), s(), s()];
      await store.appendToStream(other, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      const conditions = [
        { stream: other, revision: 1 },
        { stream: missing, revision: 'no_stream' as const },
      ];
      await store.appendToStream(target, [newEvent('T')], { expectedRevision: 'no_stream', conditions });
      expect((await store.readStream(target)).map((e) => e.type)).toEqual(['T']);
      expect(await store.readStream(missing)).toEqual([]);
    });

    it('writes nothing and names the stream that moved when one does not', async () => {
      const [target, other, created] = [s(), s(), s()];
      await store.appendToStream(other, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
      await store.appendToStream(created, [newEvent('A')], { expectedRevision: 'no_stream' });
      const moved = store.appendToStream(target, [newEvent('T')], { expectedRevision: 'no_stream', conditions: [{ stream: other, revision: 0 }] });
      await expect(moved).rejects.toMatchObject({ stream: other, actual: 1 });
      await expect(moved).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      const appeared = store.appendToStream(target, [newEvent('T')], { expectedRevision: 'no_stream', conditions: [{ stream: created, revision: 'no_stream' }] });
      await expect(appeared).rejects.toMatchObject({ stream: created, actual: 0 });
      expect(await store.readStream(target)).toEqual([]);
    });
  });

  describe('a stream with two events', () => {
    let stream: string;
    beforeEach(async () => {
      stream = s();
      await store.appendToStream(stream, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
    });
    it('appends at the expected revision', async () => {
      const r = await store.appendToStream(stream, [newEvent('C')], { expectedRevision: 1 });
      expect(r.nextRevision).toBe(2);
      expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });
    it('refuses a stale expected revision with a typed 409 error and writes nothing', async () => {
      const err = await store.appendToStream(stream, [newEvent('C')], { expectedRevision: 0 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(WrongExpectedRevisionError);
      expect((err as WrongExpectedRevisionError).status).toBe(409);
      expect((err as WrongExpectedRevisionError).actual).toBe(1);
      expect(await store.readStream(stream)).toHaveLength(2);
    });
    it('refuses no_stream, accepts any and stream_exists', async () => {
      await expect(store.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await store.appendToStream(stream, [newEvent('C')], { expectedRevision: 'any' });
      await store.appendToStream(stream, [newEvent('D')], { expectedRevision: 'stream_exists' });
      expect((await store.readStream(stream)).map((e) => e.revision)).toEqual([0, 1, 2, 3]);
    });
    it('lets only one of two concurrent appends at the same revision win', async () => {
      const results = await Promise.allSettled([
        store.appendToStream(stream, [newEvent('X')], { expectedRevision: 1 }),
        store.appendToStream(stream, [newEvent('Y')], { expectedRevision: 1 }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(stream)).toHaveLength(3);
    });
  });

  describe('the global order', () => {
    it('returns appended events after a position, in order, in batches, and moves the head', async () => {
      const before = await store.head();
      const a = s();
      const b = s();
      await store.appendToStream(a, [newEvent('A1'), newEvent('A2')], { expectedRevision: 'no_stream' });
      await store.appendToStream(b, [newEvent('B1')], { expectedRevision: 'no_stream' });
      await store.appendToStream(a, [newEvent('A3')], { expectedRevision: 1 });
      const mine = await readUntil(store, before, (all) => all.filter((e) => e.streamId === a || e.streamId === b), 4);
      expect(mine.map((e) => e.type)).toEqual(['A1', 'A2', 'B1', 'A3']);
      for (let i = 1; i < mine.length; i++) expect(comparePositions(mine[i - 1]!.position, mine[i]!.position)).toBeLessThan(0);
      const head = await store.head();
      expect(comparePositions(head, mine[3]!.position)).toBeGreaterThanOrEqual(0);
      const firstTwo = await store.readAll({ after: before, limit: 2 });
      expect(firstTwo).toHaveLength(2);
      expect(await store.countAfter(before)).toBeGreaterThanOrEqual(4);
    });
    it('leaves out the metadata of the types a reader does not read, when it can (readPageOf, metadataOf)', async () => {
      const before = await store.head();
      const a = s();
      await store.appendToStream(a, [newEvent('MetaRead', { n: 1 }), newEvent('MetaNotRead', { n: 2 })], { expectedRevision: 'no_stream' });
      const whole = await readUntil(store, before, (all) => all.filter((e) => e.streamId === a), 2);
      const page = await readPageOf(store, { after: before, limit: 100, types: ['MetaRead', 'MetaNotRead'], metadataOf: ['MetaRead'] });
      const [read, notRead] = page.events.filter((e) => e.streamId === a);
      expect(read).toEqual(whole[0]);
      if (store.readPage) {
        // A store with its own page leaves it out: reading a field throws, and it serialises as {}.
        expect(notRead!.metadata).toBe(METADATA_LEFT_OUT);
        expect(() => notRead!.metadata.occurredAt).toThrow(/readsMetadataOf/);
        expect(JSON.stringify(notRead!.metadata)).toBe('{}');
        expect({ ...notRead!, metadata: null }).toEqual({ ...whole[1]!, metadata: null });
      } else expect(notRead).toEqual(whole[1]);
    });
    it('reads a window with only some types whole, and says how far it read (readPageOf)', async () => {
      const before = await store.head();
      const a = s();
      await store.appendToStream(a, [newEvent('PageKept', { n: 1 }), newEvent('PageSkipped', { n: 2 }), newEvent('PageKept', { n: 3 }), newEvent('PageSkipped', { n: 4 })], {
        expectedRevision: 'no_stream',
      });
      await readUntil(store, before, (all) => all.filter((e) => e.streamId === a), 4);
      const window = await store.readAll({ after: before, limit: 3 });
      const page = await readPageOf(store, { after: before, limit: 3, types: ['PageKept'] });
      expect(page.read).toBe(3);
      expect(page.last).toEqual(window[2]!.position);
      expect(page.events).toEqual(window.filter((e) => e.type === 'PageKept'));
      const rest = await readPageOf(store, { after: page.last!, limit: 10, types: ['PageSkipped'] });
      expect(rest.events.filter((e) => e.streamId === a).map((e) => e.data)).toEqual([{ n: 4 }]);
      expect(await readPageOf(store, { after: await store.head(), limit: 10, types: ['PageKept'] })).toEqual({ events: [], read: 0, last: null });
    });
    it('reads nothing after the head', async () => {
      const stream = s();
      await store.appendToStream(stream, [newEvent()], { expectedRevision: 'no_stream' });
      await readUntil(store, START, (all) => all.filter((e) => e.streamId === stream), 1);
      expect(await store.readAll({ after: await store.head() })).toEqual([]);
      expect(comparePositions(await store.head(), START)).toBeGreaterThan(0);
    });
  });
}

/**
 * Reads until `pick` finds `count` events. A store may make committed events readable a
 * moment later (PostgreSQL waits for older transactions of the whole cluster to end).
 */
async function readUntil(store: EventStore, after: Position, pick: (all: RecordedEvent[]) => RecordedEvent[], count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = pick(await readEverything(store, after));
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
}

export async function readEverything(store: EventStore, after: Position = START): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let pos = after;
  for (;;) {
    const batch = await store.readAll({ after: pos, limit: 500 });
    if (batch.length === 0) return out;
    out.push(...batch);
    pos = batch.at(-1)!.position;
  }
}
