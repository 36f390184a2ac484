import type { AppDeps } from '../../deps.js';
import type { AuthUser } from '../../middlewares/auth.js';
import { route, type RouteDef } from '../types.js';

/**
 * `GET /live`: the push channel (docs/live.md). A Server-Sent Events stream, opened with the
 * usual `Authorization` header (the web app reads it with fetch, so no token travels in a URL),
 * that says which read models moved; `Last-Event-ID` resumes after a reconnect.
 */
export function liveRoutes(deps: AppDeps): RouteDef[] {
  return [
    route({
      method: 'get',
      path: '/live',
      action: 'session:read',
      async handler(ctx) {
        await deps.live.open(ctx, ctx.state.user as AuthUser);
      },
    }),
  ];
}
