/**
 * The accounts a start makes sure of (docs/accounts.md, docs/deploy.md): the first admin from
 * ADMIN_USERNAME / ADMIN_PASSWORD when that account does not exist yet, and, in production, at
 * least one active admin: without one nobody could ever manage the accounts, so the start stops
 * and says what to set.
 */
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createAccount } from '../commands/users/accounts.js';
import type { EventCatalog } from '../domain/shared/catalog.js';
import { DomainError } from '../domain/shared/errors.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import { hashPassword } from '../infra/auth/passwords.js';
import { ConfigError, type Config } from '../infra/config.js';
import { findUser, hasActiveAdmin } from '../projections/users/users.queries.js';
import { SYSTEM_CONTEXT } from '../seed/demoUsers.js';

export const NO_ADMIN_MESSAGE =
  'No active administrator, and NODE_ENV=production creates no demo accounts. Set ADMIN_USERNAME and ADMIN_PASSWORD ' +
  '(at least 12 characters, not the username, not a common password) for this start, or create one with ' +
  '`npm run users -- create <username> --role admin`, then start again. (SEED_DEMO=true with a DEMO_PASSWORD of your own gives the demo accounts instead.)';

interface Deps {
  store: EventStore;
  catalog: EventCatalog;
  knex: Knex;
  /** Brings the read models up to date after a write (the users projection answers the checks). */
  settle(): Promise<void>;
}

export async function ensureAdmin(deps: Deps, config: Config, log: Logger, now: Date): Promise<void> {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = config;
  if (username && password && !(await findUser(deps.knex, username))) {
    const account = { username, displayName: username, role: 'admin' as const, password, mustChangePassword: false };
    try {
      await createAccount({ ...deps, hash: hashPassword }, account, { ...SYSTEM_CONTEXT, now });
      log.info({ username }, 'first admin created from ADMIN_USERNAME');
    } catch (err) {
      // Another instance starting beside this one created it first.
      if (!(err instanceof DomainError && err.code === 'USER_EXISTS')) throw err instanceof DomainError ? new ConfigError(`ADMIN_USERNAME / ADMIN_PASSWORD: ${err.message}`) : err;
    }
    await deps.settle();
  }
  if (config.NODE_ENV === 'production' && !(await hasActiveAdmin(deps.knex))) throw new ConfigError(NO_ADMIN_MESSAGE);
}
