import type { Middleware } from 'koa';
import { DomainError, validationError } from '../../domain/shared/errors.js';

/**
 * Characters PostgreSQL cannot keep as sent: NUL (refused by text and jsonb columns) and
 * lone UTF-16 surrogates (silently turned into U+FFFD on the way to UTF-8).
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_MESSAGE = 'Il testo contiene caratteri non consentiti';

/** The first path (a.b.0.c) in a parsed query or body whose key or string value holds an unstorable character. */
export function findUnstorable(value: unknown, at: string[] = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? at.join('.') || '_' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findUnstorable(value[i], [...at, String(i)]);
      if (hit !== null) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (UNSTORABLE.test(key)) return [...at, key.replace(/\u0000/g, '\\0')].join('.');
      const hit = findUnstorable(v, [...at, key]);
      if (hit !== null) return hit;
    }
  }
  return null;
}

function decodedPathHasUnstorable(path: string): boolean {
  if (!/%00|%[dD][89a-fA-F]/.test(path) && !UNSTORABLE.test(path)) return false;
  try {
    return UNSTORABLE.test(decodeURIComponent(path));
  } catch {
    return true;
  }
}

/**
 * Refuses, for every route and before any handler, a query, body or path that holds a
 * character the database cannot store: a 400 naming the field, never a 5xx from a query.
 * Runs after the body parser, so it sees the parsed form and JSON bodies.
 */
export const rejectUnstorableInput: Middleware = async (ctx, next) => {
  if (decodedPathHasUnstorable(ctx.path)) throw validationError(UNSTORABLE_MESSAGE, { path: UNSTORABLE_MESSAGE });
  const inQuery = findUnstorable(ctx.query);
  if (inQuery !== null) throw validationError(UNSTORABLE_MESSAGE, { [inQuery]: UNSTORABLE_MESSAGE });
  const inBody = findUnstorable((ctx.request as { body?: unknown }).body);
  if (inBody !== null) throw validationError(UNSTORABLE_MESSAGE, { [inBody]: UNSTORABLE_MESSAGE });
  await next();
};

/** The largest bodies the app reads: JSON for commands (autosaves included), forms for the login and form-posted shift notes. */
export const BODY_LIMITS = { json: '1mb', form: '64kb' } as const;

/**
 * No route takes files, so a multipart body is refused with 415 before a byte of it is read:
 * nothing is buffered and nothing lands in the temporary folder.
 */
export const refuseMultipart: Middleware = async (ctx, next) => {
  if (ctx.is('multipart')) {
    ctx.req.resume();
    ctx.set('Connection', 'close');
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 415, 'Formato della richiesta non supportato: usare JSON o un modulo urlencoded');
  }
  await next();
};

/**
 * The body parser, with a body it cannot read (bytes that are not the Content-Encoding the
 * request names: zlib and brotli errors carry no status) answered 400 in the error shape,
 * never 500. Errors of the routes after it pass through untouched.
 */
export function readableBody(parse: Middleware): Middleware {
  return async (ctx, next) => {
    let parsed = false;
    try {
      await parse(ctx, async () => {
        parsed = true;
        await next();
      });
    } catch (err) {
      if (parsed || (err as { status?: number }).status) throw err;
      throw new DomainError('BAD_REQUEST', 400, 'Corpo della richiesta illeggibile: non corrisponde alla codifica dichiarata (Content-Encoding)');
    }
  };
}
