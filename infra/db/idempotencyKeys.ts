import type { Knex } from 'knex';

/** How long a key answers for its first request (docs/deploy.md): a client retries within minutes, 24 h is ample. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * A claim whose request never finished (its server died mid-request) may be taken over by a
 * retry after this long; a request that is merely slow finishes well within it.
 */
export const STALE_CLAIM_SECONDS = 120;

/** A key's row: the request it was first used for and, once that finished, its answer. */
export interface StoredKey {
  requestHash: string;
  /** null while the first request is still running. */
  status: number | null;
  body: unknown;
}

/**
 * The `idempotency_keys` table (migration 0004): one row per user and key, claimed before
 * the request runs and completed with its answer, so two requests with one key never both
 * run. Every instance on the database shares it.
 */
export class IdempotencyKeys {
  private lastPurge = 0;

  constructor(private readonly knex: Knex) {}

  /**
   * Claims the key for a request: true when this request is to run (a new key, an expired
   * one, or a claim abandoned by a dead server), false when the row belongs to another request.
   */
  async claim(userId: string, key: string, requestHash: string): Promise<boolean> {
    const r = await this.knex.raw<{ rows: unknown[] }>(
      `insert into idempotency_keys as k (user_id, key, request_hash) values (?, ?, ?)
       on conflict (user_id, key) do update set request_hash = excluded.request_hash, status = null, body = null, created_at = now()
         where k.created_at < now() - make_interval(hours => ?)
            or (k.status is null and k.created_at < now() - make_interval(secs => ?))
       returning 1`,
      [userId, key, requestHash, IDEMPOTENCY_KEY_TTL_HOURS, STALE_CLAIM_SECONDS],
    );
    this.purgeNowAndThen();
    return r.rows.length > 0;
  }

  /** The key's row while it is live (not expired), else null. */
  async find(userId: string, key: string): Promise<StoredKey | null> {
    const row = await this.knex('idempotency_keys')
      .where({ user_id: userId, key })
      .andWhereRaw('created_at >= now() - make_interval(hours => ?)', [IDEMPOTENCY_KEY_TTL_HOURS])
      .first<{ request_hash: string; status: number | null; body: unknown } | undefined>('request_hash', 'status', 'body');
    return row ? { requestHash: row.request_hash, status: row.status, body: row.body } : null;
  }

  /** Records the answer of the request that holds the claim. */
  async complete(userId: string, key: string, requestHash: string, status: number, body: unknown): Promise<void> {
    await this.knex('idempotency_keys')
      .where({ user_id: userId, key, request_hash: requestHash })
      .whereNull('status')
      .update({ status, body: body === undefined ? null : JSON.stringify(body) });
  }

  /** Gives the key up: the request failed and changed nothing, so a retry may run it again. */
  async release(userId: string, key: string, requestHash: string): Promise<void> {
    await this.knex('idempotency_keys').where({ user_id: userId, key, request_hash: requestHash }).whereNull('status').delete();
  }

  /** Deletes expired keys, at most every ten minutes per process, without making a request wait. */
  private purgeNowAndThen(): void {
    if (Date.now() - this.lastPurge < 10 * 60_000) return;
    this.lastPurge = Date.now();
    this.knex('idempotency_keys')
      .whereRaw('created_at < now() - make_interval(hours => ?)', [IDEMPOTENCY_KEY_TTL_HOURS])
      .delete()
      .catch(() => undefined);
  }
}
