import type { Middleware } from 'koa';
import { DomainError, forbidden, notFound } from '../domain/shared/errors.js';
import { BullMqScheduler } from '../workers/bullmqScheduler.js';
import type { AppDeps } from './deps.js';
import { passwordChangeRequired, sessionUser, type AuthUser } from './middlewares/auth.js';
import { can } from './permissions.js';
import type { RouteDef } from './routes/types.js';

/** Where bull-board answers; its page, assets and JSON calls all live under it. */
export const BOARD_PATH = '/admin/queues';
export const BOARD_COOKIE = 'linea_queues';
const AUDIENCE = 'queue-board';
/** The cookie outlives a look at the queues, not a shift: the page asks for a new one each time. */
export const BOARD_TTL_SECONDS = 10 * 60;

const unauthenticated = () => new DomainError('UNAUTHENTICATED', 401, 'Sessione non valida o scaduta: accedi di nuovo');
const onBoard = (path: string) => path === BOARD_PATH || path.startsWith(`${BOARD_PATH}/`);

/**
 * `POST /admin/queues-session` (admin): the web app keeps its session token in local storage and
 * sends it as a bearer header, which a page opened in a new tab cannot do; this call answers with
 * a short-lived HttpOnly cookie, scoped to the board's path and good only for the board.
 */
export function queueBoardRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'post',
      path: '/admin/queues-session',
      action: 'ops:read',
      async handler(ctx) {
        const user = ctx.state.user as AuthUser;
        // The cookie carries the session revision, so whatever ends the session ends the cookie too.
        const current = await deps.users.get(user.userId);
        if (!current) throw unauthenticated();
        const claims = { sub: user.userId, username: user.username, role: user.role, sv: current.sessionRevision };
        const token = await deps.tokens.signFor(AUDIENCE, claims, BOARD_TTL_SECONDS, deps.clock());
        ctx.cookies.set(BOARD_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: BOARD_PATH, maxAge: BOARD_TTL_SECONDS * 1000, secure: ctx.secure, overwrite: true });
        ctx.body = { url: `${BOARD_PATH}/`, expires_in: BOARD_TTL_SECONDS };
      },
    },
  ];
}

/** bull-board mounted on the scheduler's queues; null without Redis (no queue to show). */
async function mountBoard(deps: AppDeps): Promise<Middleware | null> {
  if (!(deps.scheduler instanceof BullMqScheduler)) return null;
  const [{ createBullBoard }, { BullMQAdapter }, { KoaAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/koa'),
  ]);
  const adapter = new KoaAdapter();
  adapter.setBasePath(BOARD_PATH);
  createBullBoard({ queues: deps.scheduler.queues().map((q) => new BullMQAdapter(q)), serverAdapter: adapter, options: { uiConfig: { boardTitle: 'Linea – code' } } });
  return adapter.registerPlugin() as unknown as Middleware;
}

/**
 * bull-board behind our own login: every request under BOARD_PATH needs the board cookie (or a
 * session bearer token) of a user who passes the checks of every call (api/middlewares/auth.ts:
 * exists, active, sessions not ended since, password changed) and may read operations (admin);
 * anonymous or ended gets 401, another role 403. Without Redis there is no queue to show: 404. bull-board (and its
 * page's templating) is loaded on the board's first allowed request, not on every start: most
 * instances never show it.
 */
export function queueBoard(deps: AppDeps): Middleware {
  let board: Promise<Middleware | null> | null = null;
  const mounted = () =>
    (board ??= mountBoard(deps).catch((err: unknown) => {
      board = null; // tried again on the next request
      throw err;
    }));
  return async (ctx, next) => {
    if (!onBoard(ctx.path)) return next();
    const bearer = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1]?.trim();
    const cookie = ctx.cookies.get(BOARD_COOKIE);
    const claims = bearer ? await deps.tokens.verify(bearer) : cookie ? await deps.tokens.verifyFor(AUDIENCE, cookie) : null;
    // The same checks as every call: active, same session revision, role, password changed.
    const user = await sessionUser(deps.users, claims);
    if (!can(user.role, 'ops:read')) throw forbidden();
    if (user.mustChangePassword) throw passwordChangeRequired();
    ctx.set('Cache-Control', 'no-store');
    const plugin = await mounted();
    if (!plugin) throw notFound('Code non disponibili: senza Redis le proiezioni usano la coda in-process');
    return plugin(ctx, next);
  };
}
