import type { Knex } from 'knex';
import type { AnyProjection as Projection, TableNames } from '../projections/types.js';

/** One generation of a projection: its tables, its checkpoint and whether it serves. */
export interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  status: 'building' | 'live' | 'retired';
  commit_pos: number;
  prepare_pos: number;
  processed: number;
  tables: TableNames;
  /** Set when the generation went live through a rebuild, with that rebuild's speed. */
  rebuilt_at?: Date | null;
  rebuild_events_per_second?: number | null;
}

const physical = (logical: string, version: number, generation: number) => `${logical}_v${version}_g${generation}`;

/**
 * Creates a generation's tables and registry row. A live one also gets the views the
 * API reads; creating a live generation twice returns the existing one.
 */
export async function createGeneration(knex: Knex, projection: Projection, status: 'building' | 'live'): Promise<GenerationRow> {
  return knex.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('projection-ddl'), 0)`);
    if (status === 'live') {
      const existing = await trx<GenerationRow>('projection_generations').where({ name: projection.name, status: 'live' }).first();
      if (existing) return existing;
    }
    const max = await trx('projection_generations').where({ name: projection.name }).max<{ max: number | null }>('generation as max').first();
    const generation = (max?.max ?? 0) + 1;
    const tables: TableNames = {};
    for (const [logical, build] of Object.entries(projection.tables)) {
      tables[logical] = physical(logical, projection.version, generation);
      await trx.schema.createTable(tables[logical]!, build);
    }
    await projection.afterCreate?.(trx, tables);
    // A building generation gets its readers' indexes after its load (ProjectionEngine.rebuild).
    if (status === 'live') await projection.afterLoad?.(trx, tables);
    const row = { name: projection.name, generation, version: projection.version, status, commit_pos: 0, prepare_pos: 0, processed: 0, tables };
    await trx('projection_generations').insert({ ...row, tables: JSON.stringify(tables) });
    if (status === 'live') await pointViews(trx, tables);
    return row;
  });
}

/** Creates a loaded generation's readers' indexes (Projection.afterLoad), with memory enough to sort them at once. */
export async function indexLoaded(knex: Knex, projection: Projection, tables: TableNames): Promise<void> {
  if (!projection.afterLoad) return;
  await knex.transaction(async (trx) => {
    await trx.raw(`set local maintenance_work_mem = '256MB'`);
    await projection.afterLoad!(trx, tables);
  });
}

/**
 * Gathers the planner's statistics of a generation's freshly loaded tables. Without them the
 * first queries after the switch are planned on guesses (a table never analyzed looks tiny) until
 * autovacuum's own analyze comes by, up to a minute later; the Projections page's row figures read
 * the same statistics.
 */
export async function analyzeLoaded(knex: Knex, tables: TableNames): Promise<void> {
  for (const phys of Object.values(tables)) await knex.raw('analyze ??', [phys]);
}

/** Points each logical view at a generation's physical table, inside the caller's transaction. */
export async function pointViews(trx: Knex.Transaction, tables: TableNames): Promise<void> {
  for (const [logical, phys] of Object.entries(tables)) {
    await trx.raw(`drop view if exists ??`, [logical]);
    await trx.raw(`create view ?? as select * from ??`, [logical, phys]);
  }
}

/** Drops the tables and rows of generations a rebuild replaced. */
export async function dropRetired(knex: Knex, name: string): Promise<void> {
  const retired = await knex<GenerationRow>('projection_generations').where({ name, status: 'retired' });
  for (const r of retired) {
    await knex.transaction(async (trx) => {
      for (const phys of Object.values(r.tables)) await trx.schema.dropTableIfExists(phys);
      await trx('projection_generations').where({ name, generation: r.generation }).delete();
    });
  }
}
