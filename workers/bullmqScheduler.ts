import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ProjectionEngine, RebuildProgress } from './projectionEngine.js';
import { InProcessScheduler, RETRY_MS } from './inProcessScheduler.js';
import type { ProjectionScheduler } from './scheduler.js';

export const QUEUE_NAME = 'projections';

type JobData = { name?: string };

export interface BullMqSchedulerOptions {
  prefix?: string;
  runWorker?: boolean;
  /** Interval of the catch-up poll. */
  pollMs?: number;
  /** How soon to look again when committed events are not readable yet (tests lengthen it). */
  retryMs?: number;
  /** While Redis is unreachable: how often the in-process fallback polls every projection. */
  fallbackPollMs?: number;
}

/**
 * BullMQ carries wake-ups (one pending per projection, thanks to deduplication that
 * keeps the last wake while one runs), a repeatable catch-up poll and rebuild jobs
 * with progress. It never carries events: the runner reads them from the store.
 *
 * Every catch-up of a projection runs as its `wake` job, so the deduplication slot is
 * the projection's one loop, as in the in-process scheduler: a wake that arrives while
 * a batch is applied is kept and runs right after it. Nothing else may take that slot
 * with a later start: the poll only enqueues wakes, and the look-again for events that
 * are not readable yet is a timer that enqueues a wake when it fires, not a delayed job
 * (a delayed job in the slot held back every command's wake until it came due).
 *
 * Losing Redis must not stall the read side: ioredis keeps reconnecting, and while a
 * connection is not ready the wakes go to an in-process runner of the same engine, which
 * also polls every projection, so acknowledged writes become readable without Redis.
 * The engine's advisory lock keeps one runner per projection whichever path wakes it; on
 * reconnection every projection is woken through the queue again.
 */
export class BullMqScheduler implements ProjectionScheduler {
  readonly kind = 'bullmq' as const;
  private worker: Worker<JobData> | null = null;
  private readonly retries = new Map<string, NodeJS.Timeout>();
  private readonly enqueuing = new Set<Promise<unknown>>();
  /** Projections whose wake is on its way to Redis. */
  private readonly inFlight = new Set<string>();
  private closed = false;
  private fallback: InProcessScheduler | null = null;
  private fallbackTimer: NodeJS.Timeout | null = null;
  private lost = false;

  private constructor(
    private readonly queue: Queue<JobData>,
    private readonly connections: Redis[],
    private readonly log: Logger,
    private readonly retryMs: number,
  ) {}

  /** The queues an operator may look at (bull-board, admin only). */
  queues(): Queue[] {
    return [this.queue];
  }

  /** Whether every Redis connection is up; false while ioredis is reconnecting. */
  redisReady(): boolean {
    return this.connections.every((c) => c.status === 'ready');
  }

  private watchRedis(engine: ProjectionEngine, fallbackPollMs: number): void {
    this.fallback = new InProcessScheduler(engine, this.log, 0);
    for (const c of this.connections) {
      c.on('error', (err: Error) => {
        if (!this.lost) this.log.warn({ err: err.message }, 'Redis unreachable: projections run in-process until it is back');
        this.lost = true;
      });
      c.on('ready', () => {
        if (!this.lost || !this.redisReady()) return;
        this.lost = false;
        this.log.info('Redis is back: projection wake-ups go through the queue again');
        this.wake(engine.names());
      });
    }
    this.fallbackTimer = setInterval(() => {
      if (!this.closed && !this.redisReady()) this.fallback!.wake(engine.names());
    }, fallbackPollMs);
    this.fallbackTimer.unref();
  }

  static async start(redisUrl: string, engine: ProjectionEngine, log: Logger, options: BullMqSchedulerOptions = {}): Promise<BullMqScheduler> {
    const prefix = options.prefix ?? 'linea';
    // ioredis's default retry (every 50 ms to 2 s, forever), until the scheduler is closed. BullMQ
    // duplicates these connections (the worker's blocking one) with the same options, so after
    // close() every one of them stops at its next attempt, even those that never got ready
    // because Redis was gone, and none keeps the process alive reconnecting to a dead server.
    // Declared before the connections whose retry strategy reads it, assigned once they exist.
    // eslint-disable-next-line prefer-const
    let scheduler: BullMqScheduler | undefined;
    const retryStrategy = (times: number) => (scheduler?.closed ? null : Math.min(times * 50, 2000));
    const queueConn = new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy });
    const queue = new Queue<JobData>(QUEUE_NAME, { connection: queueConn, prefix });
    // Without a listener BullMQ prints each of the queue's connection errors to the console; the
    // loss of Redis is logged once by watchRedis, so these are only debug lines.
    queue.on('error', (err) => log.debug({ err: err.message }, 'queue connection error'));
    scheduler = new BullMqScheduler(queue, [queueConn], log, options.retryMs ?? RETRY_MS);
    if (options.runWorker !== false) {
      const workerConn = new Redis(redisUrl, { maxRetriesPerRequest: null, retryStrategy });
      scheduler.connections.push(workerConn);
      // An instance killed mid-job leaves its jobs active until their lock expires; the wake that
      // arrives meanwhile waits behind it (deduplication). A 10 s lock, renewed every 5 s while a
      // job runs and checked every 5 s, lets a surviving instance take them over within seconds
      // instead of BullMQ's default half minute.
      const worker = new Worker<JobData>(QUEUE_NAME, (job) => scheduler.process(engine, job), {
        connection: workerConn,
        prefix,
        concurrency: 4,
        lockDuration: 10_000,
        stalledInterval: 5_000,
      });
      worker.on('failed', (job, err) => log.error({ err, job: job?.name, projection: job?.data.name }, 'projection job failed'));
      worker.on('error', (err) => log.error({ err }, 'projection worker error'));
      scheduler.worker = worker;
      await queue.upsertJobScheduler('catch-up-poll', { every: options.pollMs ?? 5000 }, { name: 'poll', opts: { removeOnComplete: true, removeOnFail: 50 } });
    }
    await queue.waitUntilReady();
    if (options.runWorker !== false) scheduler.watchRedis(engine, options.fallbackPollMs ?? 1000);
    return scheduler;
  }

  wake(names: string[]): void {
    if (this.closed) return;
    if (this.fallback && !this.redisReady()) {
      // A wake queued for a Redis that is away would wait for it; the engine runs here instead.
      this.fallback.wake(names);
      return;
    }
    for (const name of names) {
      // A wake still on its way to Redis reaches it after this call, so its run reads
      // everything committed before now: one more would only add Redis work (under load,
      // every waiting command wakes its projections ten times a second).
      if (this.inFlight.has(name)) continue;
      this.inFlight.add(name);
      const add = enqueueWake(this.queue, name)
        .catch((err: unknown) => this.log.error({ err, projection: name }, 'could not enqueue projection wake-up'))
        .finally(() => {
          this.enqueuing.delete(add);
          this.inFlight.delete(name);
        });
      this.enqueuing.add(add);
    }
  }

  /** Resolves when every wake requested so far has reached Redis (tests and shutdown). */
  async flushWakes(): Promise<void> {
    while (this.enqueuing.size > 0) await Promise.all(this.enqueuing);
  }

  async requestRebuild(name: string): Promise<string> {
    const job = await this.queue.add('rebuild', { name }, { removeOnComplete: { age: 86_400 }, removeOnFail: { age: 86_400 } });
    return job.id!;
  }

  async rebuildProgress(jobId: string) {
    const job = await this.queue.getJob(jobId);
    if (!job) return null;
    const progress = (typeof job.progress === 'object' ? job.progress : {}) as Partial<RebuildProgress>;
    return {
      name: job.data.name ?? '',
      done: progress.done ?? 0,
      total: progress.total ?? 0,
      eventsPerSecond: progress.eventsPerSecond ?? 0,
      etaSeconds: progress.etaSeconds ?? null,
      state: await job.getState(),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.fallbackTimer) clearInterval(this.fallbackTimer);
    await this.fallback?.close();
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
    if (!this.redisReady()) {
      // Nothing queued for a Redis that is away can be flushed or closed politely: drop every
      // connection, the worker's and queue's own duplicates too, so none keeps reconnecting, and
      // force-close the worker, which stops its lock-renewal timer and its fetch loop's retry
      // delay at once (a disconnect alone left both running, and the process alive, forever).
      for (const c of this.connections) c.disconnect();
      const dropped = Promise.allSettled([this.worker?.close(true), this.worker?.disconnect(), this.queue.disconnect()]);
      await Promise.race([dropped, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      return;
    }
    await this.flushWakes();
    await this.worker?.close();
    await this.queue.close();
    for (const c of this.connections) c.disconnect();
  }

  private async process(engine: ProjectionEngine, job: Job<JobData>): Promise<unknown> {
    switch (job.name) {
      case 'wake': {
        const name = job.data.name!;
        const n = await engine.catchUp(name);
        // Committed events behind an older open transaction (or another runner held the lock): look again in a moment.
        if (await engine.isBehind(name)) this.retryLater(name);
        return n;
      }
      case 'poll': {
        // Only wakes: each catch-up runs in its projection's wake slot, never beside it.
        const names = engine.names();
        this.wake(names);
        return names.length;
      }
      case 'rebuild': {
        const row = await engine.rebuild(job.data.name!, (p) => job.updateProgress({ ...p }));
        return { generation: row.generation };
      }
      default:
        throw new Error(`Unknown projection job ${job.name}`);
    }
  }

  /** One pending look-again per projection; a worker that dies with it pending leaves it to the poll. */
  private retryLater(name: string): void {
    if (this.closed || this.retries.has(name)) return;
    const timer = setTimeout(() => {
      this.retries.delete(name);
      if (!this.closed) this.wake([name]);
    }, this.retryMs);
    timer.unref();
    this.retries.set(name, timer);
  }
}

/** At most one waiting wake per projection; a wake during a run is kept for after it. */
function enqueueWake(queue: Queue<JobData>, name: string) {
  return queue.add('wake', { name }, { deduplication: { id: `wake:${name}`, keepLastIfActive: true }, removeOnComplete: true, removeOnFail: 50 });
}
