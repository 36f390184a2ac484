import type { Knex } from 'knex';
import type { EventCatalog } from '../domain/shared/catalog.js';
import { START, comparePositions, type EventStore, type Position, type RecordedEvent } from '../domain/shared/eventStore.js';
import type { AnyProjection as Projection } from '../projections/types.js';
import { createGeneration, dropRetired, analyzeLoaded, indexLoaded, pointViews, type GenerationRow } from './projectionGenerations.js';

export type { GenerationRow } from './projectionGenerations.js';

export interface BatchResult {
  processed: number;
  caughtUp: boolean;
  busy: boolean;
}

export interface RebuildProgress {
  name: string;
  done: number;
  total: number;
  eventsPerSecond: number;
  /** Seconds left at the current speed; null before the speed is known. */
  etaSeconds: number | null;
}

export interface ProjectionStatus {
  name: string;
  version: number;
  liveVersion: number | null;
  generation: number | null;
  position: Position | null;
  lag: number;
  state: 'live' | 'rebuilding' | 'needs-rebuild' | 'missing';
  /** Rows in the live generation's tables, all tables together; null unless asked for (`status({ rows: true })`). */
  rows: number | null;
  /** True when `rows` includes the planner's estimate of a table too large to count row by row. */
  rowsEstimated: boolean;
  /** When the live generation went live through a rebuild (null: built incrementally since it was first seen). */
  lastRebuildAt: string | null;
  /** The speed of that rebuild, events read per second. */
  rebuildEventsPerSecond: number | null;
}

export const NOTIFY_CHANNEL = 'projection_advanced';

/** A table of this many rows or more, by the planner's estimate, shows the estimate on the admin page. */
export const EXACT_COUNT_LIMIT = 20_000;

/** The next batch, read while the current one is applied. */
interface Prefetch {
  after: Position;
  events: Promise<RecordedEvent[] | null>;
}

/** Events per batch of catch-up, and of a rebuild (docs/benchmarks.md). */
export const BATCH_SIZE = 5000;
export const REBUILD_BATCH_SIZE = 20_000;

const pos = (row: GenerationRow): Position => ({ commit: Number(row.commit_pos), prepare: Number(row.prepare_pos) });

/**
 * Runs projections: one batch after the checkpoint, applied together with the
 * checkpoint update in ONE transaction under a per-generation advisory lock, so a
 * crash never loses or doubles an update and two workers never apply the same batch.
 */
export class ProjectionEngine {
  private readonly byName: Map<string, Projection>;
  private readonly prefetches = new Map<string, Prefetch>();

  constructor(
    private readonly knex: Knex,
    private readonly store: EventStore,
    private readonly catalog: EventCatalog,
    readonly projections: Projection[],
    private readonly batchSize = BATCH_SIZE,
    /**
     * A rebuild reads bigger batches by default: its generation serves no one yet, and fewer
     * transactions and statements go faster. Given a batch size, a rebuild uses that one.
     */
    private readonly rebuildBatchSize = batchSize === BATCH_SIZE ? REBUILD_BATCH_SIZE : batchSize,
  ) {
    this.byName = new Map(projections.map((p) => [p.name, p]));
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** Projections whose live tables change when events of these types are appended. */
  affectedBy(types: Iterable<string>): string[] {
    const set = new Set(types);
    return this.projections.filter((p) => p.canHandle.some((t) => set.has(t))).map((p) => p.name);
  }

  /**
   * Makes sure every projection has a live generation, and returns those the caller must
   * rebuild blue/green while the rest serve: a live one whose code version moved on (the old
   * generation keeps serving meanwhile) and, with `backfillNew`, a projection seen for the
   * first time while the store already holds events. Such a new read model is filled from
   * event zero by a rebuild in the background instead of by the catch-up that runs before the
   * port opens, so adding one never holds the app's start for the length of the history.
   * Without `backfillNew`, or on an empty store, a new projection starts live and empty.
   */
  async ensure(options: { backfillNew?: boolean } = {}): Promise<string[]> {
    const needRebuild: string[] = [];
    const storeHasEvents = options.backfillNew ? (await this.store.readAll({ after: START, limit: 1 })).length > 0 : false;
    for (const p of this.projections) {
      const live = await this.liveRow(p.name);
      if (!live && storeHasEvents) needRebuild.push(p.name);
      else if (!live) await createGeneration(this.knex, p, 'live');
      else if (live.version !== p.version) needRebuild.push(p.name);
    }
    return needRebuild;
  }

  /** Applies batches to the live generation until it has read everything visible. */
  async catchUp(name: string): Promise<number> {
    let total = 0;
    for (;;) {
      const live = await this.liveRow(name);
      if (!live) return total;
      const r = await this.runBatch(name, live.generation);
      total += r.processed;
      if (r.caughtUp || r.busy) return total;
    }
  }

  async runBatch(name: string, generation: number, size = this.batchSize): Promise<BatchResult> {
    const projection = this.get(name);
    return this.knex.transaction(async (trx) => {
      const locked = await trx.raw<{ rows: Array<{ ok: boolean }> }>(`select pg_try_advisory_xact_lock(hashtext(?), ?) as ok`, [name, generation]);
      if (!locked.rows[0]?.ok) return { processed: 0, caughtUp: false, busy: true };
      const row = await trx<GenerationRow>('projection_generations').where({ name, generation }).forUpdate().first();
      // A live generation of an older code version waits for its rebuild: new code must not write old tables.
      if (!row || row.status === 'retired' || row.version !== projection.version) return { processed: 0, caughtUp: true, busy: false };
      const processed = await this.applyNext(trx, projection, row, size);
      return { processed, caughtUp: processed < size, busy: false };
    });
  }

  /**
   * Catches every projection up to every committed event, waiting out events that are
   * not readable yet. Used at start, so the first request already sees seeded data.
   */
  async settle(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      let behind = false;
      for (const name of this.names()) {
        await this.catchUp(name);
        if (await this.isBehind(name)) behind = true;
      }
      if (!behind) return;
      if (Date.now() > deadline) throw new Error('Read models did not catch up with the event store in time');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Whether the live generation has events after its checkpoint that cannot be read
   * yet (an older transaction is still open); the scheduler then looks again shortly.
   */
  async isBehind(name: string): Promise<boolean> {
    const live = await this.liveRow(name);
    // A generation waiting for its rebuild does not advance; the rebuild catches it up.
    if (!live || live.version !== this.get(name).version || !this.store.hasPendingAfter) return false;
    return this.store.hasPendingAfter(pos(live));
  }

  /**
   * Reads one batch after the row's checkpoint and applies it inside trx. A full batch
   * starts reading the next one before applying, so reading and applying overlap.
   */
  private async applyNext(trx: Knex.Transaction, projection: Projection, row: GenerationRow, size = this.batchSize): Promise<number> {
    const key = `${row.name}:${row.generation}`;
    const after = pos(row);
    const ahead = this.prefetches.get(key);
    this.prefetches.delete(key);
    let recorded = ahead && comparePositions(ahead.after, after) === 0 ? await ahead.events : null;
    // A short prefetched batch may have been read before later events became visible.
    if (!recorded || recorded.length < size) recorded = await this.store.readAll({ after, limit: size });
    if (recorded.length === 0) return 0;
    if (recorded.length === size) {
      const next = recorded.at(-1)!.position;
      this.prefetches.set(key, { after: next, events: this.store.readAll({ after: next, limit: size }).catch(() => null) });
    }
    const handled = recorded.filter((r) => projection.canHandle.includes(r.type)).map((r) => this.catalog.decode(r));
    const ctx = { trx, tables: row.tables };
    if (handled.length > 0) await projection.applyBatch(ctx, handled);
    const last = recorded.at(-1)!.position;
    await trx('projection_generations')
      .where({ name: row.name, generation: row.generation })
      .update({ commit_pos: last.commit, prepare_pos: last.prepare, processed: trx.raw('processed + ?', [recorded.length]), updated_at: trx.fn.now() });
    await trx.raw(`select pg_notify(?, ?)`, [NOTIFY_CHANNEL, JSON.stringify({ name: row.name, generation: row.generation, status: row.status, ...last })]);
    row.commit_pos = last.commit;
    row.prepare_pos = last.prepare;
    return recorded.length;
  }

  /**
   * Blue/green rebuild: a new generation fills its own tables from the first event
   * while the live one keeps serving; then, holding both generations' locks, it reads
   * the last events and swaps the views and statuses in one transaction.
   */
  async rebuild(name: string, onProgress: (p: RebuildProgress) => void | Promise<void> = () => undefined): Promise<GenerationRow> {
    const projection = this.get(name);
    const fresh = await createGeneration(this.knex, projection, 'building');
    const started = Date.now();
    const total = await this.store.countAfter(START);
    let done = 0;
    const report = () => {
      const eventsPerSecond = Math.round((done * 1000) / Math.max(1, Date.now() - started));
      const left = Math.max(0, total - done);
      const etaSeconds = left === 0 ? 0 : eventsPerSecond > 0 ? Math.ceil(left / eventsPerSecond) : null;
      return onProgress({ name, done, total: Math.max(total, done), eventsPerSecond, etaSeconds });
    };
    await report();
    for (;;) {
      const r = await this.runBatch(name, fresh.generation, this.rebuildBatchSize);
      done += r.processed;
      await report();
      if (r.caughtUp) break;
    }
    // The readers' indexes, built once over the loaded tables, and their statistics; the last events below keep them up to date.
    await indexLoaded(this.knex, projection, fresh.tables);
    await analyzeLoaded(this.knex, fresh.tables);
    await this.knex.transaction(async (trx) => {
      const live = await trx<GenerationRow>('projection_generations').where({ name, status: 'live' }).forUpdate().first();
      if (live) await trx.raw(`select pg_advisory_xact_lock(hashtext(?), ?)`, [name, live.generation]);
      await trx.raw(`select pg_advisory_xact_lock(hashtext(?), ?)`, [name, fresh.generation]);
      const row = (await trx<GenerationRow>('projection_generations').where({ name, generation: fresh.generation }).forUpdate().first())!;
      for (;;) {
        const n = await this.applyNext(trx, projection, row);
        done += n;
        if (n < this.batchSize) break;
      }
      if (live) await trx('projection_generations').where({ name, generation: live.generation }).update({ status: 'retired', updated_at: trx.fn.now() });
      const eventsPerSecond = Math.round((done * 1000) / Math.max(1, Date.now() - started));
      await trx('projection_generations')
        .where({ name, generation: fresh.generation })
        .update({ status: 'live', updated_at: trx.fn.now(), rebuilt_at: trx.fn.now(), rebuild_events_per_second: eventsPerSecond });
      await pointViews(trx, row.tables);
      await trx.raw(`select pg_notify(?, ?)`, [NOTIFY_CHANNEL, JSON.stringify({ name, generation: row.generation, status: 'live', ...pos(row) })]);
    });
    await report();
    await dropRetired(this.knex, name);
    return (await this.liveRow(name))!;
  }

  /**
   * Each read model's position, lag and state, and its last rebuild. `rows` counts every row
   * of the live tables: for the admin page and the CLI, not for the health check a load
   * balancer polls.
   */
  async status(options: { rows?: boolean } = {}): Promise<ProjectionStatus[]> {
    const rows = await this.knex<GenerationRow>('projection_generations').whereNot('status', 'retired');
    const out: ProjectionStatus[] = [];
    for (const p of this.projections) {
      const live = rows.find((r) => r.name === p.name && r.status === 'live');
      const building = rows.some((r) => r.name === p.name && r.status === 'building');
      const position = live ? pos(live) : null;
      out.push({
        name: p.name,
        version: p.version,
        liveVersion: live?.version ?? null,
        generation: live?.generation ?? null,
        position,
        lag: await this.store.countAfter(position ?? START),
        state: building ? 'rebuilding' : !live ? 'missing' : live.version !== p.version ? 'needs-rebuild' : 'live',
        ...(!options.rows ? { rows: null, rowsEstimated: false } : live ? await this.countRows(live) : { rows: 0, rowsEstimated: false }),
        lastRebuildAt: live?.rebuilt_at ? new Date(live.rebuilt_at).toISOString() : null,
        rebuildEventsPerSecond: live?.rebuild_events_per_second ?? null,
      });
    }
    return out;
  }

  /**
   * Row count of a generation's tables (an admin look, not a hot path). A table the planner
   * reckons at EXACT_COUNT_LIMIT rows or more is not counted (a full scan that grows with the
   * plant's history: 106 ms a page at a million events, docs/benchmarks.md); its estimate
   * (pg_class.reltuples, kept by autovacuum's analyze) is taken instead and the total says so.
   */
  private async countRows(row: GenerationRow): Promise<{ rows: number; rowsEstimated: boolean }> {
    const tables = Object.values(row.tables);
    const planned = await this.knex.raw<{ rows: Array<{ name: string; n: string }> }>(
      `select t.name, c.reltuples::bigint as n from unnest(?::text[]) as t(name) join pg_class c on c.oid = to_regclass(t.name)`,
      [tables],
    );
    const estimates = new Map(planned.rows.map((r) => [r.name, Number(r.n)]));
    let rows = 0;
    let rowsEstimated = false;
    for (const phys of tables) {
      const estimate = estimates.get(phys) ?? -1;
      if (estimate >= EXACT_COUNT_LIMIT) {
        rows += estimate;
        rowsEstimated = true;
        continue;
      }
      const r = await this.knex(phys).count<{ n: string }>('* as n').first();
      rows += Number(r?.n ?? 0);
    }
    return { rows, rowsEstimated };
  }

  /**
   * Which of the named projections have reached the position. One without a live generation
   * (a new read model still being backfilled) serves no reads yet, so there is nothing to
   * wait for: it counts as reached, and commands do not wait on its backfill.
   */
  async reached(names: string[], position: Position): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.knex<GenerationRow>('projection_generations').whereIn('name', names).andWhere('status', 'live');
    const live = new Set(rows.map((r) => r.name));
    return [...names.filter((n) => !live.has(n)), ...rows.filter((r) => comparePositions(pos(r), position) >= 0).map((r) => r.name)];
  }

  liveRow(name: string): Promise<GenerationRow | undefined> {
    return this.knex<GenerationRow>('projection_generations').where({ name, status: 'live' }).first();
  }

  private get(name: string): Projection {
    const p = this.byName.get(name);
    if (!p) throw new Error(`Unknown projection ${name}. Known: ${this.names().join(', ')}`);
    return p;
  }
}
