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
  const prefix = user === null ? PREFIX : `${PREFIX}${user}|`;
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

function remember(user: string, url: string, body: unknown): void {
  const keys = keysOf(user);
  if (keys.length >= MAX_KEPT) {
    const oldest = keys
      .map((key) => ({ key, at: (readStoredJson(key) as Kept | null)?.at ?? 0 }))
      .sort((a, b) => a.at - b.at)
      .slice(0, keys.length - MAX_KEPT + 1);
    for (const { key } of oldest) writeStoredJson(key, null);
  }
  writeStoredJson(keyOf(user, url), { at: Date.now(), body } satisfies Kept);
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
}
