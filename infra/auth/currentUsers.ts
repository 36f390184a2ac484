import type { Knex } from 'knex';
import { findUserById } from '../../projections/users/users.queries.js';

export interface CurrentUser {
  userId: string;
  username: string;
  role: string;
  active: boolean;
  mustChangePassword: boolean;
  /** Matches the `sv` of the tokens still valid (see the users projection's session_revision). */
  sessionRevision: number;
}

/**
 * The user's current role, state and session revision, looked up per request so a role change,
 * a new password or a deactivation takes effect without waiting for the token to expire.
 * Answers are cached for a short TTL (AUTH_USER_CACHE_SECONDS, 5 s by default): a time bound
 * rather than an invalidation by the users projection, because it holds the same for every
 * instance behind a load balancer.
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
    const row = await findUserById(this.knex, userId);
    const user: CurrentUser | null = row
      ? { userId: row.userId, username: row.username, role: row.role, active: row.active, mustChangePassword: row.mustChangePassword, sessionRevision: row.sessionRevision }
      : null;
    if (this.ttlMs > 0) {
      if (this.cache.size > 10_000) this.cache.clear();
      this.cache.set(userId, { user, until: now + this.ttlMs });
    }
    return user;
  }

  /** Forgets a user's cached answer in this instance (after their own password change); other instances wait out the TTL. */
  forget(userId: string): void {
    this.cache.delete(userId);
  }
}
