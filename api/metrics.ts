import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventStore } from '../domain/shared/eventStore.js';
import { DomainError } from '../domain/shared/errors.js';
import type { ProjectionStatus } from '../workers/projectionStatus.js';
import type { MachineSignals } from './machineSignals.js';

/** The route label of a request no API route matched (the web app's files, unknown paths). */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the metrics read at scrape time; the server fills it once the engine and the signals run. */
export interface MetricsSources {
  readModels(): Promise<ProjectionStatus[]>;
  machineSignals(): MachineSignals | null;
}

const MQTT_OUTCOMES = ['accepted', 'junk', 'unknown-equipment', 'duplicate', 'late'] as const;

/**
 * The Prometheus metrics of one app instance (docs/metrics.md). Each instance has a registry of
 * its own rather than prom-client's global one, so several apps in one process (the tests, a
 * second instance) never register a name twice.
 */
export class AppMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly appendDuration: Histogram;
  readonly loginFailures: Counter<'reason'>;
  private sources: MetricsSources | null = null;
  private readModels: Promise<ProjectionStatus[]> | null = null;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'linea_http_request_duration_seconds',
      help: 'HTTP requests by method, route template (the router path; "unmatched" for none) and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.appendDuration = new Histogram({
      name: 'linea_event_store_append_duration_seconds',
      help: 'Appends to the event store, refused ones included',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.loginFailures = new Counter({
      name: 'linea_login_failures_total',
      help: 'Refused logins (POST /loginjwt) by the error code answered',
      labelNames: ['reason'],
      registers,
    });
    // prom-client calls collect with the metric as `this`; these reach the instance's sources.
    const readModelRows = () => this.readModelRows();
    const signals = () => this.sources?.machineSignals() ?? null;
    new Gauge({
      name: 'linea_read_model_lag_events',
      help: 'Events in the store the read model has not applied yet',
      labelNames: ['read_model'],
      registers,
      async collect() {
        this.reset();
        for (const r of await readModelRows()) this.set({ read_model: r.name }, r.lag);
      },
    });
    new Gauge({
      name: 'linea_read_model_parked',
      help: '1 while the read model is parked at an event it cannot apply (state failed), else 0',
      labelNames: ['read_model'],
      registers,
      async collect() {
        this.reset();
        for (const r of await readModelRows()) this.set({ read_model: r.name }, r.state === 'failed' ? 1 : 0);
      },
    });
    new Gauge({
      name: 'linea_mqtt_connected',
      help: '1 while connected to the machines MQTT broker, 0 while not; absent when the instance reads no broker',
      registers,
      collect() {
        this.reset();
        const running = signals();
        if (running) this.set(running.status().connected ? 1 : 0);
      },
    });
    new Counter({
      name: 'linea_mqtt_messages_total',
      help: 'Machine messages received, by outcome: accepted, or why ignored (junk, unknown-equipment, duplicate, late)',
      labelNames: ['outcome'],
      registers,
      collect() {
        // The connector counts; the counter shows its totals as they stand.
        this.reset();
        const status = signals()?.status();
        if (!status) return;
        for (const outcome of MQTT_OUTCOMES) this.inc({ outcome }, outcome === 'accepted' ? status.accepted : status.ignored[outcome]);
      },
    });
  }

  /** Where the read models and the machine signals are read from at each scrape. */
  watch(sources: MetricsSources): void {
    this.sources = sources;
  }

  /** The store with each append timed; every other call goes straight to it. */
  timeAppends(store: EventStore): EventStore {
    const histogram = this.appendDuration;
    const appendToStream: EventStore['appendToStream'] = async (...args) => {
      const end = histogram.startTimer();
      try {
        return await store.appendToStream(...args);
      } finally {
        end();
      }
    };
    return new Proxy(store, {
      get(target, prop) {
        if (prop === 'appendToStream') return appendToStream;
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /**
   * One status read per scrape: both read-model gauges collect at once and share the read in
   * flight; the next scrape reads afresh. No series while the database is away.
   */
  private async readModelRows(): Promise<ProjectionStatus[]> {
    if (!this.sources) return [];
    this.readModels ??= this.sources.readModels().finally(() => (this.readModels = null));
    return this.readModels.catch(() => []);
  }
}

/** The route template @koa/router matched: a label of bounded cardinality, never the raw URL. */
function routeLabel(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
  if (matched !== undefined) return String(matched);
  return ctx.path.startsWith('/admin/queues') ? '/admin/queues/*' : UNMATCHED_ROUTE;
}

/**
 * Times every request by route template and the status finally answered, and counts refused
 * logins. It sits outside the error middleware, so the status is the one the client got.
 */
export function httpMetrics(metrics: AppMetrics): Middleware {
  return async (ctx, next) => {
    const end = metrics.httpDuration.startTimer();
    let status = 500;
    try {
      await next();
      status = ctx.status;
    } finally {
      const route = routeLabel(ctx);
      end({ method: ctx.method, route, status: String(status) });
      if (route === '/loginjwt' && ctx.method === 'POST' && status >= 400) {
        const code = (ctx.body as { error?: { code?: unknown } } | undefined)?.error?.code;
        metrics.loginFailures.inc({ reason: typeof code === 'string' ? code.toLowerCase() : 'unknown' });
      }
    }
  };
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (::ffff:127.0.0.1). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Who may read GET /metrics: a caller on loopback (both the connection and, behind TRUST_PROXY,
 * the address the proxy appended: a proxy on loopback forwarding a remote client is not local),
 * or one sending `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time.
 */
export function checkMetricsAccess(ctx: Context, token: string | null): void {
  if (isLoopback(ctx.req.socket.remoteAddress) && isLoopback(ctx.ip)) return;
  const header = ctx.get('authorization');
  if (!header) throw new DomainError('UNAUTHENTICATED', 401, 'Metriche: leggibili da loopback o con Authorization: Bearer METRICS_TOKEN');
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  // Hashes have one length, so the comparison takes the same time whatever was sent.
  if (token && timingSafeEqual(digest(given), digest(token))) return;
  throw new DomainError('FORBIDDEN', 403, 'Metriche: token non valido');
}
