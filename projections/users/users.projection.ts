import { userEvents } from '../../domain/users/events.js';
import { EntityFold } from '../batchWrite.js';
import { defineColumns, text, timestamptz } from '../columns.js';
import { defineProjection } from '../types.js';

const USERS = defineColumns({
  username: text().primary(),
  user_id: text().unique(),
  role: text(),
  password_hash: text(),
  registered_at: timestamptz(),
  updated_at: timestamptz(),
});

/** Accounts for login and the session check. */
export const usersProjection = defineProjection(userEvents, {
  name: 'users',
  version: 1,
  tables: {
    users: USERS.table(),
  },
  async applyBatch({ trx, tables }, events) {
    const users = new EntityFold<string>('username', USERS.columns);
    events.forEach((event) => {
      // The stream names the account (lower case), whatever the spelling at registration.
      const username = event.streamId.slice('user-'.length);
      const at = event.metadata.occurredAt;
      switch (event.type) {
        case 'UserRegistered': {
          const { userId, role, passwordHash } = event.data;
          users.add(username, { user_id: userId, role, password_hash: passwordHash, registered_at: at, updated_at: at });
          return;
        }
        case 'UserPasswordChanged':
          users.change(username, { password_hash: event.data.passwordHash, updated_at: at });
          return;
        case 'UserRoleChanged':
          users.change(username, { role: event.data.role, updated_at: at });
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
