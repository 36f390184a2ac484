import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventCatalog } from '../domain/shared/catalog.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { usersProjection } from '../projections/users/users.projection.js';
import { ProjectionEngine } from '../workers/projectionEngine.js';

/**
 * The users read model brought up to date by a tool that runs without the app (the users CLI,
 * the first start's admin): built when it is new or its version changed, then caught up.
 */
export function usersReadModel(knex: Knex, store: EventStore, catalog: EventCatalog, log: Logger): () => Promise<void> {
  const engine = new ProjectionEngine(knex, store, catalog, [usersProjection], undefined, undefined, log);
  let ensured = false;
  return async () => {
    if (!ensured) {
      for (const name of await engine.ensure({ backfillNew: true })) await engine.rebuild(name);
      ensured = true;
    }
    await engine.catchUp('users');
  };
}
