import type { Middleware } from 'koa';
import { DomainError, forbidden } from '../../domain/shared/errors.js';
import type { CurrentUsers } from '../../infra/auth/currentUsers.js';
import type { TokenService } from '../../infra/auth/jwt.js';
import { can, type Action } from '../permissions.js';

export interface AuthUser {
  userId: string;
  username: string;
  role: string;
}

const unauthenticated = () => new DomainError('UNAUTHENTICATED', 401, 'Sessione non valida o scaduta: accedi di nuovo');

/**
 * Requires `Authorization: Bearer <jwt>` of a user who still exists; puts the user, with the
 * role they have now (not the one in the token), on ctx.state.user. What follows is one
 * user's data, so no browser or proxy may keep it (a shared tablet's cache would).
 */
export function authenticate(tokens: TokenService, users: CurrentUsers): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthenticated();
    const claims = await tokens.verify(match[1]!.trim());
    if (!claims) throw unauthenticated();
    const user = await users.get(claims.sub);
    if (!user) throw unauthenticated();
    ctx.state.user = { userId: user.userId, username: user.username, role: user.role } satisfies AuthUser;
    ctx.set('Cache-Control', 'no-store');
    await next();
  };
}

export function authorize(action: Action): Middleware {
  return async (ctx, next) => {
    const user = ctx.state.user as AuthUser | undefined;
    if (!user) throw unauthenticated();
    if (!can(user.role, action)) throw forbidden();
    await next();
  };
}
