/**
 * The operator's autosave (line log §4.1 "Draft"): a change is sent about a second after typing
 * stops, or at once on blur; saves of one report go out one at a time, each with the revision the
 * previous one returned. A failure never drops the text: network and server errors are tried
 * again with a growing delay, a refusal waits for the next change, a 409 stops and offers a
 * reload. The savers live outside React, one per report, so a save still pending when the
 * operator opens a stop chatbot is finished (and retried) in the background, and coming back to
 * the report shows the text not yet saved instead of the older server copy.
 */
import { classifyFailure, fieldMessages, retryDelayMs, RETRY_NOTICE } from '../failures.js';

/** What the save indicator shows. */
export type DraftStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'retrying'; message: string; attempt: number; inMs: number }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'conflict'; message: string; code: string };

/** Timer functions, injectable for tests. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What a saver needs: the call, how to compare contents, and optionally time. */
export interface DraftSaverOptions<C> {
  save(content: C, revision: number): Promise<{ revision: number }>;
  fingerprint(content: C): string;
  /** Quiet time after the last change before saving (about 1 s). */
  debounceMs?: number;
  now?: () => Date;
  timers?: Timers;
  /** Where failures are written (the console; spec §8). */
  logError?: (message: string, error: unknown) => void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Autosave of one report. */
export class DraftSaver<C> {
  private revision = -1;
  private savedPrint: string | null = null;
  private latest: C | null = null;
  private latestPrint: string | null = null;
  private debounceTimer: unknown = null;
  private retryTimer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private listeners = new Set<() => void>();
  private readonly timers: Timers;
  private readonly debounceMs: number;
  private readonly now: () => Date;
  status: DraftStatus = { kind: 'idle' };

  constructor(private readonly options: DraftSaverOptions<C>) {
    this.timers = options.timers ?? realTimers;
    this.debounceMs = options.debounceMs ?? 1000;
    this.now = options.now ?? (() => new Date());
  }

  /** The revision the next write must send. */
  get currentRevision(): number {
    return this.revision;
  }

  /** Content typed but not saved yet (pending, failing or refused), else null. */
  unsaved(): C | null {
    return this.latest !== null && this.latestPrint !== this.savedPrint ? this.latest : null;
  }

  /** Subscribes to status changes (useSyncExternalStore). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): DraftStatus => this.status;

  private setStatus(status: DraftStatus): void {
    this.status = status;
    for (const l of this.listeners) l();
  }

  private clearTimers(): void {
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.debounceTimer = null;
    this.retryTimer = null;
  }

  /** Starts from the server's copy (a load, a reload after a conflict, a submit). */
  load(revision: number, content: C): void {
    this.clearTimers();
    this.revision = revision;
    this.latest = content;
    this.latestPrint = this.options.fingerprint(content);
    this.savedPrint = this.latestPrint;
    this.attempt = 0;
    this.again = false;
    this.setStatus({ kind: 'idle' });
  }

  /** The form changed: save after the quiet time (nothing after a conflict: the user must reload). */
  change(content: C): void {
    this.latest = content;
    this.latestPrint = this.options.fingerprint(content);
    if (this.status.kind === 'conflict') return;
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    this.debounceTimer = null;
    if (this.latestPrint === this.savedPrint) {
      if (this.status.kind === 'pending' || this.status.kind === 'refused') this.setStatus({ kind: 'idle' });
      return;
    }
    if (this.status.kind !== 'saving' && this.status.kind !== 'retrying') this.setStatus({ kind: 'pending' });
    this.debounceTimer = this.timers.set(() => {
      this.debounceTimer = null;
      void this.run();
    }, this.debounceMs);
  }

  /** Saves now (blur, leaving the page). */
  flush(): Promise<void> {
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    this.debounceTimer = null;
    return this.run();
  }

  /** Stops the timers and waits for a save under way, without starting one (before a submit). */
  async settle(): Promise<void> {
    this.clearTimers();
    this.again = false;
    while (this.inFlight) await this.inFlight;
    this.clearTimers();
  }

  /** Forgets pending work (the report was reloaded or left for good). */
  dispose(): void {
    this.clearTimers();
    this.again = false;
    this.listeners.clear();
  }

  private run(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    if (this.status.kind === 'conflict') return Promise.resolve();
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    if (this.latest === null || this.latestPrint === this.savedPrint) return Promise.resolve();

    const content = this.latest;
    const print = this.latestPrint;
    const revision = this.revision;
    this.setStatus({ kind: 'saving' });
    const flight = (async () => {
      try {
        const saved = await this.options.save(content, revision);
        this.revision = saved.revision;
        this.savedPrint = print;
        this.attempt = 0;
        this.setStatus(this.latestPrint === this.savedPrint ? { kind: 'saved', at: this.now() } : { kind: 'pending' });
      } catch (err) {
        const failure = classifyFailure(err);
        (this.options.logError ?? console.error)('Salvataggio automatico del report non riuscito', err);
        if (failure.kind === 'retry') {
          this.attempt += 1;
          const inMs = retryDelayMs(this.attempt);
          this.setStatus({ kind: 'retrying', message: RETRY_NOTICE, attempt: this.attempt, inMs });
          this.retryTimer = this.timers.set(() => {
            this.retryTimer = null;
            void this.run();
          }, inMs);
        } else if (failure.kind === 'conflict') {
          this.setStatus({ kind: 'conflict', message: failure.message, code: failure.code });
        } else {
          this.setStatus({ kind: 'refused', message: failure.message, fields: fieldMessages(failure.fields) });
        }
      } finally {
        this.inFlight = null;
      }
    })();
    this.inFlight = flight;
    return flight.then(() => {
      if (!this.again) return;
      this.again = false;
      if (this.status.kind === 'saved' || this.status.kind === 'pending') return this.run();
    });
  }
}

const savers = new Map<string, DraftSaver<unknown>>();

/** The saver of one report, created on first use and kept while the app runs. */
export function draftSaverFor<C>(id: string, create: () => DraftSaverOptions<C>): DraftSaver<C> {
  let saver = savers.get(id) as DraftSaver<C> | undefined;
  if (!saver) {
    saver = new DraftSaver(create());
    savers.set(id, saver as DraftSaver<unknown>);
  }
  return saver;
}

/** Drops a report's saver (after a reload chosen by the user, the server's copy wins). */
export function forgetDraftSaver(id: string): void {
  savers.get(id)?.dispose();
  savers.delete(id);
}
