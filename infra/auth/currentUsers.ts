import type { Knex } from 'knex';

export interface CurrentUser {
  userId: string;
  username: string;
  role: string;
}

/**
 * The user's current role and existence, looked up per request so a role change or a removed
 * user takes effect without waiting for the token to expire. Answers are cached for a short
 * TTL (AUTH_USER_CACHE_SECONDS, 5 s by default): a time bound rather than an invalidation by
 * the users projection, because it holds the same for every instance behind a load balancer.
 */
export class CurrentUsers {
  private readonly cache = new Map<string, { user: CurrentUser | null; until: number }>();

  constructor(
    private readonly knex: Knex,
    private readonly ttlMs: number,
  ) {}

  async get(userId: string, now = Date.now()): Promise<CurrentUser | null> {
    const hit = this.cache.get(userId);
    if (hit && hit.until > now) return hit.user;
    const row = await this.knex('users').select('user_id', 'username', 'role').where({ user_id: userId }).first();
    const user = row ? { userId: row.user_id as string, username: row.username as string, role: row.role as string } : null;
    if (this.ttlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(userId, { user, until: now + this.ttlMs });
    }
    return user;
  }
}
