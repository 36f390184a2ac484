import { z } from 'zod';
import path from 'node:path';

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
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
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
  /**
   * How many reverse proxies stand in front of the app. 0 (the default) ignores
   * X-Forwarded-For entirely: a client could otherwise pick its own address, and with it
   * its own login-limit key. With N, the address is the one the Nth proxy from us saw.
   */
  TRUST_PROXY: z.preprocess(
    (v) => (v === undefined || v === '' || v === 'false' ? 0 : v === 'true' ? 1 : Number(v)),
    z.number({ error: 'TRUST_PROXY must be a number of proxies (0, 1, 2...)' }).int('TRUST_PROXY must be a number of proxies (0, 1, 2...)').min(0).max(10),
  ),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}
