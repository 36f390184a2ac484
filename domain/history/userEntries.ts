/** An account's history (the users page's 'Storico modifiche'): who changed what, and when. No secret is in it: events hold none. */
import type { DomainEvent } from '../shared/catalog.js';
import type { UserEvent } from '../users/events.js';
import { ROLE_LABELS } from '../users/roles.js';
import { entriesOf, type Fields, type HistoryEntry, type View } from './entries.js';

export const USER_EVENT_LABELS = {
  UserRegistered: 'Utente creato',
  UserPasswordChanged: 'Password cambiata',
  UserRoleChanged: 'Ruolo cambiato',
  UserDisplayNameChanged: 'Nome cambiato',
  UserDeactivated: 'Utente disattivato',
  UserReactivated: 'Utente riattivato',
  UserLinkedToDirectory: 'Accesso dalla directory',
} as const satisfies Record<UserEvent['type'], string>;

export const USER_FIELDS: Fields = [
  ['display_name', 'Nome'],
  ['role', 'Ruolo'],
  ['active', 'Attivo'],
  ['password', 'Password'],
];

const yes = (b: boolean) => (b ? 'Sì' : 'No');

export function userHistory(events: readonly DomainEvent[]): HistoryEntry[] {
  return entriesOf(
    events as unknown as Array<UserEvent & DomainEvent>,
    USER_FIELDS,
    (before, e): View => {
      switch (e.type) {
        case 'UserRegistered':
          return { display_name: e.data.displayName, role: ROLE_LABELS[e.data.role], active: yes(true), password: e.data.mustChangePassword ? 'Temporanea' : 'Impostata' };
        case 'UserPasswordChanged':
          // A second change of the same kind still shows: the revision tells them apart.
          return { ...before, password: e.data.temporary ? `Temporanea (rev. ${e.revision})` : `Cambiata (rev. ${e.revision})` };
        case 'UserRoleChanged':
          return { ...before, role: ROLE_LABELS[e.data.role] };
        case 'UserDisplayNameChanged':
          return { ...before, display_name: e.data.displayName };
        case 'UserDeactivated':
          return { ...before, active: yes(false) };
        case 'UserReactivated':
          return { ...before, active: yes(true) };
        case 'UserLinkedToDirectory':
          return { ...before, password: e.data.directory === 'oidc' ? 'Nessuna: accesso OIDC' : 'Nessuna: accesso LDAP' };
        default: {
          const never: never = e;
          return never;
        }
      }
    },
    USER_EVENT_LABELS,
  );
}
