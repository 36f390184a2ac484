import { ROLES, type Role } from './roles.js';

/**
 * How a directory's groups give a Linea role (OIDC_ROLE_MAP, LDAP_ROLE_MAP): entries in the
 * order written, the first whose group the person is in decides, so the most powerful comes
 * first. A group is a name as the directory sends it (an Entra group id, a Keycloak group, an
 * AD group's CN or its whole DN); names match whatever their case.
 */
export type RoleMap = ReadonlyArray<readonly [group: string, role: Role]>;

const isRole = (v: unknown): v is Role => typeof v === 'string' && (ROLES as readonly string[]).includes(v);
const roleList = ROLES.join(', ');

/**
 * Reads a map written as JSON (`{"linea-admins": "admin", "cn=Operatori,ou=Gruppi,dc=plant": "frontline"}`)
 * or as `group=role` entries separated by commas (`linea-admins=admin,linea-operatori=frontline`;
 * a group holding a comma or `=`, like a DN, needs JSON). Throws an Error saying what is wrong.
 */
export function parseRoleMap(text: string): RoleMap {
  const trimmed = text.trim();
  const entries: Array<[string, unknown]> = [];
  if (trimmed.startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(trimmed);
    } catch {
      throw new Error('not valid JSON: write {"group": "role", ...} or group=role,group=role');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('a JSON object {"group": "role", ...} is needed');
    entries.push(...Object.entries(parsed));
  } else {
    for (const part of trimmed.split(',')) {
      if (part.trim() === '') continue;
      const eq = part.indexOf('=');
      if (eq < 0) throw new Error(`"${part.trim()}" is not group=role`);
      entries.push([part.slice(0, eq), part.slice(eq + 1).trim()]);
    }
  }
  const map: Array<[string, Role]> = [];
  for (const [rawGroup, role] of entries) {
    const group = rawGroup.trim();
    if (group === '') throw new Error('a group name is empty');
    if (!isRole(role)) throw new Error(`group "${group}": "${String(role)}" is not a role (one of ${roleList})`);
    if (map.some(([g]) => g.toLowerCase() === group.toLowerCase())) throw new Error(`group "${group}" is mapped twice`);
    map.push([group, role]);
  }
  if (map.length === 0) throw new Error('no group is mapped to a role');
  return map;
}

/** The role of the first map entry whose group is among `groups`; null when none is (the sign-in is refused). */
export function roleForGroups(map: RoleMap, groups: readonly string[]): Role | null {
  const held = new Set(groups.map((g) => g.toLowerCase()));
  for (const [group, role] of map) if (held.has(group.toLowerCase())) return role;
  return null;
}
