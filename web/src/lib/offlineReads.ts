/**
 * The reads the line log and the stop chats need offline (docs/offline.md), kept on the device:
 * network first, and when the network fails, the last good answer this user had. Only the paths
 * below are kept, never the rest of the API. Answers are stored per user (the username is part
 * of the key) and a logout removes that user's, so nobody is ever shown another user's data.
 */
import { readStoredJson, writeStoredJson } from './drafts.js';
import { getStoredRole } from './session.js';

const PREFIX = 'offline-read:';
/** At most this many answers per user; the oldest go first. */
const MAX_KEPT = 200;

/** The GETs kept: the session and plant lists, the shifts, the shift report and stops, the chats' options. */
const KEPT = [
  /^\/me$/,
  /^\/factory\/(default_station|shop_floors|lines|equipments|workpoints|stop_codes|triggering_events|planned_stop_reasons|shifts|shift_notes)$/,
  /^\/factory\/(report_labels|units_of_measurement)\/[^/]+$/,
  /^\/factory\/stop_events\/(planned|unplanned)_by_shift$/,
];

/** Whether a GET of this path is kept for offline use. */
export function keptOffline(path: string): boolean {
  return KEPT.some((re) => re.test(path));
}

interface Kept {
  at: number;
  body: unknown;
}

const keyOf = (user: string, url: string) => `${PREFIX}${user}|${url}`;

/** The keys of one user's answers (all users' when `user` is null). */
function keysOf(user: string | null): string[] {
  return storedKeys(user === null ? PREFIX : `${PREFIX}${user}|`);
}

/** The stored keys that start with `prefix`. */
function storedKeys(prefix: string): string[] {
  const keys: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key?.startsWith(prefix)) keys.push(key);
    }
  } catch {
    // Storage blocked: nothing is kept.
  }
  return keys;
}

/**
 * Each user's kept answers and when each was kept, in one small entry beside them, so keeping an
 * answer reads that entry alone: reading and parsing every kept answer to find the oldest cost a
 * tablet used all day a pass over 200 answers at every read.
 */
const INDEX_PREFIX = 'offline-read-index:';
const indexKey = (user: string) => `${INDEX_PREFIX}${user}`;

function readIndex(user: string): Record<string, number> {
  const index = readStoredJson(indexKey(user));
  if (index && typeof index === 'object') return index as Record<string, number>;
  // Answers kept before the index: indexed once, from their own times.
  const built: Record<string, number> = {};
  for (const key of keysOf(user)) built[key.slice(keyOf(user, '').length)] = (readStoredJson(key) as Kept | null)?.at ?? 0;
  return built;
}

function remember(user: string, url: string, body: unknown): void {
  const index = readIndex(user);
  const at = Date.now();
  index[url] = at;
  const urls = Object.keys(index);
  if (urls.length > MAX_KEPT) {
    const oldest = urls.sort((a, b) => index[a]! - index[b]!).slice(0, urls.length - MAX_KEPT);
    for (const old of oldest) {
      writeStoredJson(keyOf(user, old), null);
      delete index[old];
    }
  }
  writeStoredJson(keyOf(user, url), { at, body } satisfies Kept);
  writeStoredJson(indexKey(user), index);
}

/** A network failure (no answer at all), as opposed to an answer the server gave. */
export function isNetworkFailure(err: unknown): boolean {
  return err instanceof TypeError;
}

/**
 * Reads `url` through `read`; a good answer is kept for the logged-in user, and when the
 * network fails, the kept one answers instead (if any; else the failure stands).
 */
export async function readKept<T>(url: string, read: () => Promise<T>): Promise<T> {
  const user = getStoredRole();
  try {
    const body = await read();
    if (user) remember(user, url, body);
    return body;
  } catch (err) {
    const kept = user && isNetworkFailure(err) ? (readStoredJson(keyOf(user, url)) as Kept | null) : null;
    if (kept && 'body' in kept) return kept.body as T;
    throw err;
  }
}

/** Removes what was kept for this user (logout), or for everyone (null). */
export function forgetKeptReads(user: string | null): void {
  for (const key of keysOf(user)) writeStoredJson(key, null);
  if (user !== null) writeStoredJson(indexKey(user), null);
  else for (const key of storedKeys(INDEX_PREFIX)) writeStoredJson(key, null);
}
