import type { Middleware } from 'koa';
import { BAD_PARAMS } from './params.js';
import type { InputSchemas } from './routes/types.js';
import { parseInput } from './validation.js';

/**
 * Parses a route's declared input before its handler and puts it on `ctx.input`; a bad part is a 400
 * naming each bad field, with the route's message. Path parameters first, then the query, then the
 * body, so a handler starts from parsed data and nothing runs past a failed parse.
 */
export function validate(input: InputSchemas | undefined): Middleware {
  return async (ctx, next) => {
    const paramsMessage = input?.paramsMessage ?? BAD_PARAMS;
    ctx.input = {
      params: input?.params ? parseInput(input.params, ctx.params, paramsMessage) : undefined,
      query: input?.query ? parseInput(input.query, ctx.query, paramsMessage) : undefined,
      body: input?.body ? parseInput(input.body, ctx.request.body ?? {}, input.bodyMessage) : undefined,
    };
    await next();
  };
}
