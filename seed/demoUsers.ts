import { randomUUID } from 'node:crypto';
import type { EventCatalog } from '../domain/shared/catalog.js';
import { ROLES } from '../domain/users/roles.js';
import { userStream } from '../domain/users/events.js';
import { handleRegisterUser } from '../commands/users/registerUser.js';
import { hashPassword } from '../infra/auth/passwords.js';
import type { EventStore } from '../domain/shared/eventStore.js';

export const SYSTEM_CONTEXT = { userId: 'system', username: 'system', role: 'admin' } as const;

/**
 * One demo user per role, named after it. Only users whose stream does not exist yet
 * are registered, so a restart never resets a password someone changed.
 */
export async function seedDemoUsers(deps: { store: EventStore; catalog: EventCatalog }, password: string, now: Date): Promise<string[]> {
  const created: string[] = [];
  for (const role of ROLES) {
    if ((await deps.store.readStream(userStream(role))).length > 0) continue;
    const passwordHash = await hashPassword(password);
    await handleRegisterUser(deps, { userId: randomUUID(), username: role, role, passwordHash }, { ...SYSTEM_CONTEXT, now });
    created.push(role);
  }
  return created;
}
