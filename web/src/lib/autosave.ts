/**
 * The web app's one autosave engine, used by the operator's line log (a whole report, saved about
 * a second after typing stops) and by the Root Cause Tool (one engine per box, saved on blur).
 * One document per engine; what it guarantees:
 *
 * - ordered saves: one call at a time, each with the revision the previous one returned, and the
 *   newest text sent once the running call ends;
 * - a failure never drops the text: the network, 408, 429 and 5xx are tried again with a growing
 *   delay (2 s doubling to 30 s); a refusal waits for the next change; 409 stops and lets the
 *   screen offer a reload; 403 stops for good (the role may not write);
 * - 401 (the session expired) opens the password prompt through the session hook and saves again
 *   as soon as the session is renewed;
 * - with a draft slot, everything not yet on the server is also kept in local storage at every
 *   change, so a reload, a closed tab or a lost token finds it again (lib/drafts.ts).
 */
import type { AutosaveOptions, SaveStatus, Timers } from './autosaveTypes.js';
import { classifyFailure, fieldMessages, retryDelayMs } from './failures.js';
import { browserSession, type SessionHook } from './session.js';

export { CONCURRENT_DEFAULT, classifyFailure, fieldMessages, RETRY_NOTICE, retryDelayMs, SESSION_NOTICE, type Failure, type FailureKind } from './failures.js';

export type { AutosaveOptions, SaveStatus, Timers } from './autosaveTypes.js';

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Statuses in which the engine stops on its own until the user acts (reload, new text). */
const STOPPED = new Set<SaveStatus['kind']>(['conflict', 'forbidden']);

/** Autosave of one document. */
export class Autosave<C, R = unknown> {
  private revision = -1;
  private savedPrint: string | null = null;
  private latest: C | null = null;
  private latestPrint: string | null = null;
  private debounceTimer: unknown = null;
  private retryTimer: unknown = null;
  private inFlight: Promise<void> | null = null;
  private again = false;
  private attempt = 0;
  private paused = false;
  private stopSessionWait: (() => void) | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly timers: Timers;
  private readonly debounceMs: number | null;
  private readonly now: () => Date;
  private readonly session: SessionHook;
  status: SaveStatus = { kind: 'idle' };

  constructor(private readonly options: AutosaveOptions<C, R>) {
    this.timers = options.timers ?? realTimers;
    this.debounceMs = options.debounceMs === undefined ? 1000 : options.debounceMs;
    this.now = options.now ?? (() => new Date());
    this.session = options.session ?? browserSession;
  }

  /** The revision the next write must send. */
  get currentRevision(): number {
    return this.revision;
  }

  /** Content typed but not saved yet (pending, failing, refused or waiting), else null. */
  unsaved(): C | null {
    return this.latest !== null && this.latestPrint !== this.savedPrint ? this.latest : null;
  }

  /** The content last given (saved or not), else null. */
  current(): C | null {
    return this.latest;
  }

  /** Subscribes to status changes (useSyncExternalStore). */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getStatus = (): SaveStatus => this.status;

  private setStatus(status: SaveStatus): void {
    this.status = status;
    for (const l of [...this.listeners]) l();
  }

  private clearTimers(): void {
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.debounceTimer = null;
    this.retryTimer = null;
  }

  private stopWaitingForSession(): void {
    this.stopSessionWait?.();
    this.stopSessionWait = null;
  }

  /** Keeps (or drops) the local copy so that it always holds exactly what the server lacks. */
  private keepDraft(): void {
    const draft = this.options.draft;
    if (!draft) return;
    const unsaved = this.unsaved();
    if (unsaved === null) draft.clear();
    else draft.write({ content: unsaved, revision: this.revision, at: this.now().toISOString() });
  }

  /** Starts from the server's copy (a load, a reload after a conflict, a submit); the local copy goes. */
  load(revision: number, content: C): void {
    this.clearTimers();
    this.stopWaitingForSession();
    this.revision = revision;
    this.latest = content;
    this.latestPrint = this.options.fingerprint(content);
    this.savedPrint = this.latestPrint;
    this.attempt = 0;
    this.again = false;
    this.keepDraft();
    this.setStatus({ kind: 'idle' });
  }

  /** The content changed: kept locally at once, saved after the quiet time (or at the next flush). */
  change(content: C): void {
    this.latest = content;
    this.latestPrint = this.options.fingerprint(content);
    this.keepDraft();
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    this.debounceTimer = null;
    if (STOPPED.has(this.status.kind)) return;
    if (this.latestPrint === this.savedPrint) {
      if (this.status.kind === 'pending' || this.status.kind === 'refused') this.setStatus({ kind: 'idle' });
      return;
    }
    if (this.status.kind !== 'saving' && this.status.kind !== 'retrying' && this.status.kind !== 'session') this.setStatus({ kind: 'pending' });
    if (this.debounceMs === null || this.status.kind === 'session') return;
    this.debounceTimer = this.timers.set(() => {
      this.debounceTimer = null;
      void this.run();
    }, this.debounceMs);
  }

  /** Saves now (blur, leaving the page, back online). */
  flush(): Promise<void> {
    if (this.debounceTimer !== null) this.timers.clear(this.debounceTimer);
    this.debounceTimer = null;
    return this.run();
  }

  /** The server has this content already (it was typed back): nothing to save, no retry. */
  discard(content: C): void {
    this.clearTimers();
    this.stopWaitingForSession();
    this.latest = content;
    this.latestPrint = this.options.fingerprint(content);
    this.savedPrint = this.latestPrint;
    this.attempt = 0;
    this.keepDraft();
    this.setStatus({ kind: 'idle' });
  }

  /** Stops the timers and waits for a save under way, without starting one (before a submit). */
  async settle(): Promise<void> {
    this.clearTimers();
    this.again = false;
    while (this.inFlight) await this.inFlight;
    this.clearTimers();
  }

  /** Stops the timers while the page is away; the state and the local copy stay. */
  pause(): void {
    this.paused = true;
    this.clearTimers();
  }

  /** Undoes pause: a save that was waiting to retry gets its timer back. */
  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    if (this.status.kind === 'retrying') this.scheduleRetry(this.status.inMs);
    else if (this.status.kind === 'pending' && this.debounceMs !== null) this.change(this.latest as C);
  }

  /** Forgets pending work (the document was reloaded or left for good); the local copy stays. */
  dispose(): void {
    this.clearTimers();
    this.stopWaitingForSession();
    this.again = false;
    this.listeners.clear();
  }

  private scheduleRetry(inMs: number): void {
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = this.timers.set(() => {
      this.retryTimer = null;
      void this.run();
    }, inMs);
  }

  private waitForSession(message: string): void {
    this.setStatus({ kind: 'session', message });
    if (!this.stopSessionWait) {
      this.stopSessionWait = this.session.onRenewed(() => {
        this.stopWaitingForSession();
        if (this.status.kind === 'session') this.setStatus({ kind: 'pending' });
        void this.run();
      });
    }
    this.session.expired();
  }

  private run(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return this.inFlight;
    }
    if (STOPPED.has(this.status.kind)) return Promise.resolve();
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
    if (this.latest === null || this.latestPrint === this.savedPrint) return Promise.resolve();

    const content = this.latest;
    const print = this.latestPrint;
    const revision = this.revision;
    this.setStatus({ kind: 'saving' });
    const flight = (async () => {
      try {
        const result = await this.options.save(content, revision);
        if (this.options.revisionOf) this.revision = this.options.revisionOf(result);
        this.savedPrint = print;
        this.attempt = 0;
        this.keepDraft();
        this.options.onSaved?.(result, content);
        this.setStatus(this.latestPrint === this.savedPrint ? { kind: 'saved', at: this.now() } : { kind: 'pending' });
      } catch (err) {
        const failure = (this.options.classify ?? classifyFailure)(err);
        (this.options.logError ?? console.error)('Salvataggio automatico non riuscito', err);
        this.again = false;
        switch (failure.kind) {
          case 'retry': {
            this.attempt += 1;
            const inMs = retryDelayMs(this.attempt);
            this.setStatus({ kind: 'retrying', message: failure.message, attempt: this.attempt, inMs });
            if (!this.paused) this.scheduleRetry(inMs);
            break;
          }
          case 'session':
            this.waitForSession(failure.message);
            break;
          case 'conflict':
            this.setStatus({ kind: 'conflict', message: failure.message, code: failure.code });
            break;
          case 'forbidden':
            this.setStatus({ kind: 'forbidden', message: failure.message });
            break;
          case 'refused':
            this.attempt += 1;
            this.setStatus({ kind: 'refused', message: failure.message, fields: fieldMessages(failure.fields) });
            break;
          default: {
            const never: never = failure.kind;
            throw new Error(`Unknown failure ${String(never)}`, { cause: err });
          }
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

const engines = new Map<string, Autosave<unknown, unknown>>();

/**
 * The engine of one document, created on first use and kept while the app runs, so a save still
 * pending when the user opens another page is finished (and retried) in the background.
 */
export function autosaveFor<C, R>(id: string, create: () => AutosaveOptions<C, R>): Autosave<C, R> {
  let engine = engines.get(id) as Autosave<C, R> | undefined;
  if (!engine) {
    engine = new Autosave(create());
    engines.set(id, engine as Autosave<unknown, unknown>);
  }
  return engine;
}

/** Drops a document's engine (after a reload chosen by the user, the server's copy wins). */
export function forgetAutosave(id: string): void {
  engines.get(id)?.dispose();
  engines.delete(id);
}
