/**
 * Autosave of the Root Cause Tool's boxes (line log §2.5: "autosaved on blur"), kept outside
 * React so its rules are unit tested in node and so a box's state survives its row being
 * filtered out, re-sorted or reloaded:
 *
 * - what the user typed stays on screen until the server has it: a failed save keeps the draft
 *   and tries again with a growing delay (2 s, 4 s, 8 s ... at most 30 s) for as long as the page
 *   is open, and the drafts not yet saved are mirrored to a backup (local storage), so a reload,
 *   a 401 or a closed tab does not lose them either;
 * - one save per box at a time: a blur during a save sends the newer text once that one ends;
 * - a refusal that cannot heal (400, 404) is shown and not retried; 403 turns the tool read-only.
 */
import type { RootCauseField } from '../api/saveRootCause.js';
import type { RootCauseTexts } from '../api/unplannedStops.js';
import { FIRST_RETRY_MS, retryDelayMs, sameText, type BoxState, type BoxStatus, type SaveErrorKind } from './autosaveRules.js';

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
}

/** The key of a box, also its key in the backup. */
export function boxKey(stopId: number, field: RootCauseField): string {
  return `${stopId}:${field}`;
}

function parseKey(key: string): { stopId: number; field: RootCauseField } | null {
  const m = /^(\d{1,16}):(root_cause|troubleshooting)$/.exec(key);
  return m ? { stopId: Number(m[1]), field: m[2] as RootCauseField } : null;
}

const IDLE: BoxState = Object.freeze({ draft: null, status: 'idle', attempts: 0 }) as BoxState;

/** Statuses whose draft still has to reach the server (what the backup and the unload warning keep). */
const PENDING: ReadonlySet<BoxStatus> = new Set(['dirty', 'saving', 'retrying']);

/** The boxes of the tool, their saves and retries. Subscribe to re-render on every change. */
export class RootCauseAutosave {
  private readonly boxes = new Map<string, BoxState>();
  private readonly restored = new Set<string>();
  private readonly inFlight = new Set<string>();
  private readonly blurredAgain = new Set<string>();
  private readonly timers = new Map<string, unknown>();
  private readonly listeners = new Set<() => void>();
  private disposed = false;
  private forbiddenMessage: string | null = null;
  private revision = 0;

  constructor(private readonly deps: AutosaveDeps) {
    for (const [key, text] of Object.entries(deps.backup?.load() ?? {})) {
      if (!parseKey(key) || typeof text !== 'string') continue;
      this.boxes.set(key, { draft: text, status: 'dirty', attempts: 0 });
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
    return this.boxes.get(boxKey(stopId, field)) ?? IDLE;
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
    for (const box of this.boxes.values()) if (box.draft !== null && PENDING.has(box.status)) return true;
    return false;
  }

  /** The user typed: the text becomes the box's draft (kept through any failure). */
  edit(stopId: number, field: RootCauseField, text: string): void {
    const key = boxKey(stopId, field);
    const box = this.boxes.get(key) ?? IDLE;
    const status: BoxStatus = box.status === 'saving' || box.status === 'retrying' || box.status === 'forbidden' ? box.status : 'dirty';
    this.restored.delete(key);
    this.set(key, { ...box, draft: text, status, message: status === 'forbidden' ? box.message : undefined });
  }

  /** The box lost focus (or a retry is due): saves its draft unless the server already has it. */
  commit(stopId: number, field: RootCauseField): void {
    const key = boxKey(stopId, field);
    const box = this.boxes.get(key);
    this.restored.delete(key);
    if (!box || box.draft === null || this.disposed || this.forbiddenMessage !== null) return;
    if (this.inFlight.has(key)) {
      this.blurredAgain.add(key);
      return;
    }
    const saved = this.deps.savedText(stopId, field);
    if (saved !== undefined && sameText(box.draft, saved)) {
      this.cancelTimer(key);
      if (box.status !== 'saved') this.set(key, { draft: null, status: 'idle', attempts: 0 });
      return;
    }
    this.send(stopId, field, key, box.draft);
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
    for (const [key, box] of this.boxes) {
      const parsed = parseKey(key);
      if (parsed && box.status === 'retrying') this.commit(parsed.stopId, parsed.field);
    }
  }

  /** Stops the timers (the page is left); the backup keeps what is unsaved. */
  dispose(): void {
    this.disposed = true;
    for (const handle of this.timers.values()) this.deps.clearTimer(handle);
    this.timers.clear();
  }

  /** Undoes dispose (React's development double mount): waiting boxes get their timers back. */
  activate(): void {
    if (!this.disposed) return;
    this.disposed = false;
    for (const [key, box] of this.boxes) {
      const parsed = parseKey(key);
      if (parsed && box.status === 'retrying') this.schedule(parsed.stopId, parsed.field, key, box.retryInMs ?? FIRST_RETRY_MS);
    }
  }

  private send(stopId: number, field: RootCauseField, key: string, text: string): void {
    this.cancelTimer(key);
    this.inFlight.add(key);
    this.set(key, { ...(this.boxes.get(key) ?? IDLE), draft: text, status: 'saving', retryInMs: undefined, message: undefined });
    this.deps.save(stopId, field, text).then(
      (texts) => this.succeeded(stopId, field, key, text, texts),
      (error: unknown) => this.failed(stopId, field, key, error),
    );
  }

  private succeeded(stopId: number, field: RootCauseField, key: string, sent: string, texts: RootCauseTexts): void {
    this.inFlight.delete(key);
    this.deps.onSaved(stopId, texts);
    const current = this.boxes.get(key) ?? IDLE;
    const again = this.blurredAgain.delete(key);
    if (current.draft !== null && current.draft !== sent) {
      // Typed on while it was saving: that newer text is still to be saved.
      this.set(key, { draft: current.draft, status: 'dirty', attempts: 0 });
      if (again) this.commit(stopId, field);
      return;
    }
    // Keep a draft that differs only by the spaces the server trimmed: the user may still be typing.
    this.set(key, { draft: current.draft === texts[field] ? null : current.draft, status: 'saved', attempts: 0 });
  }

  private failed(stopId: number, field: RootCauseField, key: string, error: unknown): void {
    this.inFlight.delete(key);
    this.blurredAgain.delete(key);
    const box = this.boxes.get(key) ?? IDLE;
    const outcome = this.deps.classify(error, field);
    if (outcome.kind === 'forbidden') {
      this.forbiddenMessage = outcome.message;
      this.set(key, { ...box, status: 'forbidden', message: outcome.message });
      return;
    }
    const attempts = box.attempts + 1;
    if (outcome.kind === 'failed') {
      this.set(key, { ...box, status: 'failed', attempts, message: outcome.message });
      return;
    }
    const delay = retryDelayMs(attempts);
    this.set(key, { ...box, status: 'retrying', attempts, retryInMs: delay });
    if (!this.disposed) this.schedule(stopId, field, key, delay);
  }

  private schedule(stopId: number, field: RootCauseField, key: string, delay: number): void {
    this.cancelTimer(key);
    this.timers.set(
      key,
      this.deps.setTimer(() => {
        this.timers.delete(key);
        this.commit(stopId, field);
      }, delay),
    );
  }

  private cancelTimer(key: string): void {
    const handle = this.timers.get(key);
    if (handle === undefined) return;
    this.deps.clearTimer(handle);
    this.timers.delete(key);
  }

  private set(key: string, box: BoxState): void {
    this.boxes.set(key, box);
    this.revision += 1;
    this.persist();
    for (const listener of [...this.listeners]) listener();
  }

  private persist(): void {
    if (!this.deps.backup) return;
    const drafts: Record<string, string> = {};
    for (const [key, box] of this.boxes) if (box.draft !== null && PENDING.has(box.status)) drafts[key] = box.draft;
    this.deps.backup.store(drafts);
  }
}
