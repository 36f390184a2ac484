import type { Knex } from 'knex';
import { START, type EventStore } from '../domain/shared/eventStore.js';
import type { AnyProjection as Projection } from '../projections/types.js';
import { CLEARED, EventApplyError, failureColumns, failureOf } from './projectionFailures.js';
import { NOTIFY_CHANNEL, analyzeLoaded, createGeneration, dropRetired, failGeneration, indexLoaded, pointViews, type GenerationRow } from './projectionGenerations.js';
import { positionOf as pos } from './projectionStatus.js';
import type { RebuildProgress } from '../domain/shared/readModelStatus.js';

/** What one batch of a projection did; the rebuild loop and the engine's runs both read it. */
export interface BatchResult {
  processed: number;
  caughtUp: boolean;
  busy: boolean;
  /** The generation is parked at an event its projection cannot apply: nothing more runs until it is retried. */
  failed?: boolean;
}

export type { RebuildProgress } from '../domain/shared/readModelStatus.js';

/** What a rebuild needs of the engine: its batches, which park a generation at an event they cannot apply. */
export interface RebuildRunner {
  knex: Knex;
  store: EventStore;
  projection: Projection;
  batchSize: number;
  /** One rebuild-sized batch of a generation, in its own transaction. */
  runBatch(generation: number): Promise<BatchResult>;
  /** One batch inside the caller's transaction; throws EventApplyError on an event it cannot apply. */
  applyNext(trx: Knex.Transaction, row: GenerationRow): Promise<number>;
}

/**
 * Blue/green rebuild: a new generation fills its own tables from the first event
 * while the live one keeps serving; then it reads the last events and swaps the views and
 * statuses in one transaction (switchTo). A parked live generation tries its event again
 * meanwhile. A rebuild that cannot finish (an event its projection cannot apply, any
 * error) drops its half-built tables, leaves its row 'failed' with the reason, and throws,
 * so the read model never shows 'rebuilding' after its rebuild ended.
 */
export async function rebuildGeneration(run: RebuildRunner, onProgress: (p: RebuildProgress) => void | Promise<void>): Promise<void> {
  const { knex, projection } = run;
  const name = projection.name;
  await knex('projection_generations')
    .where({ name, status: 'live' })
    .whereNotNull('failed_at')
    .update({ ...CLEARED, updated_at: knex.fn.now() });
  const fresh = await createGeneration(knex, projection, 'building');
  const started = Date.now();
  const progress = { done: 0 };
  let total = 0;
  const report = () => {
    const { done } = progress;
    const eventsPerSecond = Math.round((done * 1000) / Math.max(1, Date.now() - started));
    const left = Math.max(0, total - done);
    const etaSeconds = left === 0 ? 0 : eventsPerSecond > 0 ? Math.ceil(left / eventsPerSecond) : null;
    return onProgress({ name, done, total: Math.max(total, done), eventsPerSecond, etaSeconds });
  };
  try {
    total = await run.store.countAfter(START);
    await report();
    for (let loaded = false; ; loaded = true) {
      for (;;) {
        const r = await run.runBatch(fresh.generation);
        progress.done += r.processed;
        await report();
        if (r.failed) throw await stoppedError(knex, fresh);
        if (r.caughtUp) break;
      }
      // The readers' indexes, built once over the loaded tables, and their statistics; the last events below keep them up to date.
      if (!loaded) {
        await indexLoaded(knex, projection, fresh.tables);
        await analyzeLoaded(knex, fresh.tables);
      }
      // An event among the last ones that cannot be applied rolls the switch back; the batches above then find it and park there.
      const switched = await switchTo(run, fresh, started, progress).catch((err: unknown) => {
        if (err instanceof EventApplyError) return false;
        throw err;
      });
      if (switched) break;
    }
  } catch (err) {
    // A database that is away leaves the row 'building' (as a stopped process does): the error still goes to the caller.
    await failGeneration(knex, fresh, failureColumns(null, err, knex.fn.now())).catch(() => undefined);
    throw err;
  }
  await report();
  await dropRetired(knex, name, fresh.generation);
}

/**
 * The switch, in one transaction. Lock order, the same for every runner so none can deadlock:
 * the read model's switch lock (switches of one read model take turns), then the live
 * generation's advisory lock, then the new one's, and only then rows. A catch-up takes its
 * generation's advisory lock before its row; a switch that locked the live row first could
 * deadlock against it, and a second rebuild of the same read model found no live row once the
 * first had switched, and failed on the one-live index.
 */
function switchTo(run: RebuildRunner, fresh: GenerationRow, started: number, progress: { done: number }): Promise<boolean> {
  const name = run.projection.name;
  return run.knex.transaction(async (trx) => {
    await trx.raw(`select pg_advisory_xact_lock(hashtext(?), 0)`, [`projection-switch:${name}`]);
    const live = await trx<GenerationRow>('projection_generations').where({ name, status: 'live' }).first();
    if (live) await trx.raw(`select pg_advisory_xact_lock(hashtext(?), ?)`, [name, live.generation]);
    await trx.raw(`select pg_advisory_xact_lock(hashtext(?), ?)`, [name, fresh.generation]);
    const row = (await trx<GenerationRow>('projection_generations').where({ name, generation: fresh.generation }).forUpdate().first())!;
    let done = progress.done;
    for (;;) {
      const n = await run.applyNext(trx, row);
      done += n;
      if (n < run.batchSize) break;
    }
    if (live) await trx('projection_generations').where({ name, generation: live.generation }).update({ status: 'retired', updated_at: trx.fn.now() });
    const eventsPerSecond = Math.round((done * 1000) / Math.max(1, Date.now() - started));
    await trx('projection_generations')
      .where({ name, generation: fresh.generation })
      .update({ status: 'live', updated_at: trx.fn.now(), rebuilt_at: trx.fn.now(), rebuild_events_per_second: eventsPerSecond });
    await pointViews(trx, row.tables);
    await trx.raw(`select pg_notify(?, ?)`, [NOTIFY_CHANNEL, JSON.stringify({ name, generation: row.generation, status: 'live', ...pos(row) })]);
    progress.done = done;
    return true;
  });
}

/** The error a rebuild ends with when its generation parked: which event, and why. */
async function stoppedError(knex: Knex, fresh: GenerationRow): Promise<Error> {
  const f = failureOf(await knex<GenerationRow>('projection_generations').where({ name: fresh.name, generation: fresh.generation }).first());
  const where = f?.position ? ` at event ${f.position.commit}/${f.position.prepare} (${f.eventType}, stream ${f.stream})` : '';
  return new Error(`Rebuild of ${fresh.name} stopped${where}: ${f?.message ?? 'unknown error'}`);
}
