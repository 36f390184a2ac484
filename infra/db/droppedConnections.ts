import type pg from 'pg';

/**
 * node-postgres emits 'error' on a client whose server went away (a restart, a fast shutdown
 * terminating every backend, a failover), and an 'error' event nobody listens to ends the
 * process. The pool listens only while a client is idle: one checked out (inside a transaction,
 * between two statements) has no listener at all. The statement in flight is rejected anyway,
 * and the request that ran it answers 503 (infra/db/unavailable.ts); the client is then
 * unusable, and the pool discards it on release.
 */
function ignore(): void {}

/** Every client the pool opens, checked out or idle, survives its server going away. */
export function surviveDroppedConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  return pool;
}

/**
 * A client of its own (not pooled) survives its server going away; its pending and later
 * queries are rejected, which is how the caller learns of it.
 */
export function surviveDroppedConnection<C extends { on(event: 'error', listener: (err: Error) => void): unknown }>(client: C): C {
  client.on('error', ignore);
  return client;
}
