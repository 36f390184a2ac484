import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { surviveDroppedConnection } from './droppedConnections.js';

// bigint (int8) and numeric come back as JS numbers: every count and sum in this product fits.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
// `date` columns stay 'YYYY-MM-DD' strings: a shift day is a calendar day, not an instant.
pg.types.setTypeParser(1082, (v) => v);

/**
 * While the database is away every query fails fast: a connection attempt gives up after
 * 5 s and waiting for a pooled one after 8 s, so a request answers 503 instead of hanging.
 * Knex's own console warnings for each failed attempt and each connection the server dropped
 * are left out: the API logs the 503s, and the pool replaces dropped connections by itself.
 * Every connection listens for its own 'error' from the moment it is created, so one dropped
 * while checked out (inside a transaction, holding an advisory lock) never ends the process.
 */
export function createKnex(url: string, pool: { min?: number; max?: number } = {}): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: 5000 },
    pool: {
      min: pool.min ?? 0,
      max: pool.max ?? 10,
      afterCreate: (conn: pg.Client, done: (err: Error | null, conn: pg.Client) => void) => done(null, surviveDroppedConnection(conn)),
    },
    acquireConnectionTimeout: 8000,
    log: {
      warn: (m: string) => {
        if (!/^(Acquire connection error|Connection Error)/.test(String(m))) console.warn(m);
      },
    },
  });
}
