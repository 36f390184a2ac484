import type { Middleware } from 'koa';
import { DomainError, forbidden } from '../../domain/shared/errors.js';
import { API_KEY_PREFIX, type ApiKeys } from '../../infra/auth/apiKeys.js';
import type { CurrentUsers } from '../../infra/auth/currentUsers.js';
import type { TokenClaims, TokenService } from '../../infra/auth/jwt.js';
import { mustChangePasswordNow } from '../../domain/users/roles.js';
import { can, type Action } from '../permissions.js';

export interface AuthUser {
  userId: string;
  username: string;
  role: string;
  /** After an admin's reset or a first login: only the session check and the password change are open. */
  mustChangePassword?: boolean;
  /** The caller is a service account's API key (its id), not a person's session. */
  apiKeyId?: string;
}

const unauthenticated = () => new DomainError('UNAUTHENTICATED', 401, 'Sessione non valida o scaduta: accedi di nuovo');
export const ACCOUNT_DISABLED = "Utente disattivato: rivolgiti all'amministratore";

/** What a user who must change their password may still do. */
const OPEN_BEFORE_PASSWORD_CHANGE: ReadonlySet<Action> = new Set(['session:check', 'password:change']);
export const passwordChangeRequired = () => new DomainError('PASSWORD_CHANGE_REQUIRED', 403, 'Cambia la password prima di continuare');

/**
 * The account behind verified claims as it is now, or the refusal: it must still exist, be
 * active, and its sessions must not have ended since the claims were signed (`sv`). Every way in
 * (bearer token, the queue board's cookie) goes through here, so none can skip a rule.
 */
export async function sessionUser(users: CurrentUsers, claims: TokenClaims | null): Promise<AuthUser> {
  if (!claims) throw unauthenticated();
  const user = await users.get(claims.sub);
  if (!user) throw unauthenticated();
  if (!user.active) throw new DomainError('ACCOUNT_DISABLED', 401, ACCOUNT_DISABLED);
  if ((claims.sv ?? -1) !== user.sessionRevision) throw unauthenticated();
  return { userId: user.userId, username: user.username, role: user.role, mustChangePassword: mustChangePasswordNow(user) };
}

/**
 * What an API key may never do, whatever its role: administer people's accounts or the keys
 * themselves (a leaked key must not make itself more keys or an admin), or change a password.
 */
const CLOSED_TO_API_KEYS: ReadonlySet<Action> = new Set(['users:admin', 'api_keys:admin', 'password:change']);

/** A service account's key in force, as the request's user: `key:<name>`, never a person's name. */
async function apiKeyUser(apiKeys: ApiKeys, key: string): Promise<AuthUser> {
  const principal = await apiKeys.principal(key);
  if (!principal) throw unauthenticated();
  return { userId: `apikey:${principal.id}`, username: `key:${principal.name}`, role: principal.role, mustChangePassword: false, apiKeyId: principal.id };
}

/**
 * Requires `Authorization: Bearer <jwt>` of a user who still exists, is active and whose
 * sessions did not end since the token was signed (a new password or role: the token's `sv`
 * no longer matches), or `Bearer <API key>` of a key in force; puts the user, with the role they
 * have now, on ctx.state.user. What follows is one user's data, so no browser or proxy may keep
 * it (a shared tablet's cache would).
 */
export function authenticate(tokens: TokenService, users: CurrentUsers, apiKeys: ApiKeys): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthenticated();
    const credential = match[1]!.trim();
    ctx.state.user = credential.startsWith(API_KEY_PREFIX) ? await apiKeyUser(apiKeys, credential) : await sessionUser(users, await tokens.verify(credential));
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

export function authorize(action: Action): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as AuthUser | undefined;
    if (!user) throw unauthenticated();
    if (!can(user.role, action)) throw forbidden();
    if (user.apiKeyId && CLOSED_TO_API_KEYS.has(action)) throw new DomainError('FORBIDDEN', 403, 'Una chiave API non può fare questa operazione');
    if (user.mustChangePassword && !OPEN_BEFORE_PASSWORD_CHANGE.has(action)) throw passwordChangeRequired();
    await next();
  };
}
