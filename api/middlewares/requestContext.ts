import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** Paths polled by load balancers, health checks and Prometheus: logged at debug. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/health', '/health/live', '/health/ready', '/metrics']);

/** A correlation id per request (taken from X-Request-Id when sent), a child logger and one access log line. */
export function requestContext(log: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const correlationId = /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    ctx.state.correlationId = correlationId;
    ctx.state.log = log.child({ correlationId });
    ctx.set('X-Request-Id', correlationId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 };
      // Health checks and scrapes come every few seconds: at info they would drown the requests people make.
      if (PROBE_PATHS.has(ctx.path)) ctx.state.log.debug(line, 'request');
      else ctx.state.log.info(line, 'request');
    }
  };
}

/** Conservative security headers for an app that serves its own scripts only. */
export const securityHeaders: Middleware = async (ctx, next) => {
  await next();
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  ctx.set(
    'Content-Security-Policy',
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  );
};

/** Codes of a client that went away while its answer was being sent (a closed tab, a new page). */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/**
 * Koa's 'error' listener: errors raised after the answer began (a streamed or compressed body)
 * reach it, not the error middleware. A client that left is no fault of the server and is logged
 * at debug; anything else is logged as an error with the request's correlation id. Without a
 * listener Koa prints every one of them, client aborts included, to the console. Koa may report
 * one failure twice (its pipeline and its on-finished watch both see it): it is logged once.
 */
export function responseErrorListener(log: Logger): (err: Error & { code?: string }, ctx?: { state?: { log?: Logger }; method?: string; path?: string }) => void {
  const seen = new WeakSet<Error>();
  return (err, ctx) => {
    if (seen.has(err)) return;
    seen.add(err);
    const target = ctx?.state?.log ?? log;
    const where = { method: ctx?.method, path: ctx?.path };
    if (err.code && CLIENT_GONE.has(err.code)) target.debug({ ...where, code: err.code }, 'client closed the connection');
    else target.error({ ...where, err }, 'response failed');
  };
}
