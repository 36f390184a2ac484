import type { AppDeps } from '../../deps.js';
import type { RouteDef } from '../types.js';

/**
 * Liveness for load balancers and compose healthchecks, which carry no token: it
 * says only whether each dependency answers and how far the read models lag. A lost Redis
 * is 'degraded' but 200 (the instance still serves and its read models keep up); a lost
 * database is 503.
 */
export function healthRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/health',
      action: 'public',
      async handler(ctx) {
        const database = await deps.knex.raw('select 1').then(() => true, () => false);
        const redis = deps.pingRedis ? await deps.pingRedis().catch(() => false) : null;
        let projections: Array<{ name: string; lag: number; state: string }> = [];
        if (database) {
          projections = (await deps.engine.status().catch(() => [])).map((s) => ({ name: s.name, lag: s.lag, state: s.state }));
        }
        // Without Redis the projections run in-process (the scheduler's fallback), so the instance
        // still serves: 200 'degraded'. Without the database it cannot: 503.
        const status = !database ? 'unavailable' : redis === false ? 'degraded' : 'ok';
        ctx.status = database ? 200 : 503;
        ctx.body = { status, database, redis: redis === null ? 'in-process' : redis, queue: deps.scheduler.kind, projections };
      },
    },
  ];
}
