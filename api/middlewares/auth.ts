import type { Middleware } from 'koa';
import { DomainError, forbidden } from '../../domain/shared/errors.js';
import type { TokenService } from '../../infra/auth/jwt.js';
import { can, type Action } from '../permissions.js';

export interface AuthUser {
  userId: string;
  username: string;
  role: string;
}

const unauthenticated = () => new DomainError('UNAUTHENTICATED', 401, 'Sessione non valida o scaduta: accedi di nuovo');

/** Requires `Authorization: Bearer <jwt>`; puts the user on ctx.state.user. */
export function authenticate(tokens: TokenService): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(.+)$/i.exec(header);
    if (!match) throw unauthenticated();
    const claims = await tokens.verify(match[1]!.trim());
    if (!claims) throw unauthenticated();
    ctx.state.user = { userId: claims.sub, username: claims.username, role: claims.role } satisfies AuthUser;
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
