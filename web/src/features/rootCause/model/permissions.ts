/**
 * Who may write an analysis. The server decides (root_causes:write: support, demoit, demoen,
 * admin — docs/line-log.md "Permissions"); the screen only avoids offering boxes that would be
 * refused. Those are exactly the roles whose sidebar has the SUPPORTO OPERATIVO section, so the
 * sidebar's role table is reused rather than copied.
 */
import { ROLE_SECTIONS } from '../../../app/navigation.js';

/**
 * False only for a known role without the improvement section (e.g. frontline); an unknown or
 * not yet loaded role is allowed to try, and a 403 then turns the tool read-only.
 */
export function canWriteRootCause(role: string | null | undefined): boolean {
  if (!role || !Object.hasOwn(ROLE_SECTIONS, role)) return true;
  return ROLE_SECTIONS[role]?.includes('support') ?? false;
}
