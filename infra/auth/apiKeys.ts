import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * API keys of service accounts (an ERP, a MES, a gateway), in a table of their own (migration
 * 0009), never in the event store: only the key's SHA-256 is kept (a key is 32 random bytes, so a
 * fast hash is enough; scrypt is for what people choose). The key itself is shown once, at
 * creation, and is never logged.
 */
export const API_KEYS_TABLE = 'api_keys';
/** Every key starts with it, so the auth middleware tells a key from a session token at a glance. */
export const API_KEY_PREFIX = 'linea_';

export interface ApiKeyRow {
  id: string;
  name: string;
  role: string;
  createdAt: Date;
  createdBy: string;
  lastUsedAt: Date | null;
}

/** Who calls with a key: its id, name and role. */
export interface ApiKeyPrincipal {
  id: string;
  name: string;
  role: string;
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The unique index on active names: a second key of one name is a conflict. */
export const isDuplicateName = (err: unknown) => (err as { code?: string; constraint?: string }).code === '23505';

/**
 * The keys, and the key check each request makes. A key's answer is cached for the user cache's
 * time (AUTH_USER_CACHE_SECONDS), so a revocation takes effect within it on every instance; the
 * lookup that fills the cache also records the key's last use.
 */
export class ApiKeys {
  private readonly cache = new Map<string, { principal: ApiKeyPrincipal | null; until: number }>();

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs: number,
  ) {}

  async create(input: { name: string; role: string; createdBy: string; now: Date }): Promise<{ id: string; key: string }> {
    const id = randomUUID();
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    await this.knex(API_KEYS_TABLE).insert({ id, name: input.name, role: input.role, key_hash: hashApiKey(key), created_at: input.now, created_by: input.createdBy });
    return { id, key };
  }

  /** The keys in force, by name. */
  async list(): Promise<ApiKeyRow[]> {
    const rows = await this.knex(API_KEYS_TABLE).whereNull('revoked_at').orderBy('name').select('id', 'name', 'role', 'created_at', 'created_by', 'last_used_at');
    return rows.map((r: Record<string, unknown>) => ({
      id: r.id as string,
      name: r.name as string,
      role: r.role as string,
      createdAt: r.created_at as Date,
      createdBy: r.created_by as string,
      lastUsedAt: (r.last_used_at as Date | null) ?? null,
    }));
  }

  /** Revokes a key in force; false when there is none of that id. */
  async revoke(id: string, now: Date): Promise<ApiKeyPrincipal | null> {
    const [row] = await this.knex(API_KEYS_TABLE).where({ id }).whereNull('revoked_at').update({ revoked_at: now }).returning(['id', 'name', 'role']);
    return row ? { id: row.id as string, name: row.name as string, role: row.role as string } : null;
  }

  /** The key's service account, or null for an unknown or revoked key. */
  async principal(key: string, now = Date.now()): Promise<ApiKeyPrincipal | null> {
    const hash = hashApiKey(key);
    const hit = this.cache.get(hash);
    if (hit && hit.until > now) return hit.principal;
    const [row] = await this.knex(API_KEYS_TABLE).where({ key_hash: hash }).whereNull('revoked_at').update({ last_used_at: this.knex.fn.now() }).returning(['id', 'name', 'role']);
    const principal = row ? { id: row.id as string, name: row.name as string, role: row.role as string } : null;
    if (this.ttlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(hash, { principal, until: now + this.ttlMs });
    }
    return principal;
  }
}
