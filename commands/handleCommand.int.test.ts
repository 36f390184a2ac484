import { z } from 'zod';
import { EventCatalog, defineEvent, type EventOf } from '../domain/shared/catalog.js';
import { PostgresEventStore } from '../infra/eventstore/postgres.js';
import { createTestDatabase, type TestDatabase } from '../test/support/db.js';
import { describeWith } from '../test/support/services.js';
import { onStream, runCommand, type CommandDeps, type Decider } from './handleCommand.js';

const Added = defineEvent('CounterAdded', 1, z.object({ by: z.number().int().positive() }));
const catalog = new EventCatalog([Added]);
type Ev = EventOf<'CounterAdded', { by: number }>;

const counter: Decider<{ add: number }, number, Ev> = {
  initialState: 0,
  evolve: (s, e) => s + e.data.by,
  decide: (c) => [{ type: 'CounterAdded', data: { by: c.add } }],
};
const ctx = { userId: 'u', username: 'anna', role: 'frontline', now: new Date('2026-11-20T10:00:00Z') };

/** Adds to the counter of one stream, as a one-stream handler does. */
const add = (deps: CommandDeps, stream: string, by: number) =>
  runCommand(
    deps,
    ctx,
    onStream(stream, counter, (state) => counter.decide({ add: by }, state, ctx.now)),
  );

/**
 * Two instances of the app on one database: each has its own event store connection and so
 * its own turns (commands/turns.ts); they meet only at the append, and the loser retries.
 */
describeWith(['postgres'])('commands from two instances on one database', () => {
  let db: TestDatabase;
  let one: CommandDeps;
  let two: CommandDeps;

  beforeAll(async () => {
    db = await createTestDatabase();
    one = { store: await PostgresEventStore.connect(db.url, { max: 4 }), catalog };
    two = { store: await PostgresEventStore.connect(db.url, { max: 4 }), catalog };
  });
  afterAll(async () => {
    await one?.store.close();
    await two?.store.close();
    await db?.drop();
  });

  const bys = async (stream: string) => (await one.store.readStream(stream)).map((e) => Number(e.data.by));

  /** A command on instance one whose first `times` attempts each let instance two write to the stream in between. */
  const overtakenBy = (stream: string, times: number) => {
    let attempts = 0;
    return runCommand<Ev>(one, ctx, async (reads) => {
      const state = await reads.read(stream, counter);
      if (attempts++ < times) await add(two, stream, 10);
      return { stream, events: counter.decide({ add: 1 }, state, ctx.now) };
    });
  };

  it('retries a command that another instance overtook between its read and its append, and records it', async () => {
    await overtakenBy('counter-once', 1);
    expect(await bys('counter-once')).toEqual([10, 1]);
  });

  it('keeps retrying, waiting in between, while the other instance overtakes it again', async () => {
    await overtakenBy('counter-thrice', 3);
    expect(await bys('counter-thrice')).toEqual([10, 10, 10, 1]);
  });

  it('records every one of ten commands sent at once, half to each instance, on one stream', async () => {
    const sent = Array.from({ length: 10 }, (_, i) => add(i % 2 === 0 ? one : two, 'counter-both', i + 1));
    const results = await Promise.allSettled(sent);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill('fulfilled'));
    expect((await bys('counter-both')).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});
