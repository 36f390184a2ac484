import { USERNAME_MAX } from './events.js';

export const USERNAME_CHARACTERS = 'Solo lettere, cifre, punto, trattino e trattino basso';
export const USERNAME_START = 'Deve iniziare con una lettera o una cifra';

/**
 * Why a new account's name is refused, or null. A name is a path segment
 * (`/admin/users/{username}`), a stream name and a command-line argument: it starts with a letter
 * or a digit, so `.` and `..` (which a URL resolves away, leaving the account out of reach) and
 * names read as options (`-x`) or hidden files (`.x`) are never made.
 */
export function usernameProblem(username: string): string | null {
  if (username.length === 0) return 'Obbligatorio';
  if (username.length > USERNAME_MAX) return `Al massimo ${USERNAME_MAX} caratteri`;
  if (!/^[a-zA-Z0-9._-]+$/.test(username)) return USERNAME_CHARACTERS;
  if (!/^[a-zA-Z0-9]/.test(username)) return USERNAME_START;
  return null;
}
