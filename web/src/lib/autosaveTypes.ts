/**
 * What the autosave engine (autosave.ts) reports and needs: its status, as the save indicators
 * show it, and the options each document gives its engine.
 */
import type { DraftSlot } from './drafts.js';
import type { Failure } from './failures.js';
import type { SessionHook } from './session.js';

/** Where an engine is; what the save indicator shows. */
export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'retrying'; message: string; attempt: number; inMs: number }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'conflict'; message: string; code: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'session'; message: string };

/** Timer functions, injectable for tests. */
export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** What an engine needs: the call, how to compare contents, and optionally the rest. */
export interface AutosaveOptions<C, R = unknown> {
  /** Sends the content with the revision last known; answers the server's copy. */
  save(content: C, revision: number): Promise<R>;
  /** Equal fingerprints mean the server already has it. */
  fingerprint(content: C): string;
  /** The revision the server's answer carries (omit when the call has none). */
  revisionOf?(result: R): number;
  /** Called after every successful save, with what was sent. */
  onSaved?(result: R, content: C): void;
  /** Quiet time after the last change before saving; null saves only on flush (on blur). Default 1 s. */
  debounceMs?: number | null;
  /** How a failure goes on; default classifyFailure. */
  classify?(error: unknown): Failure;
  /** Local copy of what is not saved yet. */
  draft?: DraftSlot<C>;
  /** The re-authentication hook; default the browser's password prompt. */
  session?: SessionHook;
  timers?: Timers;
  now?: () => Date;
  /** Where failures are written (the console; line log §8). */
  logError?: (message: string, error: unknown) => void;
}
