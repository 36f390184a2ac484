import type { Logger } from 'pino';
import type { ProjectionEngine, RebuildProgress } from './projectionEngine.js';
import type { ProjectionScheduler } from './scheduler.js';

/** How soon to look again when committed events are not readable yet. */
export const RETRY_MS = 50;

/**
 * The runner without Redis: the same engine, woken by direct calls. One loop per
 * projection; a wake during a run marks it to run once more, so none is lost.
 */
export class InProcessScheduler implements ProjectionScheduler {
  readonly kind = 'in-process' as const;
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly rebuilds = new Map<string, RebuildProgress & { state: string }>();
  private readonly timer: NodeJS.Timeout | null;
  private closed = false;

  /** `pollMs` 0: no catch-up poll of its own (the BullMQ scheduler's fallback polls only while Redis is away). */
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly log: Logger,
    pollMs = 5000,
  ) {
    this.timer = pollMs > 0 ? setInterval(() => this.wake(engine.names()), pollMs) : null;
    this.timer?.unref();
  }

  wake(names: string[]): void {
    for (const name of names) {
      if (this.closed) return;
      if (this.running.has(name)) {
        this.again.add(name);
        continue;
      }
      const run = (async () => {
        do {
          this.again.delete(name);
          try {
            await this.engine.catchUp(name);
            if (await this.engine.isBehind(name)) this.retryLater(name);
          } catch (err) {
            this.log.error({ err, projection: name }, 'projection catch-up failed');
          }
        } while (this.again.has(name) && !this.closed);
      })().finally(() => this.running.delete(name));
      this.running.set(name, run);
    }
  }

  /** Events are committed but not readable yet: look again in a moment. */
  private retryLater(name: string): void {
    setTimeout(() => this.wake([name]), RETRY_MS).unref();
  }

  async requestRebuild(name: string): Promise<string> {
    const id = `rebuild:${name}:${Date.now()}`;
    this.rebuilds.set(id, { name, done: 0, total: 0, eventsPerSecond: 0, etaSeconds: null, state: 'active' });
    this.engine
      .rebuild(name, (p) => {
        this.rebuilds.set(id, { ...p, state: 'active' });
      })
      .then(
        () => this.rebuilds.set(id, { ...this.rebuilds.get(id)!, state: 'completed' }),
        (err) => {
          this.log.error({ err, projection: name }, 'projection rebuild failed');
          this.rebuilds.set(id, { ...this.rebuilds.get(id)!, state: 'failed' });
        },
      );
    return id;
  }

  async rebuildProgress(jobId: string) {
    return this.rebuilds.get(jobId) ?? null;
  }

  /** Resolves when no catch-up is running (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }
}
