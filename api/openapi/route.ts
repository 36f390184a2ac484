import type { RouteDef } from '../routes/types.js';
import { openApiDocument } from './document.js';
import type { JsonSchema } from './schemas.js';

/**
 * `GET /openapi.json`: the description of every route of the server, built once from the route
 * list on the first call. Any signed-in user may read it (the calls are the same for everyone;
 * what each role may do is in it), not anonymous visitors, who only need /loginjwt and /health.
 */
export function openApiRoutes(routes: () => readonly RouteDef[]): RouteDef[] {
  let doc: JsonSchema | null = null;
  return [
    {
      method: 'get',
      path: '/openapi.json',
      action: 'session:read',
      async handler(ctx) {
        doc ??= openApiDocument(routes());
        ctx.body = doc;
      },
    },
  ];
}
