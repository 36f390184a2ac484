import type { DomainEvent } from '../../domain/shared/catalog.js';
import { applyEach, type Projection } from '../types.js';

/** Accounts for login and the session check. */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  tables: {
    users: (t) => {
      t.text('username').primary();
      t.text('user_id').notNullable().unique();
      t.text('role').notNullable();
      t.text('password_hash').notNullable();
      t.timestamp('registered_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    },
  },
  canHandle: ['UserRegistered', 'UserPasswordChanged', 'UserRoleChanged'],
  applyBatch: applyEach(async ({ trx, tables }, event: DomainEvent) => {
    const username = event.streamId.slice('user-'.length);
    const at = event.metadata.occurredAt;
    const data = event.data as Record<string, string>;
    switch (event.type) {
      case 'UserRegistered':
        await trx(tables.users!)
          .insert({ username, user_id: data.userId, role: data.role, password_hash: data.passwordHash, registered_at: at, updated_at: at })
          .onConflict('username')
          .merge();
        return;
      case 'UserPasswordChanged':
        await trx(tables.users!).where({ username }).update({ password_hash: data.passwordHash, updated_at: at });
        return;
      case 'UserRoleChanged':
        await trx(tables.users!).where({ username }).update({ role: data.role, updated_at: at });
        return;
    }
  }),
};
