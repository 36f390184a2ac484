/**
 * Whether an error means "the database cannot be reached right now" (stopped, restarting,
 * failing over, out of connection slots), as opposed to a bug or a bad query. The API answers
 * these with 503 so clients retry; nothing was written, since no transaction could commit.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    // Sockets refused, reset or timed out; the server shutting down (57P01-57P03); connection exceptions (class 08); too many connections (53300).
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300'].includes(code) || code.startsWith('08'))
      return true;
    const message = typeof e.message === 'string' ? e.message : '';
    // node-postgres and knex say these in words only.
    if (/Connection terminated|Client has encountered a connection error|connection timeout|Timeout acquiring a connection|Client was closed and is not queryable/i.test(message))
      return true;
    if (e.name === 'KnexTimeoutError') return true;
  }
  return false;
}
