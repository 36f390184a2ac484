import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ProjectionEngine, RebuildProgress } from './projectionEngine.js';
import { RETRY_MS } from './inProcessScheduler.js';
import type { ProjectionScheduler } from './scheduler.js';

export const QUEUE_NAME = 'projections';

type JobData = { name?: string };

/**
 * BullMQ carries wake-ups (one pending per projection, thanks to deduplication that
 * keeps the last wake while one runs), a repeatable catch-up poll and rebuild jobs
 * with progress. It never carries events: the runner reads them from the store.
 */
export class BullMqScheduler implements ProjectionScheduler {
  readonly kind = 'bullmq' as const;

  private constructor(
    private readonly queue: Queue<JobData>,
    private readonly worker: Worker<JobData> | null,
    private readonly connections: Redis[],
    private readonly log: Logger,
  ) {}

  static async start(
    redisUrl: string,
    engine: ProjectionEngine,
    log: Logger,
    options: { prefix?: string; runWorker?: boolean; pollMs?: number } = {},
  ): Promise<BullMqScheduler> {
    const prefix = options.prefix ?? 'linea';
    const queueConn = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue<JobData>(QUEUE_NAME, { connection: queueConn, prefix });
    const connections = [queueConn];
    let worker: Worker<JobData> | null = null;
    if (options.runWorker !== false) {
      const workerConn = new Redis(redisUrl, { maxRetriesPerRequest: null });
      connections.push(workerConn);
      worker = new Worker<JobData>(QUEUE_NAME, (job) => process(engine, queue, job), { connection: workerConn, prefix, concurrency: 4 });
      worker.on('failed', (job, err) => log.error({ err, job: job?.name, projection: job?.data.name }, 'projection job failed'));
      worker.on('error', (err) => log.error({ err }, 'projection worker error'));
      await queue.upsertJobScheduler('catch-up-poll', { every: options.pollMs ?? 5000 }, { name: 'poll', opts: { removeOnComplete: true, removeOnFail: 50 } });
    }
    await queue.waitUntilReady();
    return new BullMqScheduler(queue, worker, connections, log);
  }

  wake(names: string[]): void {
    for (const name of names) {
      enqueueWake(this.queue, name).catch((err: unknown) => this.log.error({ err, projection: name }, 'could not enqueue projection wake-up'));
    }
  }

  async requestRebuild(name: string): Promise<string> {
    const job = await this.queue.add('rebuild', { name }, { removeOnComplete: { age: 86_400 }, removeOnFail: { age: 86_400 } });
    return job.id!;
  }

  async rebuildProgress(jobId: string) {
    const job = await this.queue.getJob(jobId);
    if (!job) return null;
    const progress = (typeof job.progress === 'object' ? job.progress : {}) as Partial<RebuildProgress>;
    return { name: job.data.name ?? '', done: progress.done ?? 0, total: progress.total ?? 0, eventsPerSecond: progress.eventsPerSecond ?? 0, state: await job.getState() };
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    for (const c of this.connections) c.disconnect();
  }
}

/** At most one waiting wake per projection; a wake during a run is kept for after it. */
function enqueueWake(queue: Queue<JobData>, name: string, delay = 0) {
  return queue.add('wake', { name }, { delay, deduplication: { id: `wake:${name}`, keepLastIfActive: true }, removeOnComplete: true, removeOnFail: 50 });
}

async function process(engine: ProjectionEngine, queue: Queue<JobData>, job: Job<JobData>): Promise<unknown> {
  switch (job.name) {
    case 'wake': {
      const name = job.data.name!;
      const n = await engine.catchUp(name);
      // Committed events behind an older open transaction: look again in a moment.
      if (await engine.isBehind(name)) await enqueueWake(queue, name, RETRY_MS);
      return n;
    }
    case 'poll': {
      let n = 0;
      for (const name of engine.names()) n += await engine.catchUp(name);
      return n;
    }
    case 'rebuild': {
      const row = await engine.rebuild(job.data.name!, (p) => job.updateProgress({ ...p }));
      return { generation: row.generation };
    }
    default:
      throw new Error(`Unknown projection job ${job.name}`);
  }
}
