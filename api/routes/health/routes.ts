import type { Position } from '../../../domain/shared/eventStore.js';
import type { AppDeps } from '../../deps.js';
import { checkMetricsAccess } from '../../metrics.js';
import type { RouteDef } from '../types.js';

/** A readiness check answers within the Docker HEALTHCHECK's 5 s even when a dependency hangs. */
const READY_CHECK_MS = 3_000;

/** `promise`, or a rejection after `ms`. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : String(err));

/** Where a failed read model stopped, and why. */
interface HealthFailure {
  position: Position | null;
  eventType: string | null;
  stream: string | null;
  message: string;
  duringRebuild: boolean;
}

/**
 * What load balancers, compose healthchecks and Prometheus read, with no login: /health/live
 * (the process answers), /health/ready (the event store answers and no read model is parked),
 * /metrics (loopback or METRICS_TOKEN, docs/metrics.md), and /health, which says whether each
 * dependency answers, how far the read models lag and where a failed one stopped. On /health a
 * lost Redis or a failed read model is 'degraded' but 200 (the instance still serves and its
 * read models keep up); a lost database is 503.
 */
export function healthRoutes(deps: AppDeps): RouteDef[] {
  return [
    {
      // Liveness: the process answers. No dependency is asked, so a lost database never gets the instance restarted.
      method: 'get',
      path: '/health/live',
      action: 'public',
      async handler(ctx) {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = { status: 'live' };
      },
    },
    {
      // Readiness: send traffic here only while the event store answers and no read model is parked.
      method: 'get',
      path: '/health/ready',
      action: 'public',
      async handler(ctx) {
        const reasons: string[] = [];
        await within(READY_CHECK_MS, deps.store.head()).catch((err: unknown) => reasons.push(`event store: ${messageOf(err)}`));
        const readModels = await within(READY_CHECK_MS, deps.engine.status()).catch((err: unknown) => {
          reasons.push(`read models: ${messageOf(err)}`);
          return [];
        });
        const parked = readModels.filter((r) => r.state === 'failed');
        for (const r of parked) {
          const f = r.failure;
          const at = f?.position ? ` at event ${f.position.commit}/${f.position.prepare} (${f.eventType}, stream ${f.stream})` : '';
          reasons.push(`read model ${r.name} parked${at}: ${f?.message ?? 'failed'}`);
        }
        ctx.set('Cache-Control', 'no-store');
        ctx.status = reasons.length > 0 ? 503 : 200;
        ctx.body = reasons.length > 0 ? { status: 'unready', reasons, parked: parked.map((r) => r.name) } : { status: 'ready' };
      },
    },
    {
      // Prometheus text format (docs/metrics.md): loopback callers, or the METRICS_TOKEN bearer.
      method: 'get',
      path: '/metrics',
      action: 'public',
      async handler(ctx) {
        checkMetricsAccess(ctx, deps.metricsToken);
        ctx.set('Cache-Control', 'no-store');
        ctx.type = deps.metrics.contentType;
        ctx.body = await deps.metrics.text();
      },
    },
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
