/** The roles as the pages show them (docs/accounts.md); the server's list is domain/users/roles.ts. */
export const ROLE_OPTIONS = [
  { value: 'frontline', label: 'Operatore' },
  { value: 'support', label: 'Supporto operativo' },
  { value: 'demoit', label: 'Demo IT' },
  { value: 'demoen', label: 'Demo EN' },
  { value: 'admin', label: 'Amministratore' },
  // The TV board's read-only account (docs/board.md).
  { value: 'display', label: 'Tabellone' },
] as const;

/** The roles an account may be given: 'Demo IT' and 'Demo EN' only while the demo is on, or to keep an account's own. */
export function roleOptions(demo: boolean, current?: string): ReadonlyArray<(typeof ROLE_OPTIONS)[number]> {
  return ROLE_OPTIONS.filter((r) => demo || (r.value !== 'demoit' && r.value !== 'demoen') || r.value === current);
}

export type RoleValue = (typeof ROLE_OPTIONS)[number]['value'];

/** A role's Italian label; the value itself for one the page does not know. */
export function roleLabel(role: string): string {
  return ROLE_OPTIONS.find((r) => r.value === role)?.label ?? role;
}

/** An account named after a role keeps that role (the spec's demo accounts). */
export function hasFixedRole(username: string): boolean {
  return ROLE_OPTIONS.some((r) => r.value === username.toLowerCase());
}

/** The accounts whose name, display name or role label contains the search, ignoring case. */
export function matchUsers<U extends { username: string; display_name: string; role: string }>(users: readonly U[], search: string): U[] {
  const q = search.trim().toLowerCase();
  if (!q) return [...users];
  return users.filter((u) => [u.username, u.display_name, roleLabel(u.role)].some((t) => t.toLowerCase().includes(q)));
}
