import type { Context } from 'koa';
import type { Action } from '../permissions.js';

/** One API route: its method, its path as in the spec, and the action it needs ('public' for none). */
export interface RouteDef {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  action: Action | 'public';
  handler: (ctx: Context) => Promise<void>;
}
