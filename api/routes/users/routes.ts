import { z } from 'zod';
import { createAccount, resetPassword, setPassword, updateAccount } from '../../../commands/users/accounts.js';
import { displayNameSchema, newUsernameSchema, usernameSchema } from '../../../commands/users/decide.js';
import { DomainError, notFound, validationError } from '../../../domain/shared/errors.js';
import { userStream } from '../../../domain/users/events.js';
import { userHistory } from '../../../domain/history/userEntries.js';
import { PASSWORD_MAX } from '../../../domain/users/passwordRules.js';
import { DEMO_ONLY_ROLES, DEMO_ROLE_OFF, roleSchema } from '../../../domain/users/roles.js';
import { lastLogins, readCredential } from '../../../infra/auth/credentials.js';
import { GateFullError } from '../../../infra/auth/hashingGate.js';
import { verifyPassword } from '../../../infra/auth/passwords.js';
import { adminUsernames, findUser, listUsers } from '../../../projections/users/users.queries.js';
import { runWithReadYourWrites } from '../../commandBus.js';
import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { readEvents } from '../history/eventReads.js';
import { local } from '../stopEvents/plantTime.js';
import { route, type RouteContext, type RouteDef } from '../types.js';
import { accountDeps } from './accountDeps.js';

const password = z.string().min(1, 'Obbligatorio').max(PASSWORD_MAX, `Al massimo ${PASSWORD_MAX} caratteri`);
const newUserBody = z.object({ username: newUsernameSchema, display_name: displayNameSchema, role: roleSchema, password });
const changeBody = z
  .object({ display_name: displayNameSchema.optional(), role: roleSchema.optional(), active: z.boolean().optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Indica almeno display_name, role o active' });
const usernamePath = z.object({ username: usernameSchema });
const passwordBody = z.object({ current_password: password, new_password: password });

async function existing(deps: AppDeps, username: string) {
  const user = await findUser(deps.knex, username);
  if (!user) throw notFound(`Utente ${username} non trovato`);
  return user;
}

/**
 * POST /me/password: the current password, then the rules; the other sessions end, this one gets
 * a new token. Guesses of the current password (a borrowed session, a tablet left signed in) are
 * limited as logins are: LOGIN_MAX_ATTEMPTS per account in LOGIN_WINDOW_SECONDS, counted before
 * the check, cleared by a success.
 */
async function changeOwnPassword(deps: AppDeps, ctx: RouteContext<{ body: typeof passwordBody }>): Promise<void> {
  const me = ctx.state.user as AuthUser;
  const { current_password, new_password } = ctx.input.body;
  const limitKey = `password:${me.username}`;
  if (!(await deps.limiter.attempt(limitKey))) throw new DomainError('TOO_MANY_ATTEMPTS', 429, 'Troppi tentativi: riprova tra qualche minuto');
  const credential = await readCredential(deps.knex, me.username);
  const check = async (stored: string) =>
    deps.hashing
      .run(() => verifyPassword(current_password, stored))
      .catch(async (err: unknown) => {
        // Refused unchecked (503 BUSY): the attempt is given back.
        if (err instanceof GateFullError) await deps.limiter.giveBack(limitKey);
        throw err;
      });
  const ok = credential ? await check(credential.passwordHash) : false;
  if (!ok) throw validationError('Password attuale errata', { current_password: 'Password attuale errata' });
  await deps.limiter.succeed(limitKey);
  if (new_password === current_password) throw validationError('Password non valida', { new_password: "Dev'essere diversa da quella attuale" });
  const result = await runWithReadYourWrites(deps, ctx, (c) => setPassword(accountDeps(deps), me.username, new_password, c, { field: 'new_password' }));
  // Every session of the account ended with the change; this one goes on with a new token.
  deps.users.forget(me.userId);
  const token = await deps.tokens.sign({ sub: me.userId, username: me.username, role: me.role, sv: result.revision }, deps.clock());
  ctx.set('Cache-Control', 'no-store');
  ctx.body = { access_token: token, token_type: 'bearer' };
}

/**
 * The accounts (docs/accounts.md): the admin lists, creates and changes them and resets a
 * password; every user changes their own. Rules and events are those of the CLI
 * (scripts/users.ts): both go through commands/users/accounts.ts.
 */
/** A demo role is given only while the demo is on (an account that has one keeps it). */
function refuseDemoRole(deps: AppDeps, role: string | undefined): void {
  if (role !== undefined && !deps.demo && DEMO_ONLY_ROLES.includes(role)) throw validationError('Dati non validi', { role: DEMO_ROLE_OFF });
}

export function userRoutes(deps: AppDeps): RouteDef[] {
  const service = accountDeps(deps);
  return [
    route({
      method: 'get',
      path: '/admin/users',
      action: 'users:admin',
      async handler(ctx) {
        const [users, logins] = await Promise.all([listUsers(deps.knex), lastLogins(deps.knex)]);
        ctx.body = users.map((u) => ({
          username: u.username,
          display_name: u.displayName,
          role: u.role,
          active: u.active,
          must_change_password: u.mustChangePassword,
          last_login_at: logins.has(u.username) ? local(logins.get(u.username)!) : null,
        }));
      },
    }),
    route({
      method: 'post',
      path: '/admin/users',
      action: 'users:admin',
      status: 201,
      input: { body: newUserBody },
      async handler(ctx) {
        const b = ctx.input.body;
        refuseDemoRole(deps, b.role);
        const account = { username: b.username, displayName: b.display_name, role: b.role, password: b.password, mustChangePassword: true };
        await runWithReadYourWrites(deps, ctx, (c) => createAccount(service, account, c));
        ctx.body = { username: b.username.toLowerCase() };
      },
    }),
    route({
      method: 'patch',
      path: '/admin/users/:username',
      action: 'users:admin',
      input: { params: usernamePath, body: changeBody },
      async handler(ctx) {
        const user = await existing(deps, ctx.input.params.username);
        const b = ctx.input.body;
        if (b.role !== user.role) refuseDemoRole(deps, b.role);
        const candidates = await adminUsernames(deps.knex);
        const change = { username: user.username, displayName: b.display_name, role: b.role, active: b.active };
        await runWithReadYourWrites(deps, ctx, (c) => updateAccount(service, change, candidates, c));
        ctx.body = { username: user.username };
      },
    }),
    route({
      method: 'post',
      path: '/admin/users/:username/reset-password',
      action: 'users:admin',
      input: { params: usernamePath },
      async handler(ctx) {
        const user = await existing(deps, ctx.input.params.username);
        const { temporaryPassword } = await runWithReadYourWrites(deps, ctx, async (c) => {
          const reset = await resetPassword(service, user.username, c);
          return { ...reset.result, temporaryPassword: reset.temporaryPassword };
        });
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { temporary_password: temporaryPassword };
      },
    }),
    route({
      method: 'get',
      path: '/admin/users/:username/history',
      action: 'users:admin',
      input: { params: usernamePath },
      async handler(ctx) {
        const events = await readEvents(deps, userStream(ctx.input.params.username));
        if (events.length === 0) throw notFound(`Utente ${ctx.input.params.username} non trovato`);
        ctx.body = userHistory(events).map((e) => ({ ...e, at: local(e.at) }));
      },
    }),
    route({
      method: 'post',
      path: '/me/password',
      action: 'password:change',
      input: { body: passwordBody },
      handler: (ctx) => changeOwnPassword(deps, ctx),
    }),
  ];
}
