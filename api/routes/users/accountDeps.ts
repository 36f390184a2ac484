import type { AccountDeps } from '../../../commands/users/accounts.js';
import { hashPassword } from '../../../infra/auth/passwords.js';
import type { AppDeps } from '../../deps.js';

/** The accounts service's deps from the app's: hashes go through the process's gate, as logins do. */
export const accountDeps = (deps: AppDeps): AccountDeps => ({
  store: deps.store,
  catalog: deps.catalog,
  knex: deps.knex,
  hash: (password) => deps.hashing.run(() => hashPassword(password)),
});
