import pg from 'pg';
import type { Position } from '../domain/shared/eventStore.js';
import { comparePositions } from '../domain/shared/eventStore.js';
import { NOTIFY_CHANNEL, type ProjectionEngine } from './projectionEngine.js';

/** A read model that moved, and how far it has read. */
export type ProgressListener = (progress: { name: string; position: Position; changed: boolean }) => void;

interface Waiter {
  pending: Set<string>;
  position: Position;
  resolve(ok: boolean): void;
}

/**
 * Read-your-writes: lets a command's response wait until the projections it affects
 * have reached its position, or have parked at an event they cannot apply. Runners announce progress with NOTIFY, so this works
 * whether the runner is in this process or in a separate worker.
 */
export class CheckpointWaiter {
  private readonly waiters = new Set<Waiter>();
  private readonly listeners = new Set<ProgressListener>();
  private client: pg.Client | null = null;
  private closed = false;

  private constructor(
    private readonly url: string,
    private readonly engine: ProjectionEngine,
  ) {}

  static async start(url: string, engine: ProjectionEngine): Promise<CheckpointWaiter> {
    const waiter = new CheckpointWaiter(url, engine);
    await waiter.listen();
    return waiter;
  }

  /**
   * Opens the LISTEN connection, and opens it again after a drop. Meanwhile waits still
   * end correctly, only later: each waitFor also reads the checkpoints when it starts.
   */
  private async listen(): Promise<void> {
    const client = new pg.Client(this.url);
    const retry = () => {
      if (this.client !== client || this.closed) return;
      this.client = null;
      client.end().catch(() => undefined);
      setTimeout(() => void this.listen().catch(retry), 1000).unref();
    };
    client.on('notification', (msg) => this.onNotify(msg.payload));
    client.on('error', retry);
    client.on('end', retry);
    this.client = client;
    await client.connect();
    await client.query(`listen ${NOTIFY_CHANNEL}`);
  }

  /** Resolves true when all have reached the position, false when the time ran out. */
  waitFor(names: string[], position: Position, timeoutMs: number): Promise<boolean> {
    if (names.length === 0 || timeoutMs <= 0) return Promise.resolve(names.length === 0);
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        pending: new Set(names),
        position,
        resolve: (ok) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(ok);
        },
      };
      const timer = setTimeout(() => waiter.resolve(false), timeoutMs);
      this.waiters.add(waiter);
      // Registered before looking, so a notification between the two is not missed.
      this.engine.reached(names, position).then(
        (done) => {
          for (const n of done) waiter.pending.delete(n);
          if (waiter.pending.size === 0) waiter.resolve(true);
        },
        () => undefined,
      );
    });
  }

  /** Calls `listener` whenever a serving read model moves, in any process; returns the unsubscribe. */
  onProgress(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private onNotify(payload: string | undefined): void {
    if (!payload) return;
    const msg = JSON.parse(payload) as { name: string; status: string; commit: number; prepare: number; failed?: boolean; changed?: boolean };
    if (msg.status !== 'live') return;
    for (const listener of this.listeners) listener({ name: msg.name, position: { commit: msg.commit, prepare: msg.prepare }, changed: msg.changed !== false });
    for (const w of this.waiters) {
      // A read model that parked will not reach the position until it is fixed: nothing to wait for (ProjectionEngine.reached).
      if (w.pending.has(msg.name) && (msg.failed || comparePositions({ commit: msg.commit, prepare: msg.prepare }, w.position) >= 0)) {
        w.pending.delete(msg.name);
        if (w.pending.size === 0) w.resolve(true);
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters) w.resolve(false);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
