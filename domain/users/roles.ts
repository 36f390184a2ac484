import { z } from 'zod';

/**
 * The plant's roles. The spec names its five demo users after the first five, so username and
 * role coincide for demos. `display` is the TV board's read-only account (docs/board.md): it
 * opens only 'Tabellone' and writes nothing; an admin creates it.
 */
export const ROLES = ['frontline', 'support', 'demoit', 'demoen', 'admin', 'display'] as const;
/** The spec's demo accounts, one per role it names. */
export const DEMO_ROLES = ['frontline', 'support', 'demoit', 'demoen', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
/** Roles for showing the demo in two languages: given to an account only while the demo is on (SEED_DEMO). */
export const DEMO_ONLY_ROLES: readonly string[] = ['demoit', 'demoen'];
export const DEMO_ROLE_OFF = 'Ruolo disponibile solo con la demo attiva';
export type Role = z.infer<typeof roleSchema>;

/** Each role as the pages show it. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  frontline: 'Operatore',
  support: 'Supporto operativo',
  demoit: 'Demo IT',
  demoen: 'Demo EN',
  admin: 'Amministratore',
  display: 'Tabellone',
};

/**
 * Whether the account must change its password before anything else. The display account has no
 * keyboard on the floor and may write nothing, its own password included: the admin sets it.
 */
export function mustChangePasswordNow(user: { role: string; mustChangePassword: boolean }): boolean {
  return user.mustChangePassword && user.role !== 'display';
}

/**
 * The spec's rule "the role is the username" describes its five demo accounts: an account
 * named after a role has that role and no other. Every other name takes any role.
 */
export function fixedRoleOf(username: string): Role | null {
  const name = username.toLowerCase();
  return (ROLES as readonly string[]).includes(name) ? (name as Role) : null;
}
