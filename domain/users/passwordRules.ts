import { isCommonPassword } from './commonPasswords.js';

/** NIST SP 800-63B: a length floor, no composition rules, no known or context-specific passwords. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/**
 * Why a new password is refused, in the words the pages show, or null when it is acceptable.
 * Length counts characters (a letter with an accent is one), not bytes.
 */
export function passwordProblem(password: string, username: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return `Almeno ${PASSWORD_MIN} caratteri`;
  if (length > PASSWORD_MAX) return `Al massimo ${PASSWORD_MAX} caratteri`;
  const lower = password.toLowerCase();
  const name = username.toLowerCase();
  if (lower === name || (name.length >= 4 && lower.includes(name))) return 'Non può contenere il nome utente';
  if (/^(.)\1+$/u.test(password) || isCommonPassword(password)) return 'Password troppo comune: scegline una meno prevedibile';
  return null;
}
