/**
 * Autosave of the Root Cause Tool's boxes (line log §2.5: "autosaved on blur") on the app's one
 * autosave engine (lib/autosave.ts), one engine per box, kept outside React so its rules are unit
 * tested in node and so a box's state survives its row being filtered out, re-sorted or reloaded:
 *
 * - what the user typed stays on screen until the server has it: a failed save keeps the draft
 *   and the engine tries again with a growing delay (2 s, 4 s, 8 s ... at most 30 s) for as long
 *   as the page is open; the drafts not yet saved are mirrored to a backup (local storage, under
 *   the user), so a reload or a closed tab does not lose them either; an expired session (401)
 *   waits for the password prompt and saves right after it;
 * - one save per box at a time: a blur during a save sends the newer text once that one ends;
 * - a refusal that cannot heal (400, 404) is shown and not retried; 403 turns the tool read-only.
 */
import { Autosave, RETRY_NOTICE, SESSION_NOTICE, type Failure, type SaveStatus } from '../../../lib/autosave.js';
import type { SessionHook } from '../../../lib/session.js';
import type { RootCauseField } from '../api/saveRootCause.js';
import type { RootCauseTexts } from '../api/unplannedStops.js';
import { fieldText } from './stopFormat.js';
import { sameText, type BoxState, type BoxStatus, type SaveErrorKind } from './autosaveRules.js';

export { classifySaveError, FORBIDDEN_MESSAGE, retryDelayMs, sameText, statusText } from './autosaveRules.js';
export type { BoxState, BoxStatus, SaveErrorKind } from './autosaveRules.js';

/** Unsaved drafts by box key, kept where a reload cannot reach them. */
export interface DraftBackup {
  load(): Record<string, string>;
  store(drafts: Record<string, string>): void;
}

/** What the store needs from the outside world; injected so tests run without a server or clock. */
export interface AutosaveDeps {
  save(stopId: number, field: RootCauseField, text: string): Promise<RootCauseTexts>;
  /** The saved text of a box as the list answered it; undefined while that stop is not listed. */
  savedText(stopId: number, field: RootCauseField): string | undefined;
  /** The server's answer, for the caller to update its copy of the list. */
  onSaved(stopId: number, texts: RootCauseTexts): void;
  classify(error: unknown, field: RootCauseField): SaveErrorKind;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
  backup?: DraftBackup;
  /** The re-authentication hook; default the browser's password prompt. */
  session?: SessionHook;
  logError?: (message: string, error: unknown) => void;
}

/** The key of a box, also its key in the backup. */
export function boxKey(stopId: number, field: RootCauseField): string {
  return `${stopId}:${field}`;
}

function parseKey(key: string): { stopId: number; field: RootCauseField } | null {
  const m = /^(\d{1,16}):(root_cause|troubleshooting|why_[1-5]|category)$/.exec(key);
  return m ? { stopId: Number(m[1]), field: m[2] as RootCauseField } : null;
}

const IDLE: BoxState = Object.freeze({ draft: null, status: 'idle', attempts: 0 }) as BoxState;

/** The tool's words for the engine's states. */
function boxStatus(status: SaveStatus): BoxStatus {
  switch (status.kind) {
    case 'idle':
      return 'idle';
    case 'pending':
      return 'dirty';
    case 'saving':
      return 'saving';
    case 'saved':
      return 'saved';
    case 'retrying':
      return 'retrying';
    case 'refused':
    case 'conflict':
      return 'failed';
    case 'forbidden':
      return 'forbidden';
    case 'session':
      return 'session';
    default: {
      const never: never = status;
      return never;
    }
  }
}

/** The tool's classification as the engine takes it. */
function toFailure(kind: SaveErrorKind): Failure {
  switch (kind.kind) {
    case 'retry':
      return { kind: 'retry', message: RETRY_NOTICE, code: 'RETRY' };
    case 'session':
      return { kind: 'session', message: SESSION_NOTICE, code: 'UNAUTHENTICATED' };
    case 'forbidden':
      return { kind: 'forbidden', message: kind.message, code: 'FORBIDDEN' };
    case 'failed':
      return { kind: 'refused', message: kind.message, code: 'REFUSED' };
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** Statuses whose draft still has to reach the server (what the backup and the unload warning keep). */
const PENDING: ReadonlySet<BoxStatus> = new Set(['dirty', 'saving', 'retrying', 'session']);

/** The boxes of the tool, each with its engine. Subscribe to re-render on every change. */
export class RootCauseAutosave {
  private readonly engines = new Map<string, Autosave<string, RootCauseTexts>>();
  /** The text typed and not (known to be) on the server, per box; absent or null shows the saved text. */
  private readonly drafts = new Map<string, string | null>();
  private readonly restored = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private disposed = false;
  private forbiddenMessage: string | null = null;
  private revision = 0;

  constructor(private readonly deps: AutosaveDeps) {
    for (const [key, text] of Object.entries(deps.backup?.load() ?? {})) {
      const parsed = parseKey(key);
      if (!parsed || typeof text !== 'string') continue;
      this.drafts.set(key, text);
      this.engine(parsed.stopId, parsed.field).change(text);
      this.restored.add(key);
    }
  }

  /** Re-render hook for useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Changes on every state change (useSyncExternalStore's snapshot). */
  getVersion = (): number => this.revision;

  /** The refusal message once the server said 403, else null. */
  get forbidden(): string | null {
    return this.forbiddenMessage;
  }

  /** The state of a box (idle when never touched). */
  get(stopId: number, field: RootCauseField): BoxState {
    const key = boxKey(stopId, field);
    const engine = this.engines.get(key);
    if (!engine) return IDLE;
    const s = engine.status;
    const box: BoxState = { draft: this.drafts.get(key) ?? null, status: boxStatus(s), attempts: s.kind === 'retrying' ? s.attempt : 0 };
    if (s.kind === 'retrying') box.retryInMs = s.inMs;
    if (s.kind === 'refused' || s.kind === 'conflict' || s.kind === 'forbidden') box.message = s.message;
    return box;
  }

  /** What the box shows: the draft while there is one, else the saved text. */
  text(stopId: number, field: RootCauseField, saved: string): string {
    const box = this.get(stopId, field);
    if (box.draft === null) return saved;
    // A saved box whose text someone else has since changed shows the server's text.
    if (box.status === 'saved' && !sameText(box.draft, saved)) return saved;
    return box.draft;
  }

  /** True while some typed text has not reached the server yet (the unload warning). */
  hasPending(): boolean {
    for (const key of this.engines.keys()) {
      const parsed = parseKey(key)!;
      const box = this.get(parsed.stopId, parsed.field);
      if (box.draft !== null && PENDING.has(box.status)) return true;
    }
    return false;
  }

  /** The user typed: the text becomes the box's draft (kept through any failure). */
  edit(stopId: number, field: RootCauseField, text: string): void {
    const key = boxKey(stopId, field);
    this.restored.delete(key);
    this.drafts.set(key, text);
    this.engine(stopId, field).change(text);
    this.changed();
  }

  /** The box lost focus (or the network is back): saves its draft unless the server already has it. */
  commit(stopId: number, field: RootCauseField): void {
    const key = boxKey(stopId, field);
    const engine = this.engines.get(key);
    const draft = this.drafts.get(key) ?? null;
    this.restored.delete(key);
    if (!engine || draft === null || this.disposed || this.forbiddenMessage !== null) return;
    const saved = this.deps.savedText(stopId, field);
    if (engine.status.kind !== 'saving' && saved !== undefined && sameText(draft, saved)) {
      if (engine.status.kind !== 'saved') {
        this.drafts.set(key, null);
        engine.discard(draft);
      }
      return;
    }
    void engine.flush();
  }

  /** Saves the drafts restored from the backup once their stops are listed again. */
  resume(): void {
    for (const key of [...this.restored]) {
      const parsed = parseKey(key);
      if (parsed && this.deps.savedText(parsed.stopId, parsed.field) !== undefined) this.commit(parsed.stopId, parsed.field);
    }
  }

  /** Tries every waiting box now (the network is back). */
  retryNow(): void {
    for (const [key, engine] of this.engines) {
      const parsed = parseKey(key);
      if (parsed && engine.status.kind === 'retrying') this.commit(parsed.stopId, parsed.field);
    }
  }

  /** Stops the timers (the page is left); the backup keeps what is unsaved. */
  dispose(): void {
    this.disposed = true;
    for (const engine of this.engines.values()) engine.pause();
  }

  /** Undoes dispose (React's development double mount): waiting boxes get their timers back. */
  activate(): void {
    if (!this.disposed) return;
    this.disposed = false;
    for (const engine of this.engines.values()) engine.resume();
  }

  private engine(stopId: number, field: RootCauseField): Autosave<string, RootCauseTexts> {
    const key = boxKey(stopId, field);
    let engine = this.engines.get(key);
    if (engine) return engine;
    engine = new Autosave<string, RootCauseTexts>({
      save: (text) => this.deps.save(stopId, field, text),
      fingerprint: (text) => text,
      debounceMs: null,
      classify: (error) => toFailure(this.deps.classify(error, field)),
      onSaved: (texts, sent) => {
        this.deps.onSaved(stopId, texts);
        const current = this.drafts.get(key) ?? null;
        // Typed on while it was saving: that newer text is still to be saved. Otherwise keep a
        // draft that differs only by the spaces the server trimmed: the user may still be typing.
        if (current === sent && current === fieldText(texts, field)) this.drafts.set(key, null);
      },
      timers: { set: (run, ms) => this.deps.setTimer(run, ms), clear: (handle) => this.deps.clearTimer(handle) },
      session: this.deps.session,
      logError: this.deps.logError,
    });
    engine.load(0, this.deps.savedText(stopId, field) ?? '');
    engine.subscribe(() => {
      const status = engine.status;
      if (status.kind === 'forbidden') this.forbiddenMessage = status.message;
      this.changed();
    });
    this.engines.set(key, engine);
    return engine;
  }

  private changed(): void {
    this.revision += 1;
    this.persist();
    for (const listener of [...this.listeners]) listener();
  }

  private persist(): void {
    if (!this.deps.backup) return;
    const drafts: Record<string, string> = {};
    for (const key of this.engines.keys()) {
      const parsed = parseKey(key)!;
      const box = this.get(parsed.stopId, parsed.field);
      if (box.draft !== null && PENDING.has(box.status)) drafts[key] = box.draft;
    }
    this.deps.backup.store(drafts);
  }
}
