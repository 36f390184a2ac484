import type { Position } from '../../../domain/shared/eventStore.js';
import type { AppDeps } from '../../deps.js';
import type { RouteDef } from '../types.js';

/** Where a failed read model stopped, and why. */
interface HealthFailure {
  position: Position | null;
  eventType: string | null;
  stream: string | null;
  message: string;
  duringRebuild: boolean;
}

/**
 * Liveness for load balancers and compose healthchecks, which carry no token: it
 * says only whether each dependency answers, how far the read models lag and where a failed
 * one stopped. A lost Redis or a failed read model is 'degraded' but 200 (the instance still serves and its read models keep up); a lost
 * database is 503.
 */
export function healthRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      method: 'get',
      path: '/health',
      action: 'public',
      async handler(ctx) {
        const database = await deps.knex.raw('select 1').then(
          () => true,
          () => false,
        );
        const redis = deps.pingRedis ? await deps.pingRedis().catch(() => false) : null;
        let projections: Array<{ name: string; lag: number; state: string; position: Position | null; failure?: HealthFailure }> = [];
        if (database) {
          projections = (await deps.engine.status().catch(() => [])).map((s) => ({
            name: s.name,
            lag: s.lag,
            state: s.state,
            position: s.position,
            ...(s.failure
              ? {
                  failure: {
                    position: s.failure.position,
                    eventType: s.failure.eventType,
                    stream: s.failure.stream,
                    message: s.failure.message,
                    duringRebuild: s.failure.duringRebuild,
                  },
                }
              : {}),
          }));
        }
        // Without Redis the projections run in-process (the scheduler's fallback), and a read model
        // parked at an event it cannot apply leaves the others serving: 200 'degraded'. Without the
        // database nothing serves: 503.
        const failed = projections.some((p) => p.state === 'failed');
        const status = !database ? 'unavailable' : redis === false || failed ? 'degraded' : 'ok';
        ctx.status = database ? 200 : 503;
        const mqtt = deps.machineSignals ? deps.machineSignals.status() : { connected: false, broker: null };
        ctx.body = { status, database, redis: redis === null ? 'in-process' : redis, queue: deps.scheduler.kind, mqtt, projections };
      },
    },
  ];
}
