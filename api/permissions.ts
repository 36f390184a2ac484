import type { Role } from '../domain/users/roles.js';

/**
 * What each role may do on the server. Routes name one action; the UI hides links,
 * but this map is what is enforced. A new route adds its action here.
 */
export const ACTIONS = ['session:read', 'ops:read', 'ops:rebuild'] as const;
export type Action = (typeof ACTIONS)[number];

const everyone: Action[] = ['session:read'];

export const PERMISSIONS: Record<Role, readonly Action[]> = {
  frontline: [...everyone],
  support: [...everyone],
  demoit: [...everyone],
  demoen: [...everyone],
  admin: [...everyone, 'ops:read', 'ops:rebuild'],
};

export function can(role: string, action: Action): boolean {
  return (PERMISSIONS as Record<string, readonly Action[] | undefined>)[role]?.includes(action) ?? false;
}
