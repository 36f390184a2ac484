import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { EventCatalog } from '../domain/shared/catalog.js';
import type { ConcurrencyGate } from '../infra/auth/hashingGate.js';
import type { LoginRateLimiter } from '../infra/auth/rateLimiter.js';
import type { TokenService } from '../infra/auth/jwt.js';
import type { CurrentUsers } from '../infra/auth/currentUsers.js';
import type { LdapDirectory } from '../infra/auth/ldap.js';
import type { OidcSignIn } from '../infra/auth/oidc.js';
import type { ApiKeys } from '../infra/auth/apiKeys.js';
import type { EventStore } from '../domain/shared/eventStore.js';
import type { LiveChannel } from './live.js';
import type { MachineSignals } from './machineSignals.js';
import type { AppMetrics } from './metrics.js';
import type { CheckpointWaiter } from '../workers/checkpointWaiter.js';
import type { ProjectionEngine } from '../workers/projectionEngine.js';
import type { ProjectionScheduler } from '../workers/scheduler.js';

/** Everything a route may use, built once by api/server.ts. */
export interface AppDeps {
  knex: Knex;
  store: EventStore;
  catalog: EventCatalog;
  engine: ProjectionEngine;
  scheduler: ProjectionScheduler;
  waiter: CheckpointWaiter;
  tokens: TokenService;
  users: CurrentUsers;
  /** Service accounts' API keys (docs/accounts.md, "API keys"). */
  apiKeys: ApiKeys;
  /** The live push channel (GET /live). */
  live: LiveChannel;
  limiter: LoginRateLimiter;
  /** Failed logins per address across usernames (LOGIN_ADDRESS_MAX_ATTEMPTS), keys `addr:<ip>`. */
  addressLimiter: LoginRateLimiter;
  /** Bounds the password hashes running and waiting in this process (PASSWORD_HASH_*). */
  hashing: ConcurrencyGate;
  log: Logger;
  clock: () => Date;
  readYourWritesMs: number;
  /** The demo is on (SEED_DEMO): only then may an account get a demo role ('Demo IT', 'Demo EN'). */
  demo: boolean;
  /** Answers PING when Redis is in use; null when the in-process queue runs. */
  pingRedis: (() => Promise<boolean>) | null;
  /** The machines' MQTT signals; null when the instance reads none (no broker). */
  machineSignals: MachineSignals | null;
  webDist: string | null;
  /** Reverse proxies in front (TRUST_PROXY); 0 ignores X-Forwarded-For. */
  trustProxy: number;
  /** This instance's Prometheus registry and metrics (GET /metrics). */
  metrics: AppMetrics;
  /** LDAP / Active Directory bind for names with no local password (LDAP_URL); null when not configured. */
  ldap: LdapDirectory | null;
  /** OIDC sign-in (OIDC_ISSUER…); null when not configured. */
  oidc: OidcSignIn | null;
  /** METRICS_TOKEN: lets a caller off loopback read /metrics; null for loopback only. */
  metricsToken: string | null;
}
