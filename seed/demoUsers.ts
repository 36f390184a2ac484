import type { Knex } from 'knex';
import type { EventCatalog } from '../domain/shared/catalog.js';
import { DEMO_ROLES, ROLE_LABELS } from '../domain/users/roles.js';
import { userStream } from '../domain/users/events.js';
import { handleRegisterUser } from '../commands/users/handlers.js';
import { hashPassword } from '../infra/auth/passwords.js';
import { writeCredential } from '../infra/auth/credentials.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { randomUUID } from 'node:crypto';

export const SYSTEM_CONTEXT = { userId: 'system', username: 'system', role: 'admin' } as const;

/**
 * One demo user per role, named after it (the spec's rule: their role is their name). Only
 * users whose stream does not exist yet are registered, so a restart never resets a password
 * someone changed. The demo password is known to all, so it is not held to the password rules.
 */
export async function seedDemoUsers(deps: { store: EventStore; catalog: EventCatalog; knex: Knex }, password: string, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const role of DEMO_ROLES) {
    if ((await deps.store.readStream(userStream(role))).length > 0) continue;
    const passwordHash = await hashPassword(password);
    await handleRegisterUser(
      deps,
      { userId: randomUUID(), username: role, displayName: `${ROLE_LABELS[role]} (demo)`, role, mustChangePassword: false },
      { ...SYSTEM_CONTEXT, now },
    );
    await writeCredential(deps.knex, role, passwordHash, now);
    created.push(role);
  }
  return created;
}
