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

/** The stored role, used where a screen needs it before /me answers (e.g. station setup). */
export function getStoredRole(): string | null {
  return localStorage.getItem(ROLE_KEY);
}

/** Forgets the token (logout, 401, failed session check); station defaults stay with the device. */
export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}
