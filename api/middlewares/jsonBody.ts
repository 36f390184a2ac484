import type { Middleware } from 'koa';
import { KoaBodyMiddlewareOptionsSchema } from 'koa-body';
import { DomainError } from '../../domain/shared/errors.js';
import { STATUS_ERRORS } from './errors.js';

/** The content types read as JSON: koa-body's own list. */
export const JSON_TYPES: string[] = KoaBodyMiddlewareOptionsSchema.parse({}).jsonTypes;

/**
 * The deepest nesting of arrays and objects a JSON body may have. The deepest body a route
 * takes (a report's machine notes: object, array, row) is three levels; 32 leaves room
 * for any client and keeps every walk over a body short.
 */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `Corpo della richiesta annidato troppo in profondità (al massimo ${MAX_JSON_DEPTH} livelli)`;

const malformed = () => new DomainError('BAD_REQUEST', 400, STATUS_ERRORS[400]!.message);

/**
 * Whether the JSON text opens more than `max` arrays or objects inside one another: one
 * pass over the characters, brackets inside strings not counted, nothing built. Malformed
 * text is left to JSON.parse.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A `__proto__` key would set an object's prototype when a handler copies the body with Object.assign. */
function noProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw malformed();
  return value;
}

/**
 * Parses the JSON body that koa-body read as text (inflated, within its size limit), after
 * checking its nesting on the raw text: a body nested deeper than MAX_JSON_DEPTH is refused
 * with 400 before an object is built from it, so no later walk over the body can run deep.
 * Like koa-body's strict mode, the body is an object or an array (empty reads as {}), and a
 * `__proto__` key is refused.
 */
export const parseJsonBody: Middleware = async (ctx, next) => {
  const request = ctx.request as { body?: unknown };
  if (typeof request.body === 'string' && ctx.is(JSON_TYPES)) {
    const text = request.body;
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new DomainError('BAD_REQUEST', 400, TOO_DEEP_MESSAGE);
    if (text === '') request.body = {};
    else if (!/^[\x20\x09\x0a\x0d]*[[{]/.test(text)) throw malformed();
    else {
      try {
        request.body = JSON.parse(text, noProtoKeys) as unknown;
      } catch (err) {
        if (err instanceof DomainError) throw err;
        throw malformed();
      }
    }
  }
  await next();
};
