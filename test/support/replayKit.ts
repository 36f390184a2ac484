import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { DomainEvent } from '../../domain/shared/catalog.js';
import type { AnyProjection as Projection, TableNames } from '../../projections/types.js';

/**
 * For replay tests: creates a projection's tables under throw-away names, applies
 * the events once and then again, and returns every table's rows after each pass.
 * An idempotent projection gives equal snapshots.
 */
export async function replayTwice(knex: Knex, projection: Projection, events: DomainEvent[]) {
  const suffix = randomBytes(3).toString('hex');
  const tables: TableNames = Object.fromEntries(Object.keys(projection.tables).map((l) => [l, `${l}_replay_${suffix}`]));
  for (const [logical, build] of Object.entries(projection.tables)) await knex.schema.createTable(tables[logical]!, build);
  const snapshot = async () => {
    const out: Record<string, unknown[]> = {};
    for (const [logical, phys] of Object.entries(tables)) out[logical] = await knex(phys).select('*').orderByRaw('1, 2');
    return out;
  };
  const pass = () => knex.transaction(async (trx) => {
    await projection.applyBatch({ trx, tables }, events.filter((x) => projection.canHandle.includes(x.type)));
  });
  await pass();
  const first = await snapshot();
  await pass();
  return { first, second: await snapshot() };
}
