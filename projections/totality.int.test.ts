import fc from 'fast-check';
import { allEventDefinitions } from '../domain/catalog.js';
import { useTestDatabase } from '../test/support/db.js';
import { asStored, eventData, eventOf } from '../test/support/eventArbitraries.js';
import { scratchTables } from '../test/support/replayKit.js';
import { describeWith } from '../test/support/services.js';
import { allProjections } from './registry.js';
import type { TableNames } from './types.js';

/**
 * Every event a schema accepts is applied by every projection without error (docs/bounds.md):
 * random histories of the events each read model handles, with the edges the bounds allow
 * (first and last plant day, clock-change days, the longest stops, the largest figures, the
 * longest texts), run through the projection's real applyBatch on PostgreSQL in two batches,
 * the second over what the first wrote. `FUZZ_RUNS` searches longer; a failure prints the
 * seed that `FUZZ_SEED` replays.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 40);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Rolls a transaction back after the property ran in it, so each sample starts from empty tables. */
class Rollback extends Error {}

describe('event arbitraries', () => {
  test('every event type of the catalog has one', () => {
    expect(allEventDefinitions.map((d) => d.type).filter((t) => !eventData[t])).toEqual([]);
  });

  test.each(allEventDefinitions.map((d) => [d.type, d] as const))('%s: every sample is accepted by its schema', (_type, definition) => {
    fc.assert(
      fc.property(eventData[definition.type]!, (data) => {
        const r = definition.schema.safeParse(data);
        if (!r.success) throw new Error(`${definition.type} refused ${JSON.stringify(data).slice(0, 300)}: ${r.error.message}`);
      }),
      { numRuns: 60, seed },
    );
  });
});

describeWith(['postgres'])('projections are total over what the schemas accept', () => {
  const db = useTestDatabase({ pool: { max: 2 } });
  const tablesOf = new Map<string, TableNames>();

  beforeAll(async () => {
    for (const p of allProjections) tablesOf.set(p.name, await scratchTables(db.knex, p));
  });

  /** Columns that add up stops or figures over a key (docs/bounds.md), and the types that cannot overflow. */
  test.each([
    ['dashboard', 'dashboard_days', 'stop_count', 'bigint'],
    ['dashboard', 'dashboard_days', 'unplanned_minutes', 'bigint'],
    ['dashboard', 'dashboard_days', 'planned_minutes', 'bigint'],
    ['dashboard', 'dashboard_months', 'unplanned_minutes', 'bigint'],
    ['dashboard', 'dashboard_months', 'volume', 'numeric'],
    ['dashboard', 'dashboard_line_days', 'volume', 'numeric'],
  ])('%s: %s.%s is %s', async (name, logical, column, type) => {
    const table = tablesOf.get(name)![logical]!;
    const r = await db.knex.raw<{ rows: Array<{ data_type: string }> }>('select data_type from information_schema.columns where table_name = ? and column_name = ?', [
      table,
      column,
    ]);
    expect(r.rows[0]?.data_type).toBe(type);
  });

  test.each(allProjections.map((p) => [p.name, p] as const))(
    '%s applies any accepted history',
    async (_name, projection) => {
      const tables = tablesOf.get(projection.name)!;
      await fc.assert(
        fc.asyncProperty(fc.array(eventOf(projection.canHandle), { minLength: 1, maxLength: 30 }), fc.nat(), async (drafts, cut) => {
          const events = asStored(drafts);
          const split = cut % (events.length + 1);
          try {
            await db.knex.transaction(async (trx) => {
              for (const batch of [events.slice(0, split), events.slice(split)]) {
                if (batch.length > 0) await projection.applyBatch({ trx, tables }, batch);
              }
              throw new Rollback();
            });
          } catch (err) {
            if (!(err instanceof Rollback)) throw err;
          }
        }),
        { numRuns: runs, seed },
      );
    },
    120_000,
  );
});
