/**
 * The browser-side session: the bearer token and the role (the username, per the spec)
 * in local storage. Kept in one place so login, logout and the 401 handling agree on keys.
 */

const TOKEN_KEY = 'token';
const ROLE_KEY = 'role';

/** The stored bearer token, or null when logged out. */
export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** Stores what a successful login returns; the role is the username (foundations §3, §6). */
export function saveSession(token: string, username: string): void {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(ROLE_KEY, username);
}

/** The stored role, i.e. the username: where a screen needs it before /me answers, and the drafts' owner. */
export function getStoredRole(): string | null {
  return localStorage.getItem(ROLE_KEY);
}

/** Forgets the token (logout, failed session check); station defaults and drafts stay with the device. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/**
 * The re-authentication hook. A 401 while someone is at work does not throw them out: the
 * session is marked expired, the password prompt (SessionPrompt) asks for the password again in
 * place, and whatever waits for the session (the autosaves) goes on once it is renewed. What is
 * typed meanwhile stays on screen and in the local drafts.
 */
let expired = false;
const expiryListeners = new Set<() => void>();
/** Who waits for a renewal, with the user it waits for. */
const renewalListeners = new Map<() => void, string | null>();

function notifyExpiry(): void {
  for (const listener of [...expiryListeners]) listener();
}

/** The server refused the token: open the password prompt (once, however many calls failed). */
export function markSessionExpired(): void {
  if (expired) return;
  expired = true;
  notifyExpiry();
}

/** True while the password prompt waits for the password. */
export function isSessionExpired(): boolean {
  return expired;
}

/** Subscribes to the prompt's open/closed state (useSyncExternalStore). */
export function subscribeSessionExpiry(listener: () => void): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

/**
 * A new token was stored (the prompt or the login page): whatever waited for this user goes on.
 * Saves of another user who logged out meanwhile keep waiting (their text stays on the device).
 */
export function markSessionRenewed(): void {
  const wasExpired = expired;
  expired = false;
  if (wasExpired) notifyExpiry();
  const user = getStoredRole();
  for (const [listener, owner] of [...renewalListeners]) if (owner === user) listener();
}

/** Runs `listener` at every renewal of the current user's session until unsubscribed (the saves waiting on a 401). */
export function onSessionRenewed(listener: () => void): () => void {
  renewalListeners.set(listener, getStoredRole());
  return () => renewalListeners.delete(listener);
}

/** The session hook as the autosave takes it, injectable in tests. */
export interface SessionHook {
  expired(): void;
  onRenewed(listener: () => void): () => void;
}

/** The browser's session hook. */
export const browserSession: SessionHook = { expired: markSessionExpired, onRenewed: onSessionRenewed };
