import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { DomainError, validationError } from '../../domain/shared/errors.js';
import type { IdempotencyKeys } from '../../infra/db/idempotencyKeys.js';
import type { AuthUser } from './auth.js';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer repeated from the key's first request. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** Visible ASCII, as a UUID or any client token is. */
const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

/** How long a retry waits for the first request with its key to finish, polling every 50 ms. */
const WAIT_FOR_FIRST_MS = 10_000;

const badKey = () => validationError(`${IDEMPOTENCY_HEADER} non valida: da 1 a 200 caratteri visibili (ASCII)`, { [IDEMPOTENCY_HEADER]: 'Da 1 a 200 caratteri visibili' });
const reused = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    422,
    `${IDEMPOTENCY_HEADER} già usata per una richiesta diversa: usa una nuova chiave per una nuova operazione (key already used for a different request)`,
  );
const stillRunning = () =>
  new DomainError(
    'IDEMPOTENCY_KEY_IN_USE',
    409,
    `Una richiesta con la stessa ${IDEMPOTENCY_HEADER} è ancora in corso: riprova tra poco (a request with this key is still running)`,
  );

/** Keys in a stable order, so the same JSON sent twice hashes the same whatever its key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `Idempotency-Key` on every write (docs/deploy.md): the first request with a key runs and
 * its successful answer is kept for 24 h; a retry with the same key from the same user gets
 * that answer again (same status and body, `Idempotent-Replayed: true`) and writes nothing;
 * the same key with another method, path or body is refused (422). A retry that arrives while
 * the first is still running waits for it (409 if it takes over 10 s). A request that failed
 * changed nothing (4xx) or may be retried (5xx), so its key is given up and a retry runs again.
 * Without the header a request runs as always. Runs after authentication: keys are per user.
 */
export function idempotency(keys: IdempotencyKeys): Middleware {
  return async (ctx, next) => {
    const key = ctx.get(IDEMPOTENCY_HEADER);
    if (!key) return next();
    if (!KEY_PATTERN.test(key)) throw badKey();
    const { userId } = ctx.state.user as AuthUser;
    const hash = createHash('sha256')
      .update(JSON.stringify([ctx.method, ctx.path, ctx.querystring, canonical(ctx.request.body ?? null)]))
      .digest('hex');

    for (const deadline = Date.now() + WAIT_FOR_FIRST_MS; ;) {
      if (await keys.claim(userId, key, hash)) break;
      const stored = await keys.find(userId, key);
      if (stored === null && Date.now() < deadline) continue; // given up or expired a moment ago: claim it again
      if (stored === null) throw stillRunning();
      if (stored.requestHash !== hash) throw reused();
      if (stored.status !== null) {
        ctx.status = stored.status;
        ctx.body = stored.body;
        ctx.set(REPLAYED_HEADER, 'true');
        return;
      }
      if (Date.now() >= deadline) throw stillRunning();
      await sleep(50);
    }

    try {
      await next();
    } catch (err) {
      await keys.release(userId, key, hash).catch(() => undefined);
      throw err;
    }
    // The request's own answer stands even if the key's row cannot be written (the database went
    // away just now): a retry then waits, and takes the claim over once it is stale.
    const keep = ctx.status >= 200 && ctx.status < 300 ? keys.complete(userId, key, hash, ctx.status, ctx.body) : keys.release(userId, key, hash);
    await keep.catch((err: unknown) => ctx.state.log?.warn({ err }, 'idempotency key not recorded'));
  };
}
