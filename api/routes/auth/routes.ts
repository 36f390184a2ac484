import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors.js';
import { GateFullError } from '../../../infra/auth/hashingGate.js';
import { DUMMY_HASH, verifyPassword } from '../../../infra/auth/passwords.js';
import { readCredential, recordLogin } from '../../../infra/auth/credentials.js';
import { findUser } from '../../../projections/users/users.queries.js';
import type { AppDeps } from '../../deps.js';
import { ACCOUNT_DISABLED, type AuthUser } from '../../middlewares/auth.js';
import { route, type RouteDef } from '../types.js';
import { mustChangePasswordNow } from '../../../domain/users/roles.js';

const loginSchema = z.object({
  username: z.string().trim().min(1, 'Obbligatorio').max(64),
  password: z.string().min(1, 'Obbligatorio').max(256),
});

export const INVALID_CREDENTIALS = 'Credenziali non valide';

const tooManyAttempts = () => new DomainError('TOO_MANY_ATTEMPTS', 429, 'Troppi tentativi di accesso: riprova tra qualche minuto');

/** scrypt through the process's gate (at most PASSWORD_HASH_CONCURRENCY at once, a short queue). */
const verifyWithin = (deps: AppDeps, password: string, stored: string) => deps.hashing.run(() => verifyPassword(password, stored));

export function authRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'post',
      path: '/loginjwt',
      action: 'public',
      input: { body: loginSchema, bodyMessage: INVALID_CREDENTIALS, form: true },
      async handler(ctx) {
        const input = ctx.input.body;
        // The address first: past its limit nothing more is counted or hashed for it.
        const addressKey = `addr:${ctx.ip}`;
        if (!(await deps.addressLimiter.attempt(addressKey))) throw tooManyAttempts();
        const key = `${input.username.toLowerCase()}|${ctx.ip}`;
        if (!(await deps.limiter.attempt(key))) throw tooManyAttempts();
        const user = await findUser(deps.knex, input.username);
        const credential = user ? await readCredential(deps.knex, user.username) : null;
        // Unknown names verify against a dummy hash so both failures take the same time.
        const ok = await verifyWithin(deps, input.password, credential?.passwordHash ?? DUMMY_HASH).catch(async (err: unknown) => {
          if (!(err instanceof GateFullError)) throw err;
          // No password was checked: the attempt counts for neither allowance.
          await Promise.all([deps.addressLimiter.giveBack(addressKey), deps.limiter.giveBack(key)]);
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
      action: 'session:read',
      async handler(ctx) {
        const claims = ctx.state.user as AuthUser;
        const user = await findUser(deps.knex, claims.username);
        if (!user) throw new DomainError('UNAUTHENTICATED', 401, 'Sessione non valida o scaduta: accedi di nuovo');
        ctx.body = { username: user.username, role: user.role, display_name: user.displayName, must_change_password: mustChangePasswordNow(user), demo: deps.demo };
      },
    },
  ];
}
