import { z } from 'zod';
import path from 'node:path';
import { passwordProblem } from '../domain/users/passwordRules.js';
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
  TRUST_PROXY: z.preprocess(
    (v) => (v === undefined || v === '' || v === 'false' ? 0 : v === 'true' ? 1 : Number(v)),
    z.number({ error: 'TRUST_PROXY must be a number of proxies (0, 1, 2...)' }).int('TRUST_PROXY must be a number of proxies (0, 1, 2...)').min(0).max(10),
  ),
});

export type Config = Omit<z.infer<typeof schema>, 'SEED_DEMO'> & { SEED_DEMO: boolean };

export class ConfigError extends Error {}

/** Compose passes `${VAR:-}` through as an empty string: for these, empty is unset. */
const EMPTY_IS_UNSET = ['SEED_DEMO', 'DEMO_PASSWORD', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'METRICS_TOKEN'];

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
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return { ...data, SEED_DEMO: seedDemo, DATA_DIR: path.resolve(data.DATA_DIR) };
}
