import type { Knex } from 'knex';
import type { AnyProjection as Projection, TableNames } from '../projections/types.js';

/** One generation of a projection: its tables, its checkpoint and whether it serves. */
export interface GenerationRow {
  name: string;
  generation: number;
  version: number;
  /** 'failed': a rebuild that could not finish; its tables are dropped, the row says why (projectionFailures.ts). */
  status: 'building' | 'live' | 'retired' | 'failed';
  commit_pos: number;
  prepare_pos: number;
  processed: number;
  tables: TableNames;
  /** Set when the generation went live through a rebuild, with that rebuild's speed. */
  rebuilt_at?: Date | null;
  rebuild_events_per_second?: number | null;
  /** Set while the generation is parked at an event its projection cannot apply (projectionFailures.ts). */
  failed_at?: Date | null;
  failed_commit_pos?: number | string | null;
  failed_prepare_pos?: number | string | null;
  failed_event_type?: string | null;
  failed_stream?: string | null;
  failed_event_id?: string | null;
  failed_error?: string | null;
}

/** The channel on which runners announce a generation's progress (CheckpointWaiter listens). */
export const NOTIFY_CHANNEL = 'projection_advanced';

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
    await projection.afterLoad!(trx, tables, knex);
  });
}

/**
 * Gathers the planner's statistics of a generation's freshly loaded tables. Without them the
 * first queries after the switch are planned on guesses (a table never analyzed looks tiny) until
 * autovacuum's own analyze comes by, up to a minute later; the Projections page's row figures read
 * the same statistics.
 */
export async function analyzeLoaded(knex: Knex, tables: TableNames): Promise<void> {
  // Two at a time, on two of the pool's connections: each analyze is one backend's work, and a rebuild waits for them all.
  const queue = Object.values(tables);
  const worker = async () => {
    for (let phys = queue.shift(); phys !== undefined; phys = queue.shift()) await knex.raw('analyze ??', [phys]);
  };
  await Promise.all([worker(), worker()]);
}

/** Points each logical view at a generation's physical table, inside the caller's transaction. */
export async function pointViews(trx: Knex.Transaction, tables: TableNames): Promise<void> {
  for (const [logical, phys] of Object.entries(tables)) {
    await trx.raw(`drop view if exists ??`, [logical]);
    await trx.raw(`create view ?? as select * from ??`, [logical, phys]);
  }
}

/**
 * Drops the tables and rows of generations a rebuild replaced, and the rows of rebuilds that
 * failed before `before` (the generation that went live since says the read model is whole again).
 */
export async function dropRetired(knex: Knex, name: string, before?: number): Promise<void> {
  const gone = await knex<GenerationRow>('projection_generations')
    .where({ name })
    .andWhere((q) => {
      q.where('status', 'retired');
      if (before !== undefined) q.orWhere((f) => f.where('status', 'failed').andWhere('generation', '<', before));
    });
  for (const r of gone) {
    await knex.transaction(async (trx) => {
      for (const phys of Object.values(r.tables)) await trx.schema.dropTableIfExists(phys);
      await trx('projection_generations').where({ name, generation: r.generation }).delete();
    });
  }
}

/**
 * Ends a rebuild that could not finish: drops its half-built tables and keeps its row as
 * 'failed', with the event it stopped at when it parked, else the error that ended it.
 */
export async function failGeneration(knex: Knex, row: GenerationRow, failure: Record<string, unknown> | null): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const phys of Object.values(row.tables)) await trx.schema.dropTableIfExists(phys);
    const current = await trx<GenerationRow>('projection_generations').where({ name: row.name, generation: row.generation }).forUpdate().first();
    if (!current || current.status !== 'building') return;
    await trx('projection_generations')
      .where({ name: row.name, generation: row.generation })
      .update({ status: 'failed', updated_at: trx.fn.now(), ...(current.failed_at == null && failure ? failure : {}) });
  });
}
