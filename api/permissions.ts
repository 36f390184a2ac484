import type { Role } from '../domain/users/roles.js';

/**
 * What each role may do on the server. Routes name one action; the UI hides links,
 * but this map is what is enforced. A new route adds its action here.
 */
export const ACTIONS = [
  'session:read',
  'ops:read',
  'ops:rebuild',
  // Plant structure, shifts, DBR constants and each user's own default station (docs/plant.md).
  'plant:read',
  'station:write',
  'shifts:generate',
  'dbr_constants:write',
] as const;
export type Action = (typeof ACTIONS)[number];

const everyone: Action[] = ['session:read', 'plant:read', 'station:write'];

export const PERMISSIONS: Record<Role, readonly Action[]> = {
  frontline: [...everyone],
  support: [...everyone],
  demoit: [...everyone],
  demoen: [...everyone],
  admin: [...everyone, 'ops:read', 'ops:rebuild', 'shifts:generate', 'dbr_constants:write'],
};

export function can(role: string, action: Action): boolean {
  return (PERMISSIONS as Record<string, readonly Action[] | undefined>)[role]?.includes(action) ?? false;
}
