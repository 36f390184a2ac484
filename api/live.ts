import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { comparePositions, type Position } from '../domain/shared/eventStore.js';
import type { CurrentUsers } from '../infra/auth/currentUsers.js';
import type { CheckpointWaiter } from '../workers/checkpointWaiter.js';
import type { ProjectionEngine } from '../workers/projectionEngine.js';

/**
 * The live push channel (docs/live.md): Server-Sent Events telling open pages which read models
 * moved and up to which position, so they fetch again what they show. Every instance hears every
 * read model's progress through PostgreSQL (the projections' NOTIFY), wherever the projection ran.
 */
export interface LiveOptions {
  /** Open streams per user; a further one closes that user's oldest (a tablet that reloads). */
  maxPerUser: number;
  /** A comment line this often, so proxies and the browser keep an idle stream open. */
  heartbeatMs: number;
  /** Moves within this window go out as one message. */
  coalesceMs: number;
}

export const LIVE_DEFAULTS: LiveOptions = { maxPerUser: 6, heartbeatMs: 15_000, coalesceMs: 200 };

/** Read models no page shows as data that changes under it. */
const NOT_PUSHED = new Set(['users', 'stations']);

interface Stream {
  userId: string;
  sessionRevision: number;
  out: PassThrough;
  close(): void;
}

/** `commit.prepare`, the SSE event id; a client sends it back as Last-Event-ID when it reconnects. */
export const eventId = (p: Position) => `${p.commit}.${p.prepare}`;

export function parseEventId(value: string | undefined): Position | null {
  const m = /^(\d{1,15})\.(\d{1,15})$/.exec(value?.trim() ?? '');
  return m ? { commit: Number(m[1]), prepare: Number(m[2]) } : null;
}

const message = (event: string, position: Position | null, data: unknown) => `${position ? `id: ${eventId(position)}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export class LiveChannel {
  private readonly streams = new Set<Stream>();
  private pending = new Map<string, Position>();
  /** Each pushed read model's live position as this instance last heard it (readFloor). */
  private readonly heard = new Map<string, Position>();
  private heardLoaded: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    waiter: CheckpointWaiter,
    private readonly engine: ProjectionEngine,
    private readonly users: CurrentUsers,
    private readonly options: LiveOptions = LIVE_DEFAULTS,
  ) {
    this.unsubscribe = waiter.onProgress(({ name, position, changed }) => {
      this.hear(name, position);
      // A batch with none of the read model's events moves its checkpoint but not its data.
      if (!changed || NOT_PUSHED.has(name) || this.streams.size === 0) return;
      const before = this.pending.get(name);
      if (!before || comparePositions(position, before) > 0) this.pending.set(name, position);
      this.flushTimer ??= setTimeout(() => this.flush(), this.options.coalesceMs);
    });
    this.heartbeat = setInterval(() => void this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
    this.readFloor(); // loads the live positions, so the first reads already carry them
  }

  private hear(name: string, position: Position): void {
    if (NOT_PUSHED.has(name)) return;
    const before = this.heard.get(name);
    // Only forward: a generation being rebuilt reports positions behind the live one.
    if (!before || comparePositions(position, before) > 0) this.heard.set(name, position);
  }

  /**
   * Where the read models stood at least, as this instance knows it now, without a query: the
   * lowest of their live positions. An answer read after this moment holds everything up to it,
   * so a page that opens its stream later resumes from it (Last-Event-ID) and is told what moved
   * since, instead of fetching everything again (docs/live.md). Null until the positions are known
   * (the first call after a start loads them).
   */
  readFloor(): Position | null {
    if (!this.heardLoaded) {
      this.heardLoaded = this.engine.livePositions().then(
        (positions) => positions.forEach((p) => this.hear(p.name, p.position)),
        () => {
          this.heardLoaded = null; // tried again on a later call
        },
      );
      return null;
    }
    let floor: Position | null = null;
    for (const p of this.heard.values()) if (!floor || comparePositions(p, floor) < 0) floor = p;
    return floor;
  }

  /** How many streams this instance holds (for a test and /health-like checks). */
  get size(): number {
    return this.streams.size;
  }

  /** Turns the request into an event stream for this user; resumes after Last-Event-ID when it names a position. */
  async open(ctx: Context, user: { userId: string }): Promise<void> {
    const current = await this.users.get(user.userId);
    const out = new PassThrough();
    const stream: Stream = {
      userId: user.userId,
      sessionRevision: current?.sessionRevision ?? -1,
      out,
      close: () => {
        if (!this.streams.delete(stream)) return;
        out.end();
      },
    };
    const mine = [...this.streams].filter((s) => s.userId === user.userId);
    for (const old of mine.slice(0, Math.max(0, mine.length - this.options.maxPerUser + 1))) old.close();
    this.streams.add(stream);
    ctx.req.on('close', () => stream.close());
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-store, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = out;

    const positions = (await this.engine.livePositions()).filter((p) => !NOT_PUSHED.has(p.name));
    const head = positions.reduce<Position | null>((max, p) => (!max || comparePositions(p.position, max) > 0 ? p.position : max), null);
    const since = parseEventId(ctx.get('last-event-id'));
    out.write(`retry: 3000\n\n`);
    if (since) {
      // Whatever moved while the page was away: one message, so it fetches once.
      const moved = positions.filter((p) => comparePositions(p.position, since) > 0).map((p) => p.name);
      if (moved.length > 0) out.write(message('moved', head, { read_models: moved.sort(), position: head }));
    }
    out.write(message('ready', head, { position: head }));
  }

  private flush(): void {
    this.flushTimer = null;
    if (this.pending.size === 0) return;
    const moved = [...this.pending.entries()];
    this.pending = new Map();
    const head = moved.reduce((max, [, p]) => (comparePositions(p, max) > 0 ? p : max), moved[0]![1]);
    const text = message('moved', head, { read_models: moved.map(([n]) => n).sort(), position: head });
    for (const s of this.streams) s.out.write(text);
  }

  /** Keeps idle streams open through proxies, and ends those of users switched off or signed out since. */
  private async beat(): Promise<void> {
    for (const s of [...this.streams]) {
      const user = await this.users.get(s.userId).catch(() => undefined);
      if (user === undefined) continue;
      if (!user || !user.active || user.sessionRevision !== s.sessionRevision) s.close();
      else s.out.write(`: ${Date.now()}\n\n`);
    }
  }

  close(): void {
    this.unsubscribe();
    clearInterval(this.heartbeat);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    for (const s of [...this.streams]) s.close();
  }
}
