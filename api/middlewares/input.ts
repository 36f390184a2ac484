import type { Middleware } from 'koa';
import { DomainError, validationError } from '../../domain/shared/errors.js';
import { UNSTORABLE, UNSTORABLE_MESSAGE } from '../../domain/shared/text.js';

export { UNSTORABLE_MESSAGE };

/** Where a value sits in the body: its key and its parent's place (null at the top). */
interface Place {
  key: string;
  parent: Place | null;
}

const pathOf = (place: Place | null): string => {
  const keys: string[] = [];
  for (let p = place; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

/**
 * The first path (a.b.0.c) in a parsed query or body whose key or string value holds an
 * unstorable character. A walk with its own stack, in document order: however a body nests,
 * it never runs out of call stack, and a path is built only for the hit.
 */
export function findUnstorable(value: unknown): string | null {
  const stack: Array<{ value: unknown; place: Place | null; isKey: boolean }> = [{ value, place: null, isKey: false }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value: v, place } = item;
    if (item.isKey && UNSTORABLE.test(place!.key)) return pathOf({ key: place!.key.replace(/\u0000/g, '\\0'), parent: place!.parent });
    if (typeof v === 'string') {
      if (UNSTORABLE.test(v)) return pathOf(place) || '_';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], place: { key: String(i), parent: place }, isKey: false });
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], place: { key: entries[i]![0], parent: place }, isKey: true });
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

/**
 * The largest bodies the app reads: JSON for commands (autosaves included), forms for the
 * login and form-posted shift notes. A form nests at most FORM_DEPTH levels (`a[b][c]`), and
 * a deeper one is refused; JSON nests at most MAX_JSON_DEPTH (jsonBody.ts). A query string
 * does not nest at all: koa reads `a[b]=1` as the key 'a[b]'.
 */
export const BODY_LIMITS = { json: '1mb', form: '64kb' } as const;
export const FORM_DEPTH = 5;
export const FORM_TOO_DEEP_MESSAGE = `Modulo annidato troppo in profondità (al massimo ${FORM_DEPTH} livelli)`;

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
      // qs refuses a form nested deeper than FORM_DEPTH (strictDepth) with a RangeError.
      if (!parsed && err instanceof RangeError && /depth/.test(err.message)) throw new DomainError('BAD_REQUEST', 400, FORM_TOO_DEEP_MESSAGE);
      if (parsed || (err as { status?: number }).status) throw err;
      throw new DomainError('BAD_REQUEST', 400, 'Corpo della richiesta illeggibile: non corrisponde alla codifica dichiarata (Content-Encoding)');
    }
  };
}
