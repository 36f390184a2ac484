import { USER_STREAM_PREFIX, userEvents } from '../../domain/users/events.js';
import { EntityFold } from '../batchWrite.js';
import { boolean, defineColumns, int, text, timestamptz } from '../columns.js';
import { defineProjection } from '../types.js';

const USERS = defineColumns({
  username: text().primary(),
  user_id: text().unique(),
  display_name: text(),
  role: text(),
  active: boolean(),
  must_change_password: boolean(),
  /**
   * The stream revision of the last change that ends the user's sessions (registration, a new
   * password, a new role, a deactivation): a token carries the value it was signed with, and
   * the session check refuses one that no longer matches (infra/auth/currentUsers.ts).
   */
  session_revision: int(),
  registered_at: timestamptz(),
  updated_at: timestamptz(),
});

/** Accounts for login, the session check and the users page. No password hash: those live in user_credentials. */
export const usersProjection = defineProjection(userEvents, {
  name: 'users',
  version: 2,
  tables: {
    users: USERS.table(),
  },
  async applyBatch({ trx, tables }, events) {
    const users = new EntityFold<string>('username', USERS.columns);
    events.forEach((event) => {
      // The stream names the account (lower case), whatever the spelling at registration.
      const username = event.streamId.slice(USER_STREAM_PREFIX.length);
      const updated_at = event.metadata.occurredAt;
      const ends = { session_revision: event.revision, updated_at };
      switch (event.type) {
        case 'UserRegistered': {
          const { userId, role, displayName, mustChangePassword } = event.data;
          users.add(username, { user_id: userId, display_name: displayName, role, active: true, must_change_password: mustChangePassword, registered_at: updated_at, ...ends });
          return;
        }
        case 'UserPasswordChanged':
          users.change(username, { must_change_password: event.data.temporary, ...ends });
          return;
        case 'UserRoleChanged':
          users.change(username, { role: event.data.role, ...ends });
          return;
        case 'UserDeactivated':
          users.change(username, { active: false, ...ends });
          return;
        case 'UserReactivated':
          users.change(username, { active: true, updated_at });
          return;
        case 'UserDisplayNameChanged':
          users.change(username, { display_name: event.data.displayName, updated_at });
          return;
        case 'UserLinkedToDirectory':
          users.change(username, { updated_at });
          return;
        default: {
          const never: never = event;
          return never;
        }
      }
    });
    await users.write(trx, tables.users!);
  },
});
