import knexFactory, { type Knex } from 'knex';
import pg from 'pg';

// bigint (int8) and numeric come back as JS numbers: every count and sum in this product fits.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// `date` columns stay 'YYYY-MM-DD' strings: a shift day is a calendar day, not an instant.
pg.types.setTypeParser(1082, (v) => v);

export function createKnex(url: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({ client: 'pg', connection: url, pool: { min: pool.min ?? 0, max: pool.max ?? 10 } });
}
