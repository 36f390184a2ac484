/**
 * What a directory sign-in (OIDC or LDAP) does once the directory has said who the person is:
 * the groups give the role (or a refusal), the account is created or brought up to date by the
 * directory sign-in command, and the same token as a local login's is signed.
 */
import { randomUUID } from 'node:crypto';
import { handleDirectorySignIn } from '../../../commands/users/directorySignIn.js';
import { usernameSchema } from '../../../commands/users/decide.js';
import { DomainError } from '../../../domain/shared/errors.js';
import type { Directory } from '../../../domain/users/events.js';
import { roleForGroups, type RoleMap } from '../../../domain/users/roleMap.js';
import { mustChangePasswordNow } from '../../../domain/users/roles.js';
import { adminUsernames, findUser } from '../../../projections/users/users.queries.js';
import { waitForReadModels } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';

export const NO_ROLE_MESSAGE = "Nessun tuo gruppo dà accesso a Linea: chiedi all'amministratore di aggiungerti al gruppo giusto";

export interface DirectoryIdentity {
  directory: Directory;
  subject: string;
  username: string;
  displayName: string | null;
  groups: readonly string[];
}

export interface SignedIn {
  access_token: string;
  token_type: 'bearer';
  must_change_password: boolean;
  username: string;
}

/** A name the directory gives that Linea cannot take as a username. */
export const badDirectoryName = () => new DomainError('DIRECTORY_NAME_INVALID', 403, "Il nome utente della directory non è valido per Linea: rivolgiti all'amministratore");

/** Signs the person in; 403 NO_ROLE when none of their groups is in the role map. */
export async function signInFromDirectory(deps: AppDeps, roleMap: RoleMap, identity: DirectoryIdentity, correlationId: string | undefined): Promise<SignedIn> {
  const parsed = usernameSchema.safeParse(identity.username);
  if (!parsed.success) throw badDirectoryName();
  const username = parsed.data.toLowerCase();
  const role = roleForGroups(roleMap, identity.groups);
  if (!role) throw new DomainError('NO_ROLE', 403, NO_ROLE_MESSAGE);
  const displayName = (identity.displayName ?? '').trim().slice(0, 100) || username;
  const known = await findUser(deps.knex, username);
  const userId = known?.userId ?? randomUUID();
  const now = deps.clock();
  // The person is the author of their own account's changes, as the directory describes them.
  const ctx = { userId, username, role, correlationId, now };
  const result = await handleDirectorySignIn(
    deps,
    { userId, username, displayName, role, directory: identity.directory, subject: identity.subject, adminCandidates: await adminUsernames(deps.knex) },
    ctx,
  );
  if (result.position) await waitForReadModels(deps, deps.engine.affectedBy(result.events.map((e) => e.type)), result.position);
  deps.users.forget(userId);
  const user = await findUser(deps.knex, username);
  if (!user) throw new DomainError('UNAVAILABLE', 503, 'Accesso non ancora pronto: riprova tra qualche secondo');
  const access_token = await deps.tokens.sign({ sub: user.userId, username: user.username, role: user.role, sv: user.sessionRevision }, now);
  return { access_token, token_type: 'bearer', must_change_password: mustChangePasswordNow(user), username: user.username };
}
