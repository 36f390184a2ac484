/**
 * OIDC sign-in's calls (docs/accounts.md). The login page asks `GET /login/options` whether to
 * show 'Accedi con <provider>'; the button opens `GET /auth/oidc/start`, which sends the browser
 * to the provider with PKCE, a state and a nonce kept in a signed cookie; the provider sends it
 * back to `GET /auth/oidc/callback`, which signs the person in and hands the token to the web
 * app in the login page's fragment (never sent to a server, removed at once), or names the
 * refusal in `?errore=`.
 */
import type { Context } from 'koa';
import { z } from 'zod';
import { DomainError } from '../../../domain/shared/errors.js';
import { ProviderUnavailableError, type PendingLogin } from '../../../infra/auth/oidc.js';
import type { AppDeps } from '../../deps.js';
import { route, type RouteDef } from '../types.js';
import { signInFromDirectory } from './directorySignIn.js';

const COOKIE = 'linea_oidc';
const AUDIENCE = 'oidc-login';
const PENDING_SECONDS = 600;

const notConfigured = () => new DomainError('NOT_FOUND', 404, 'Accesso OIDC non configurato');

/** An e-mail as login name gives its part before the @ (Linea's names have no @). */
export function usernameFromClaim(value: string | null): string | null {
  if (!value) return null;
  const at = value.indexOf('@');
  return (at > 0 ? value.slice(0, at) : value).toLowerCase();
}

function refuse(ctx: Context, code: string): void {
  ctx.cookies.set(COOKIE, null, { path: '/auth/oidc' });
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(`/login?errore=${encodeURIComponent(code)}`);
}

export function oidcRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/login/options',
      action: 'public',
      async handler(ctx) {
        ctx.body = { oidc: deps.oidc ? { provider_name: deps.oidc.settings.providerName } : null, ldap: deps.ldap !== null };
      },
    }),
    route({
      method: 'get',
      path: '/auth/oidc/start',
      action: 'public',
      async handler(ctx) {
        const oidc = deps.oidc;
        if (!oidc) throw notConfigured();
        const redirectUri = oidc.settings.redirectUri ?? `${ctx.origin}/auth/oidc/callback`;
        let started;
        try {
          started = await oidc.start(redirectUri);
        } catch (err) {
          if (!(err instanceof ProviderUnavailableError)) throw err;
          deps.log.error({ err: err.message }, 'OIDC provider unavailable');
          return refuse(ctx, 'OIDC_UNAVAILABLE');
        }
        const { state, nonce, codeVerifier } = started.pending;
        // Signed with the app's secret, so any instance behind the proxy can read it back; HttpOnly, this path only.
        const cookie = await deps.tokens.signFor(AUDIENCE, { sub: state, username: codeVerifier, role: `${nonce} ${redirectUri}` }, PENDING_SECONDS, deps.clock());
        ctx.cookies.set(COOKIE, cookie, { httpOnly: true, sameSite: 'lax', path: '/auth/oidc', maxAge: PENDING_SECONDS * 1000, secure: ctx.secure, overwrite: true });
        ctx.set('Cache-Control', 'no-store');
        ctx.redirect(started.url);
      },
    }),
    route({
      method: 'get',
      path: '/auth/oidc/callback',
      action: 'public',
      input: { query: z.object({ state: z.string().max(512).optional(), code: z.string().max(4096).optional(), error: z.string().max(512).optional() }).passthrough() },
      async handler(ctx) {
        const oidc = deps.oidc;
        if (!oidc) throw notConfigured();
        const kept = ctx.cookies.get(COOKIE);
        const claims = kept ? await deps.tokens.verifyFor(AUDIENCE, kept) : null;
        if (!claims) return refuse(ctx, 'OIDC_EXPIRED');
        const space = claims.role.indexOf(' ');
        const pending: PendingLogin = { state: claims.sub, codeVerifier: claims.username, nonce: claims.role.slice(0, space), redirectUri: claims.role.slice(space + 1) };
        const callbackUrl = new URL(pending.redirectUri);
        callbackUrl.search = ctx.querystring;
        let person;
        try {
          person = await oidc.finish(callbackUrl, pending);
        } catch (err) {
          deps.log.warn({ err: (err as Error).message }, 'OIDC sign-in refused');
          return refuse(ctx, err instanceof ProviderUnavailableError ? 'OIDC_UNAVAILABLE' : 'OIDC_FAILED');
        }
        try {
          const signedIn = await signInFromDirectory(
            deps,
            oidc.settings.roleMap,
            { directory: 'oidc', subject: person.subject, username: usernameFromClaim(person.username) ?? '', displayName: person.displayName, groups: person.groups },
            ctx.state.correlationId as string | undefined,
          );
          ctx.cookies.set(COOKIE, null, { path: '/auth/oidc' });
          ctx.set('Cache-Control', 'no-store');
          const fragment = new URLSearchParams({ access_token: signedIn.access_token, username: signedIn.username });
          ctx.redirect(`/login#${fragment.toString()}`);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          deps.log.info({ code: err.code, subject: person.subject }, 'OIDC sign-in refused');
          return refuse(ctx, err.code);
        }
      },
    }),
  ];
}
