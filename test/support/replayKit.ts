import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { DomainEvent, EventCatalog } from '../../domain/shared/catalog.js';
import { START, comparePositions, type EventStore, type Position } from '../../domain/shared/eventStore.js';
import type { AnyProjection as Projection, Projection as ProjectionOf, TableNames } from '../../projections/types.js';

type Snapshot = Record<string, unknown[]>;

/**
 * Creates a projection's tables under throw-away names, as a new live generation would get them;
 * with `building`, as a rebuild's generation gets them (its `afterLoad` is the caller's to run
 * once its load is done).
 */
export async function scratchTables(knex: Knex, projection: Projection, o: { building?: boolean } = {}): Promise<TableNames> {
  const suffix = randomBytes(3).toString('hex');
  const tables: TableNames = Object.fromEntries(Object.keys(projection.tables).map((l) => [l, `${l}_replay_${suffix}`]));
  for (const [logical, build] of Object.entries(projection.tables)) await knex.schema.createTable(tables[logical]!, build);
  if (projection.afterCreate) await projection.afterCreate(knex, tables);
  if (projection.afterLoad && !o.building) await projection.afterLoad(knex, tables);
  return tables;
}

/** Every table's rows, ordered by the whole row, so rows that tie on their first columns still compare in one order. */
async function snapshot(knex: Knex, tables: TableNames): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [logical, phys] of Object.entries(tables)) out[logical] = (await knex.raw('select * from ?? as r order by r', [phys])).rows;
  return out;
}

/** The events a projection handles, as the engine filters them. */
const handled = (projection: Projection, events: DomainEvent[]) => events.filter((e) => projection.canHandle.includes(e.type));

/** Applies the events the way the engine does: batches of `batchSize`, each in its own transaction. */
async function applyInBatches(knex: Knex, projection: Projection, tables: TableNames, events: DomainEvent[], batchSize: number): Promise<void> {
  const mine = handled(projection, events);
  for (let i = 0; i < mine.length; i += batchSize) {
    await knex.transaction((trx) => projection.applyBatch({ trx, tables }, mine.slice(i, i + batchSize)));
  }
}

/**
 * For replay tests: applies the events through applyBatch as one batch (the path the
 * engine takes), then the same batch again, and returns every table's rows after each
 * pass. An idempotent projection gives equal snapshots.
 */
export async function replayTwice(knex: Knex, projection: Projection, events: DomainEvent[]): Promise<{ first: Snapshot; second: Snapshot }> {
  const tables = await scratchTables(knex, projection);
  await applyInBatches(knex, projection, tables, events, Number.MAX_SAFE_INTEGER);
  const first = await snapshot(knex, tables);
  await applyInBatches(knex, projection, tables, events, Number.MAX_SAFE_INTEGER);
  return { first, second: await snapshot(knex, tables) };
}

/**
 * For batch tests: the rows after the events applied as one batch, and after the same
 * events applied one event per batch (and, when given, in batches of `batchSize`). A
 * batched projection must give the same rows every way: a batch is only a faster path.
 */
export async function replayBatchedAndSingly(
  knex: Knex,
  projection: Projection,
  events: DomainEvent[],
  batchSize = 7,
): Promise<{ batched: Snapshot; singly: Snapshot; chunked: Snapshot }> {
  const run = async (size: number) => {
    const tables = await scratchTables(knex, projection);
    await applyInBatches(knex, projection, tables, events, size);
    return snapshot(knex, tables);
  };
  return { batched: await run(Number.MAX_SAFE_INTEGER), singly: await run(1), chunked: await run(batchSize) };
}

/**
 * The rows after the first `k` events applied as one batch, then all the events as one
 * batch over them: a batch that repeats what an earlier one applied must change nothing
 * twice, so the rows equal one pass over the events.
 */
export async function replayOverlapping(knex: Knex, projection: Projection, events: DomainEvent[], k: number): Promise<Snapshot> {
  const tables = await scratchTables(knex, projection);
  await applyInBatches(knex, projection, tables, handled(projection, events).slice(0, k), Number.MAX_SAFE_INTEGER);
  await applyInBatches(knex, projection, tables, events, Number.MAX_SAFE_INTEGER);
  return snapshot(knex, tables);
}

/**
 * The replay checks every projection's test makes: one batch, one event per batch and
 * batches of `batchSize` give the same rows, and a second pass over them changes nothing.
 * Returns the rows, for the test's own literal expectations.
 */
export async function expectSameRowsEveryWay(knex: Knex, projection: Projection, events: DomainEvent[], batchSize = 3): Promise<Snapshot> {
  const { batched, singly, chunked } = await replayBatchedAndSingly(knex, projection, events, batchSize);
  expect(singly).toEqual(batched);
  expect(chunked).toEqual(batched);
  const { first, second } = await replayTwice(knex, projection, events);
  expect(second).toEqual(first);
  expect(first).toEqual(batched);
  return batched;
}

/** Every table's rows of a generation (physical names), in the same order as the replay checks take them. */
export function snapshotTables(knex: Knex, tables: TableNames): Promise<Snapshot> {
  return snapshot(knex, tables);
}

/**
 * Every stored event, decoded, in global order (only those up to `upTo`, inclusive, when
 * given), read page by page so a long history comes back whole.
 */
export async function storedEvents(store: EventStore, catalog: EventCatalog, upTo?: Position): Promise<DomainEvent[]> {
  const events: DomainEvent[] = [];
  let after: Position = START;
  for (;;) {
    const page = await store.readAll({ after, limit: 5000 });
    const within = upTo ? page.filter((r) => comparePositions(r.position, upTo) <= 0) : page;
    events.push(...within.map((r) => catalog.decode(r)));
    if (within.length < page.length || page.length < 5000) break;
    after = page.at(-1)!.position;
  }
  return events;
}

/**
 * A rebuild from scratch: the projection's rows after every stored event up to `upTo`
 * (inclusive, in global order), applied as one batch to fresh throw-away tables.
 */
export async function rebuiltUpTo(knex: Knex, store: EventStore, catalog: EventCatalog, projection: Projection, upTo: Position): Promise<Snapshot> {
  const events = await storedEvents(store, catalog, upTo);
  const tables = await scratchTables(knex, projection);
  await applyInBatches(knex, projection, tables, events, Number.MAX_SAFE_INTEGER);
  const rows = await snapshot(knex, tables);
  for (const phys of Object.values(tables)) await knex.schema.dropTable(phys);
  return rows;
}

/**
 * The decoded events a projection handles, typed as its applyBatch receives them: the
 * engine's filter (by `canHandle`), for code that holds a mixed list, such as tests.
 */
export function eventsFor<E extends DomainEvent>(projection: ProjectionOf<E>, events: readonly DomainEvent[]): E[] {
  return events.filter((e): e is E => projection.canHandle.includes(e.type));
}
