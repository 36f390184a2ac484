import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors.js';
import { GateFullError, type GateTicket } from '../../../infra/auth/hashingGate.js';
import { DUMMY_HASH, verifyPassword } from '../../../infra/auth/passwords.js';
import { readCredential, recordLogin } from '../../../infra/auth/credentials.js';
import { findUser } from '../../../projections/users/users.queries.js';
import type { AppDeps } from '../../deps.js';
import { ACCOUNT_DISABLED, type AuthUser } from '../../middlewares/auth.js';
import { route, type RouteDef } from '../types.js';
import { mustChangePasswordNow } from '../../../domain/users/roles.js';
import { ldapLogin } from './ldapLogin.js';
import { oidcRoutes } from './oidcRoutes.js';

const loginSchema = z.object({
  username: z.string().trim().min(1, 'Obbligatorio').max(64),
  password: z.string().min(1, 'Obbligatorio').max(256),
});

export const INVALID_CREDENTIALS = 'Credenziali non valide';

const tooManyAttempts = () => new DomainError('TOO_MANY_ATTEMPTS', 429, 'Troppi tentativi di accesso: riprova tra qualche minuto');

/**
 * scrypt through the process's gate (at most PASSWORD_HASH_CONCURRENCY at once, a short queue),
 * weighed by the address's attempts in the window, so a flooding address waits behind a person.
 */
const verifyWithin = (deps: AppDeps, password: string, stored: string, ticket: GateTicket) => deps.hashing.run(() => verifyPassword(password, stored), ticket);

export function authRoutes(deps: AppDeps): RouteDef[] {
  return [
    ...oidcRoutes(deps),
    route({
      method: 'post',
      path: '/loginjwt',
      action: 'public',
      input: { body: loginSchema, bodyMessage: INVALID_CREDENTIALS, form: true },
      async handler(ctx) {
        const input = ctx.input.body;
        // The address first: past its limit nothing more is counted or hashed for it.
        const addressKey = `addr:${ctx.ip}`;
        const address = await deps.addressLimiter.count(addressKey);
        if (!address.allowed) throw tooManyAttempts();
        const key = `${input.username.toLowerCase()}|${ctx.ip}`;
        if (!(await deps.limiter.attempt(key))) throw tooManyAttempts();
        const user = await findUser(deps.knex, input.username);
        const credential = user ? await readCredential(deps.knex, user.username) : null;
        // No password of Linea's and a directory configured: the directory decides.
        if (!credential && deps.ldap) {
          const signedIn = await ldapLogin(deps, ctx, input, { address: addressKey, user: key }, () => new DomainError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS));
          ctx.set('Cache-Control', 'no-store');
          ctx.body = { access_token: signedIn.access_token, token_type: 'bearer', must_change_password: signedIn.must_change_password };
          return;
        }
        // Unknown names verify against a dummy hash so both failures take the same time.
        const ticket = { key: addressKey, weight: address.attempts };
        const ok = await verifyWithin(deps, input.password, credential?.passwordHash ?? DUMMY_HASH, ticket).catch(async (err: unknown) => {
          if (!(err instanceof GateFullError)) throw err;
          // No password was checked: the username's allowance gets its attempt back, but the
          // address's keeps it, so a flood that only keeps the gate busy still reaches its limit.
          await deps.limiter.giveBack(key);
          ctx.set('Retry-After', '1');
          throw new DomainError('LOGIN_BUSY', 503, 'Troppi accessi in corso: riprova tra qualche secondo');
        });
        if (!user || !credential || !ok) {
          // Ended windows are dropped now and then, so the table stays as small as the attacks.
          if (Math.random() < 0.02) void deps.limiter.sweep().catch(() => undefined);
          throw new DomainError('INVALID_CREDENTIALS', 401, INVALID_CREDENTIALS);
        }
        // A success clears its own username's failures and takes back its own attempt from the
        // address, but not the address's failures: one valid account cannot wash away a flood's.
        await deps.addressLimiter.giveBack(addressKey);
        await deps.limiter.succeed(key);
        // Only the right password learns that the account is switched off.
        if (!user.active) throw new DomainError('ACCOUNT_DISABLED', 401, ACCOUNT_DISABLED);
        await recordLogin(deps.knex, user.username, deps.clock());
        const token = await deps.tokens.sign({ sub: user.userId, username: user.username, role: user.role, sv: user.sessionRevision }, deps.clock());
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { access_token: token, token_type: 'bearer', must_change_password: mustChangePasswordNow(user) };
      },
    }),
    {
      method: 'get',
      path: '/me',
      action: 'session:check',
      async handler(ctx) {
        const claims = ctx.state.user as AuthUser;
        const user = await findUser(deps.knex, claims.username);
        if (!user) throw new DomainError('UNAUTHENTICATED', 401, 'Sessione non valida o scaduta: accedi di nuovo');
        ctx.body = { username: user.username, role: user.role, display_name: user.displayName, must_change_password: mustChangePasswordNow(user), demo: deps.demo };
      },
    },
  ];
}
