/**
 * A connection the server ends (pg_terminate_backend: what a fast shutdown does to every
 * backend) while the app holds it inside a transaction: the process goes on, the statement
 * after it is refused as "database unavailable" (so the API answers 503), and the pool serves
 * again on a fresh connection. An 'error' event nobody listened to would fail the test.
 */
import pg from 'pg';
import { useTestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { surviveDroppedConnections } from './droppedConnections.js';
import { isDatabaseUnavailable } from './unavailable.js';

describeWith(['postgres'])('a connection the server ends while it is checked out', () => {
  const t = useTestDatabase({ pool: { max: 2 } });

  /** Ends the backend `pid` from another connection and waits until it is gone. */
  async function terminate(pid: number): Promise<void> {
    const c = new pg.Client(t.db.url);
    await c.connect();
    try {
      await c.query('select pg_terminate_backend($1)', [pid]);
      for (let i = 0; i < 200; i++) {
        if ((await c.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`backend ${pid} still there`);
    } finally {
      await c.end();
    }
  }
  const failure = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (err: unknown) => err,
    );

  it('a pool client between two statements of a transaction', async () => {
    const pool = surviveDroppedConnections(new pg.Pool({ connectionString: t.db.url, max: 2 }));
    try {
      const client = await pool.connect();
      let timer: NodeJS.Timeout | undefined;
      // Bounded: a client that threw its 'error' at nobody never gets to emit 'end'.
      const ended = new Promise((r) => {
        client.once('end', r);
        timer = setTimeout(r, 10_000);
      });
      await client.query('begin');
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      await terminate(rows[0]!.pid);
      await ended;
      clearTimeout(timer);
      expect(isDatabaseUnavailable(await failure(client.query('select 1')))).toBe(true);
      client.release();
      expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('a knex connection inside a transaction', async () => {
    const err = await failure(
      t.knex.transaction(async (trx) => {
        const { rows } = await trx.raw<{ rows: Array<{ pid: number }> }>('select pg_backend_pid() as pid');
        await terminate(rows[0]!.pid);
        await new Promise((r) => setTimeout(r, 100));
        await trx.raw('select 1');
      }),
    );
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect((await t.knex.raw<{ rows: unknown[] }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });
});
