import type { Context } from 'koa';
import type { z } from 'zod';
import type { Action } from '../permissions.js';

/**
 * What a route takes, declared once: the router parses it before the handler runs (api/validate.ts)
 * and the API description is generated from the same schemas (api/openapi/), so neither can drift.
 */
export interface InputSchemas {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The 400's message for a bad body: 'Dati non validi' unless the route names its own. */
  bodyMessage?: string;
  /** The 400's message for bad query or path parameters: 'Parametri non validi' unless the route names its own. */
  paramsMessage?: string;
  /** The body is sent as a form (`/loginjwt`, as the spec's call), not as JSON. */
  form?: true;
}

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The parsed input a handler starts from. */
export interface ParsedInput<I extends InputSchemas> {
  body: Parsed<I['body']>;
  query: Parsed<I['query']>;
  params: Parsed<I['params']>;
}

export type RouteContext<I extends InputSchemas> = Context & { input: ParsedInput<I> };

/** One API route: its method, its path as in the spec, the action it needs ('public' for none) and what it takes. */
export interface RouteDef<I extends InputSchemas = InputSchemas> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  action: Action | 'public';
  input?: I;
  /** The answer's status when it is not 200 (201 created, 202 accepted); the router sets it after the handler. */
  status?: 201 | 202;
  /** The resource the route belongs to, set by the route list (api/routes/index.ts): the description's tag. */
  tag?: string;
  handler(ctx: RouteContext<I>): Promise<void>;
}

/** A route whose handler's `ctx.input` is typed by its schemas. */
export const route = <I extends InputSchemas = Record<never, never>>(def: RouteDef<I>): RouteDef => def;
