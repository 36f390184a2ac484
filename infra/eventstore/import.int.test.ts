/**
 * Backup and restore (issue 21): an export of a live store imported into a fresh database, the
 * read models rebuilt there from it, give the same rows as the original's; an import refuses a
 * store that is not empty.
 */
import type { Knex } from 'knex';
import pino from 'pino';
import { createCatalog } from '../../domain/catalog.js';
import { allProjections } from '../../projections/registry.js';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/support/db.js';
import { describeWith } from '../../test/support/services.js';
import { ProjectionEngine } from '../../workers/projectionEngine.js';
import { createKnex } from '../db/knex.js';
import { exportEvents } from './export.js';
import { ImportError, importEvents } from './import.js';
import { PostgresEventStore } from './postgres.js';

async function* each(lines: string[]): AsyncIterable<string> {
  yield* lines;
}

/** Every read table's rows, each table sorted, by logical name. */
async function readModels(knex: Knex): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const p of allProjections)
    for (const table of Object.keys(p.tables)) out[`${p.name}.${table}`] = ((await knex(table).select()) as unknown[]).map((r) => JSON.stringify(r)).sort();
  return out;
}

describeWith(['postgres'])('npm run events -- import', () => {
  let app: TestApp;
  let db: TestDatabase;
  let knex: Knex;
  let store: PostgresEventStore;
  beforeAll(async () => {
    app = await startTestApp({ redis: false });
    db = await createTestDatabase();
    knex = createKnex(db.url, { max: 4 });
    store = await PostgresEventStore.connect(db.url, { max: 2 });
  });
  afterAll(async () => {
    await store?.close();
    await knex?.destroy();
    await db?.drop();
    await app?.close();
  });

  it('restores an export into an empty store, and the rebuilt read models equal the original ones', async () => {
    const admin = await app.login('admin');
    const post = (path: string, body: unknown) =>
      fetch(`${app.url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('/admin/users', { username: 'mrossi', display_name: 'Mario Rossi', role: 'frontline', password: 'tornio rosso lunedi' })).status).toBe(201);
    const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const stop = await post('/factory/planned_stops', { equipment_id: 7, planned_reason_id: 1, start_time: `${day}T14:05`, end_time: `${day}T14:35`, notes: 'Cambio formato' });
    expect(stop.status).toBe(201);
    await app.deps.engine.settle();

    const lines: string[] = [];
    const sink = new (await import('node:stream')).Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const exported = await exportEvents(app.deps.store, sink, { format: 'ndjson' });
    expect((await importEvents(store, each(lines))).imported).toBe(exported.exported);

    const engine = new ProjectionEngine(knex, store, createCatalog(), allProjections, undefined, undefined, pino({ level: 'silent' }));
    for (const name of await engine.ensure({ backfillNew: true })) await engine.rebuild(name);
    for (const name of engine.names()) while ((await engine.catchUp(name)) > 0);
    expect(await readModels(knex)).toEqual(await readModels(app.deps.knex));
  });

  it('refuses a store that is not empty, and a line that is not an exported event', async () => {
    await expect(importEvents(store, each(['{}']))).rejects.toThrow(new ImportError('the event store is not empty: an import restores into an empty store only'));
    const other = await createTestDatabase();
    const empty = await PostgresEventStore.connect(other.url, { max: 1 });
    try {
      await expect(importEvents(empty, each(['{"stream":"x"}']))).rejects.toThrow('line 1: not an exported event');
    } finally {
      await empty.close();
      await other.drop();
    }
  });
});
