/**
 * Drafts kept on the device (local storage) until the server has them: what the autosave writes
 * at every change, so neither a reload, a closed tab, the network nor an expired session loses
 * what was typed. A draft belongs to one user and one document; its key says which, e.g.
 * 'draft:frontline|report|Linea 1|2025-03-03|A'. Storage that is full or blocked is only
 * logged: the text stays on screen and the engine keeps trying to save it.
 */

/** Prefix of every draft key. */
export const DRAFT_PREFIX = 'draft:';

/** A document's draft: the content, the revision it was typed on and when. */
export interface StoredDraft<C> {
  content: C;
  /** The server revision the text was typed on (-1: none). */
  revision: number;
  /** ISO instant of the last change. */
  at: string;
}

/** One document's place in the storage. */
export interface DraftSlot<C> {
  read(): StoredDraft<C> | null;
  write(draft: StoredDraft<C>): void;
  clear(): void;
}

/** The key of a user's draft of one document, from its parts (e.g. 'report', line, day, shift). */
export function draftKey(username: string, ...parts: ReadonlyArray<string | number>): string {
  return `${DRAFT_PREFIX}${[username, ...parts].join('|')}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Reads a JSON value; null when missing or unreadable. */
export function readStoredJson(key: string): unknown {
  try {
    const text = storage()?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/** Writes a JSON value (null removes it); a failure is logged, never thrown. */
export function writeStoredJson(key: string, value: unknown): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null || value === undefined) s.removeItem(key);
    else s.setItem(key, JSON.stringify(value));
  } catch (err) {
    console.error('Copia locale del testo non salvato non riuscita', err);
  }
}

function isStoredDraft(value: unknown): value is StoredDraft<unknown> {
  if (!value || typeof value !== 'object') return false;
  const d = value as Record<string, unknown>;
  return 'content' in d && typeof d.revision === 'number' && typeof d.at === 'string';
}

/** The draft slot under `key` in local storage. */
export function localDraftSlot<C>(key: string): DraftSlot<C> {
  return {
    read() {
      const value = readStoredJson(key);
      return isStoredDraft(value) ? (value as StoredDraft<C>) : null;
    },
    write(draft) {
      writeStoredJson(key, draft);
    },
    clear() {
      writeStoredJson(key, null);
    },
  };
}

/** The server's state of a document, as far as the comparison needs it. */
export interface ServerState {
  revision: number;
  /** ISO instant of the last save, or null when never saved. */
  updatedAt: string | null;
}

/**
 * True when a draft is newer than the server's copy, so it is restored and saved: the server has
 * not changed since the draft's revision, or its last save is older than the draft's last change.
 * Otherwise someone saved after it and the server's copy wins.
 */
export function isDraftNewer(draft: Pick<StoredDraft<unknown>, 'revision' | 'at'>, server: ServerState): boolean {
  if (server.revision <= draft.revision) return true;
  if (!server.updatedAt) return true;
  const draftAt = Date.parse(draft.at);
  const serverAt = Date.parse(server.updatedAt);
  return Number.isFinite(draftAt) && Number.isFinite(serverAt) && draftAt > serverAt;
}
