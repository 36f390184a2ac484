import type { Knex } from 'knex';
import type { DomainEvent, EventCatalog } from '../domain/shared/catalog.js';
import { START, comparePositions, readPageOf, type EventStore, type Position, type RecordedEvent } from '../domain/shared/eventStore.js';
import type { AnyProjection as Projection } from '../projections/types.js';
import { EventApplyError, isParked, isTransient, park, retryParked, type EngineLog } from './projectionFailures.js';
import { NOTIFY_CHANNEL, createGeneration, type GenerationRow } from './projectionGenerations.js';
import { rebuildGeneration, type BatchResult, type RebuildProgress } from './projectionRebuild.js';
import { positionOf as pos, projectionStatus, type ProjectionStatus } from './projectionStatus.js';

export type { GenerationRow } from './projectionGenerations.js';
export type { EngineLog, ProjectionFailure } from './projectionFailures.js';
export { EXACT_COUNT_LIMIT, type ProjectionStatus } from './projectionStatus.js';
export type { BatchResult, RebuildProgress } from './projectionRebuild.js';

export { NOTIFY_CHANNEL } from './projectionGenerations.js';
const SILENT: EngineLog = { error: () => undefined };

/**
 * A window of the log (how many events it read, its last position) and its events the
 * projection handles, decoded; the events as read are kept only when one could not be decoded,
 * so a batch holds one copy of its events while it is applied.
 */
interface ReadBatch {
  read: number;
  last: Position | null;
  decoded: { failed: false; events: DomainEvent[] } | { failed: true; error: unknown; events: RecordedEvent[] };
}

/** The next batch, read and decoded while the current one is applied. */
interface Prefetch {
  after: Position;
  batch: Promise<ReadBatch | null>;
}

/** Events per batch of catch-up, and of a rebuild (docs/benchmarks.md). */
export const BATCH_SIZE = 5000;
export const REBUILD_BATCH_SIZE = 20_000;

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
    private readonly log: EngineLog = SILENT,
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

  /**
   * One batch after the generation's checkpoint. When the projection cannot decode or apply an
   * event of it, the batch rolls back and `isolate` finds that event and parks the generation there.
   */
  async runBatch(name: string, generation: number, size = this.batchSize): Promise<BatchResult> {
    try {
      return await this.tryBatch(name, generation, size);
    } catch (err) {
      if (!(err instanceof EventApplyError)) throw err;
      return this.isolate(name, generation, err.read);
    }
  }

  private tryBatch(name: string, generation: number, size: number): Promise<BatchResult> {
    const projection = this.get(name);
    return this.knex.transaction(async (trx) => {
      const locked = await trx.raw<{ rows: Array<{ ok: boolean }> }>(`select pg_try_advisory_xact_lock(hashtext(?), ?) as ok`, [name, generation]);
      if (!locked.rows[0]?.ok) return { processed: 0, caughtUp: false, busy: true };
      const row = await trx<GenerationRow>('projection_generations').where({ name, generation }).forUpdate().first();
      // A live generation of an older code version waits for its rebuild: new code must not write old tables.
      if (!row || row.status === 'retired' || row.status === 'failed' || row.version !== projection.version) return { processed: 0, caughtUp: true, busy: false };
      // Parked: not retried at every wake (no loop of failures), only at a start or a rebuild (retryFailed).
      if (isParked(row)) return { processed: 0, caughtUp: true, busy: false, failed: true };
      const processed = await this.applyNext(trx, projection, row, size);
      return { processed, caughtUp: processed < size, busy: false };
    });
  }

  /**
   * After a batch of `window` events failed: tries its first half, then the half that holds the
   * failure, each in its own transaction, so every event before the failing one is applied and
   * checkpointed and the generation parks exactly at it.
   */
  private async isolate(name: string, generation: number, window: number): Promise<BatchResult> {
    let processed = 0;
    let left = window;
    while (left > 0) {
      const size = Math.ceil(left / 2);
      try {
        const r = await this.tryBatch(name, generation, size);
        processed += r.processed;
        if (r.busy || r.failed || r.processed < size) return { ...r, processed };
        left -= size;
      } catch (err) {
        if (!(err instanceof EventApplyError)) throw err;
        if (size === 1) {
          await park(this.knex, this.log, name, generation, err);
          return { processed, caughtUp: true, busy: false, failed: true };
        }
        left = size;
      }
    }
    // The whole batch applied this time: the failure did not come back.
    return { processed, caughtUp: false, busy: false };
  }

  /**
   * Lets every parked read model try its event again, once: at a start, when its code may have
   * been fixed. Rows of failed rebuilds go too (a read model that needs one is rebuilt again from
   * ensure's list). Returns the read models that were parked.
   */
  retryFailed(): Promise<string[]> {
    return retryParked(this.knex, this.names());
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
    // A generation waiting for its rebuild does not advance (the rebuild catches it up), nor does a parked one.
    if (!live || live.version !== this.get(name).version || isParked(live) || !this.store.hasPendingAfter) return false;
    return this.store.hasPendingAfter(pos(live));
  }

  /**
   * Reads one batch after the row's checkpoint and applies it inside trx. A full batch
   * starts reading and decoding the next one before applying, so reading and decoding
   * overlap with the statements of the batch. Only the events the projection handles are
   * read whole (readPageOf).
   */
  private async applyNext(trx: Knex.Transaction, projection: Projection, row: GenerationRow, size = this.batchSize): Promise<number> {
    const key = `${row.name}:${row.generation}`;
    const after = pos(row);
    const ahead = this.prefetches.get(key);
    this.prefetches.delete(key);
    let batch = ahead && comparePositions(ahead.after, after) === 0 ? await ahead.batch : null;
    // A short prefetched batch may have been read before later events became visible.
    if (!batch || batch.read < size) batch = await this.readBatch(projection, after, size);
    const { read, decoded } = batch;
    if (read === 0) return 0;
    if (read === size) {
      const next = batch.last!;
      this.prefetches.set(key, { after: next, batch: this.readBatch(projection, next, size).catch(() => null) });
    }
    let changed: boolean;
    try {
      if (decoded.failed) throw decoded.error;
      changed = decoded.events.length > 0;
      if (changed) await projection.applyBatch({ trx, tables: row.tables }, decoded.events);
    } catch (err) {
      throw isTransient(err) ? err : new EventApplyError(decoded.events, err, read);
    }
    const last = batch.last!;
    await trx('projection_generations')
      .where({ name: row.name, generation: row.generation })
      .update({ commit_pos: last.commit, prepare_pos: last.prepare, processed: trx.raw('processed + ?', [read]), updated_at: trx.fn.now() });
    await trx.raw(`select pg_notify(?, ?)`, [NOTIFY_CHANNEL, JSON.stringify({ name: row.name, generation: row.generation, status: row.status, changed, ...last })]);
    row.commit_pos = last.commit;
    row.prepare_pos = last.prepare;
    return read;
  }

  /** The window after `after`, with its events the projection handles decoded (or why one could not be). */
  private async readBatch(projection: Projection, after: Position, size: number): Promise<ReadBatch> {
    const { events, read, last } = await readPageOf(this.store, { after, limit: size, types: projection.canHandle, metadataOf: projection.readsMetadataOf });
    const decoding = { storableText: this.store.storableText === true };
    try {
      return { read, last, decoded: { failed: false, events: events.map((r) => this.catalog.decode(r, decoding)) } };
    } catch (error) {
      return { read, last, decoded: { failed: true, error, events } };
    }
  }

  /**
   * Blue/green rebuild (projectionRebuild.ts): a new generation fills its own tables from the
   * first event while the live one keeps serving, then the switch is atomic. It ends live or,
   * when it cannot finish, with its generation 'failed' and the reason shown by status().
   */
  async rebuild(name: string, onProgress: (p: RebuildProgress) => void | Promise<void> = () => undefined): Promise<GenerationRow> {
    const projection = this.get(name);
    await rebuildGeneration(
      {
        knex: this.knex,
        store: this.store,
        projection,
        batchSize: this.batchSize,
        runBatch: (generation) => this.runBatch(name, generation, this.rebuildBatchSize),
        applyNext: (trx, row) => this.applyNext(trx, projection, row),
      },
      onProgress,
    );
    return (await this.liveRow(name))!;
  }

  /** Each read model's position, lag, state (and why it failed), and its last rebuild; see projectionStatus. */
  status(options: { rows?: boolean } = {}): Promise<ProjectionStatus[]> {
    return projectionStatus(this.knex, this.store, this.projections, options);
  }

  /**
   * Which of the named projections have reached the position. One without a live generation
   * (a new read model still being backfilled) serves no reads yet, so there is nothing to
   * wait for: it counts as reached, and commands do not wait on its backfill. Nor on one parked at
   * an event it cannot apply: it will not move until it is fixed, and the rest must answer meanwhile.
   */
  async reached(names: string[], position: Position): Promise<string[]> {
    if (names.length === 0) return [];
    const rows = await this.knex<GenerationRow>('projection_generations').whereIn('name', names).andWhere('status', 'live');
    const live = new Set(rows.map((r) => r.name));
    return [...names.filter((n) => !live.has(n)), ...rows.filter((r) => isParked(r) || comparePositions(pos(r), position) >= 0).map((r) => r.name)];
  }

  /** Where each serving read model has read to (the live push channel's resume point, api/live.ts). */
  async livePositions(): Promise<Array<{ name: string; position: Position }>> {
    const rows = await this.knex<GenerationRow>('projection_generations').where('status', 'live');
    return rows.map((r) => ({ name: r.name, position: pos(r) }));
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
