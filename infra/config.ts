import { z } from 'zod';
import path from 'node:path';
import { passwordProblem } from '../domain/users/passwordRules.js';
import { parseRoleMap, type RoleMap } from '../domain/users/roleMap.js';
import { MAX_STOP_THRESHOLD_MINUTES, MIN_STOP_THRESHOLD_MINUTES } from '../domain/shared/bounds.js';

/**
 * Secrets that are printed in files or docs, so known to anyone: the old compose default and
 * the usual "change me" wording. A deployment that forgot to set its own must not start.
 */
const PLACEHOLDER_SECRETS = /change.?me|placeholder|replace.?me|your.?(jwt.?)?secret|^(secret|jwt.?secret|supersecret|password)\w{0,12}$|example/i;

export function isPlaceholderSecret(secret: string): boolean {
  return PLACEHOLDER_SECRETS.test(secret) || secret === 'change-me-this-placeholder-is-public';
}

/**
 * The one reader of process.env. Parsed once with zod so a bad value stops the
 * process at start with a message naming the variable, instead of failing later.
 */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().url().optional(),
  /** `npm start` serves this built web app as it is, never building it (a missing folder serves the API only). */
  WEB_DIST: z.string().min(1).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  REDIS_URL: z.string().url().optional(),
  EMBEDDED_REDIS_PORT: z.coerce.number().int().min(1).max(65535).default(63799),
  /** A plant's own MQTT broker for the machine signals (docs/machine-signals.md), with its username and password: mqtt://user:pass@host:1883; 'off' reads none. */
  MQTT_URL: z.union([z.literal('off'), z.string().url()]).optional(),
  /** Unset MQTT_URL: a mosquitto found on PATH is started on loopback at this port. */
  EMBEDDED_MQTT_PORT: z.coerce.number().int().min(1).max(65535).default(18830),
  /**
   * The gateways' logins on the embedded (and compose) broker in production, `name:password` joined
   * by commas (docs/machine-signals.md, "Who may connect"); the app's own login is `linea`.
   */
  MQTT_GATEWAYS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const gateways: Record<string, string> = {};
      for (const entry of (raw ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean)) {
        const at = entry.indexOf(':');
        const name = entry.slice(0, at);
        const password = entry.slice(at + 1);
        if (at < 1 || !/^[A-Za-z0-9._-]{1,64}$/.test(name) || name === 'linea' || password.length < 12 || gateways[name]) {
          ctx.addIssue({
            code: 'custom',
            message: `MQTT_GATEWAYS: "${name || entry.slice(0, 20)}" must be name:password, a name of letters, digits, . _ - other than linea, used once, and a password of 12+ characters`,
          });
          return z.NEVER;
        }
        gateways[name] = password;
      }
      return gateways;
    }),
  /** The app's own password on the embedded broker in production; unset, one is generated into DATA_DIR/mqtt-password. */
  MQTT_APP_PASSWORD: z.string().min(12).optional(),
  /** How long a machine stop must last to be a detected stop; shorter ones are micro-stops. The plant's default: a line of the plant file may set its own. */
  MACHINE_STOP_THRESHOLD_MINUTES: z.coerce.number().min(MIN_STOP_THRESHOLD_MINUTES).max(MAX_STOP_THRESHOLD_MINUTES).default(2),
  /** A machine silent this long is 'Segnale assente' (not a stop). */
  MACHINE_SILENCE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(10),
  /** With the demo and the broker `npm start` runs itself: the line simulator publishes the demo machines (seed/lineSimulator.ts). */
  DEMO_SIMULATOR: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  EVENTSTORE_CONNECTION_STRING: z.string().min(1).optional(),
  JWT_SECRET: z
    .string()
    .min(16, 'JWT_SECRET must be at least 16 characters')
    .refine(
      (v) => !isPlaceholderSecret(v),
      'JWT_SECRET is a published placeholder: anyone could sign tokens with it. Set your own (openssl rand -hex 32) or leave it unset to generate one into DATA_DIR',
    )
    .optional(),
  DEMO_PASSWORD: z.string().min(1).default('demo'),
  /** The demo accounts and plant. Unset: created in development and tests, never with NODE_ENV=production (docs/deploy.md). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** The first admin, created on a start that does not find the account (docs/accounts.md); both or neither. */
  ADMIN_USERNAME: z.string().trim().min(1).max(64).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  /** With SEED_DEMO: about 60 days of reports and stops on the start that creates the demo plant (seed/demoHistory.ts). */
  SEED_DEMO_HISTORY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Failed logins allowed per address in a window, whatever the usernames tried (random names would each get their own allowance). */
  LOGIN_ADDRESS_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(50),
  /** Password hashes (scrypt) run at once per process, and how many more may wait; past that a login is refused with 503 at once. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(1000).default(2),
  /** How long a user's current role and existence are cached per instance (0: looked up on every request). */
  AUTH_USER_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** The live channel (GET /live, docs/live.md): a keep-alive line this often; it also ends the streams of users switched off since. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** Open live streams per user; one more closes that user's oldest. */
  LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(50).default(6),
  /**
   * How many reverse proxies stand in front of the app. 0 (the default) ignores
   * X-Forwarded-For entirely: a client could otherwise pick its own address, and with it
   * its own login-limit key. With N, the address is the one the Nth proxy from us saw.
   */
  /**
   * Lets a scraper that is not on loopback read GET /metrics (docs/metrics.md), sent as
   * `Authorization: Bearer <token>`. Unset: only loopback callers may.
   */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .refine((v) => !isPlaceholderSecret(v), 'METRICS_TOKEN is a published placeholder: set your own (openssl rand -hex 32) or leave it unset (loopback only)')
    .optional(),
  /** OIDC sign-in (docs/accounts.md): the provider's issuer URL, this app's client id and secret; all three or none. */
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The login page's button: 'Accedi con <name>'. */
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40).default('SSO'),
  /** Where the provider sends the browser back; unset, taken from the request (`<origin>/auth/oidc/callback`). Set it behind a proxy. */
  OIDC_REDIRECT_URI: z.string().url().optional(),
  /** The ID token's claims with the person's groups and login name. */
  OIDC_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OIDC_USERNAME_CLAIM: z.string().min(1).default('preferred_username'),
  OIDC_ROLE_MAP: z.string().optional(),
  /** LDAP / Active Directory bind (docs/accounts.md): ldaps://host:636, or ldap://host:389 upgraded with StartTLS. */
  LDAP_URL: z
    .string()
    .regex(/^ldaps?:\/\/[^/\s]+\/?$/, 'LDAP_URL must be ldaps://host[:port] or ldap://host[:port] (then StartTLS)')
    .optional(),
  /** A service account that finds a person's entry; or LDAP_USER_DN, a template binding as the person directly. */
  LDAP_BIND_DN: z.string().min(1).optional(),
  LDAP_BIND_PASSWORD: z.string().min(1).optional(),
  LDAP_USER_DN: z
    .string()
    .refine((v) => v.includes('{username}'), 'LDAP_USER_DN must contain {username}')
    .optional(),
  LDAP_USER_BASE: z.string().min(1).optional(),
  LDAP_USER_FILTER: z
    .string()
    .refine((v) => v.includes('{username}'), 'LDAP_USER_FILTER must contain {username}')
    .default('(uid={username})'),
  /** The entry's attribute listing its groups' DNs (Active Directory and OpenLDAP's memberof overlay: memberOf). */
  LDAP_GROUP_ATTRIBUTE: z.string().min(1).default('memberOf'),
  LDAP_ROLE_MAP: z.string().optional(),
  /** PEM file of the CA that signed the directory's certificate; unset, the system's CAs. */
  LDAP_CA_FILE: z.string().min(1).optional(),
  LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  TRUST_PROXY: z.preprocess(
    (v) => (v === undefined || v === '' || v === 'false' ? 0 : v === 'true' ? 1 : Number(v)),
    z.number({ error: 'TRUST_PROXY must be a number of proxies (0, 1, 2...)' }).int('TRUST_PROXY must be a number of proxies (0, 1, 2...)').min(0).max(10),
  ),
});

type Parsed = z.infer<typeof schema>;

/** OIDC sign-in, when configured. */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  providerName: string;
  redirectUri: string | null;
  groupsClaim: string;
  usernameClaim: string;
  roleMap: RoleMap;
}

/** LDAP / Active Directory bind, when configured: `bind` (a service account that searches) or `userDn` (a template), exactly one. */
export interface LdapSettings {
  url: string;
  bind: { dn: string; password: string } | null;
  userDn: string | null;
  userBase: string | null;
  userFilter: string;
  groupAttribute: string;
  roleMap: RoleMap;
  caFile: string | null;
  timeoutMs: number;
}

export type Config = Omit<Parsed, 'SEED_DEMO'> & { SEED_DEMO: boolean; oidc: OidcSettings | null; ldap: LdapSettings | null };

function roleMapOf(name: string, text: string | undefined, problems: string[]): RoleMap {
  if (text === undefined || text.trim() === '') {
    problems.push(`${name}: needed to give people a role (e.g. linea-admins=admin,linea-operatori=frontline)`);
    return [];
  }
  try {
    return parseRoleMap(text);
  } catch (err) {
    problems.push(`${name}: ${(err as Error).message}`);
    return [];
  }
}

function oidcSettings(data: Parsed, problems: string[]): OidcSettings | null {
  const parts = [data.OIDC_ISSUER, data.OIDC_CLIENT_ID, data.OIDC_CLIENT_SECRET];
  if (parts.every((p) => p === undefined)) {
    if (data.OIDC_ROLE_MAP !== undefined) problems.push('OIDC_ROLE_MAP: set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET too, or leave it unset');
    return null;
  }
  if (parts.some((p) => p === undefined)) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: set all three (OIDC sign-in) or none');
    return null;
  }
  const issuer = new URL(data.OIDC_ISSUER!);
  if (issuer.protocol !== 'https:' && !LOOPBACK.has(issuer.hostname)) problems.push('OIDC_ISSUER: must be https:// (plain http only on loopback)');
  return {
    issuer: data.OIDC_ISSUER!,
    clientId: data.OIDC_CLIENT_ID!,
    clientSecret: data.OIDC_CLIENT_SECRET!,
    providerName: data.OIDC_PROVIDER_NAME,
    redirectUri: data.OIDC_REDIRECT_URI ?? null,
    groupsClaim: data.OIDC_GROUPS_CLAIM,
    usernameClaim: data.OIDC_USERNAME_CLAIM,
    roleMap: roleMapOf('OIDC_ROLE_MAP', data.OIDC_ROLE_MAP, problems),
  };
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function ldapSettings(data: Parsed, problems: string[]): LdapSettings | null {
  if (data.LDAP_URL === undefined) {
    const stray = (['LDAP_BIND_DN', 'LDAP_BIND_PASSWORD', 'LDAP_USER_DN', 'LDAP_USER_BASE', 'LDAP_ROLE_MAP', 'LDAP_CA_FILE'] as const).filter((k) => data[k] !== undefined);
    if (stray.length > 0) problems.push(`${stray.join(', ')}: set LDAP_URL too, or leave them unset`);
    return null;
  }
  if (Boolean(data.LDAP_BIND_DN) !== Boolean(data.LDAP_BIND_PASSWORD)) problems.push('LDAP_BIND_DN and LDAP_BIND_PASSWORD: set both (a service account) or neither');
  const bind = data.LDAP_BIND_DN && data.LDAP_BIND_PASSWORD ? { dn: data.LDAP_BIND_DN, password: data.LDAP_BIND_PASSWORD } : null;
  if (bind && data.LDAP_USER_DN) problems.push('LDAP_USER_DN: set either it or LDAP_BIND_DN / LDAP_BIND_PASSWORD, not both');
  if (!bind && !data.LDAP_USER_DN)
    problems.push('LDAP_URL: set LDAP_BIND_DN and LDAP_BIND_PASSWORD (a service account that finds people) or LDAP_USER_DN (e.g. uid={username},ou=people,dc=plant,dc=it)');
  if (bind && !data.LDAP_USER_BASE) problems.push('LDAP_USER_BASE: needed with a service account, where people are searched (e.g. ou=people,dc=plant,dc=it)');
  return {
    url: data.LDAP_URL,
    bind,
    userDn: data.LDAP_USER_DN ?? null,
    userBase: data.LDAP_USER_BASE ?? null,
    userFilter: data.LDAP_USER_FILTER,
    groupAttribute: data.LDAP_GROUP_ATTRIBUTE,
    roleMap: roleMapOf('LDAP_ROLE_MAP', data.LDAP_ROLE_MAP, problems),
    caFile: data.LDAP_CA_FILE ?? null,
    timeoutMs: data.LDAP_TIMEOUT_MS,
  };
}

export class ConfigError extends Error {}

/** Compose passes `${VAR:-}` through as an empty string: for these, empty is unset. */
const EMPTY_IS_UNSET = [
  'SEED_DEMO',
  'DEMO_PASSWORD',
  'ADMIN_USERNAME',
  'ADMIN_PASSWORD',
  'METRICS_TOKEN',
  ...['ISSUER', 'CLIENT_ID', 'CLIENT_SECRET', 'PROVIDER_NAME', 'REDIRECT_URI', 'ROLE_MAP'].map((k) => `OIDC_${k}`),
  ...['URL', 'BIND_DN', 'BIND_PASSWORD', 'USER_DN', 'USER_BASE', 'ROLE_MAP', 'CA_FILE'].map((k) => `LDAP_${k}`),
];

export function parseConfig(given: NodeJS.ProcessEnv = process.env): Config {
  const env = Object.fromEntries(Object.entries(given).filter(([k, v]) => !(EMPTY_IS_UNSET.includes(k) && v === '')));
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const data = result.data;
  const production = data.NODE_ENV === 'production';
  const seedDemo = data.SEED_DEMO ?? !production;
  const problems: string[] = [];
  if (production && data.DEMO_PASSWORD === 'demo' && (seedDemo || env.DEMO_PASSWORD !== undefined))
    problems.push(
      'DEMO_PASSWORD: "demo" is known to everyone and is refused with NODE_ENV=production. Leave SEED_DEMO unset (no demo accounts in production), or set a DEMO_PASSWORD of your own',
    );
  if (Boolean(data.ADMIN_USERNAME) !== Boolean(data.ADMIN_PASSWORD)) problems.push('ADMIN_USERNAME and ADMIN_PASSWORD: set both (the first admin) or neither');
  const adminProblem = data.ADMIN_USERNAME && data.ADMIN_PASSWORD ? passwordProblem(data.ADMIN_PASSWORD, data.ADMIN_USERNAME) : null;
  if (adminProblem) problems.push(`ADMIN_PASSWORD: refused (${adminProblem}): at least 12 characters, not the username, not a common password`);
  const oidc = oidcSettings(data, problems);
  const ldap = ldapSettings(data, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { ...data, SEED_DEMO: seedDemo, DATA_DIR: path.resolve(data.DATA_DIR), oidc, ldap };
}
