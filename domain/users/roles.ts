import { z } from 'zod';

/** The plant's roles. The spec names demo users after them, so username and role coincide for demos. */
export const ROLES = ['frontline', 'support', 'demoit', 'demoen', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Each role as the pages show it. */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  frontline: 'Operatore',
  support: 'Supporto operativo',
  demoit: 'Demo IT',
  demoen: 'Demo EN',
  admin: 'Amministratore',
};

/**
 * The spec's rule "the role is the username" describes its five demo accounts: an account
 * named after a role has that role and no other. Every other name takes any role.
 */
export function fixedRoleOf(username: string): Role | null {
  const name = username.toLowerCase();
  return (ROLES as readonly string[]).includes(name) ? (name as Role) : null;
}
