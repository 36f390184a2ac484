import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { IdempotencyKeys } from '../infra/db/idempotencyKeys.js';
import type { AppDeps } from './deps.js';
import { authenticate, authorize } from './middlewares/auth.js';
import { compression } from './middlewares/compression.js';
import { errorMiddleware } from './middlewares/errors.js';
import { idempotency } from './middlewares/idempotency.js';
import { BODY_LIMITS, FORM_DEPTH, readableBody, refuseMultipart, rejectUnstorableInput } from './middlewares/input.js';
import { JSON_TYPES, parseJsonBody } from './middlewares/jsonBody.js';
import { requestContext, responseErrorListener, securityHeaders } from './middlewares/requestContext.js';
import { allRoutes } from './routes/index.js';
import type { InputSchemas, RouteContext } from './routes/types.js';
import { eventId } from './live.js';
import { httpMetrics } from './metrics.js';
import { queueBoard } from './queueBoard.js';
import { serveWeb } from './static.js';
import { validate } from './validate.js';

/** The Koa app: thin routes (validate, authorize, handle, present) and the built web app. */
export function createApp(deps: AppDeps): Koa {
  // X-Forwarded-For is believed only when TRUST_PROXY says how many proxies put it there.
  const app = new Koa({ proxy: deps.trustProxy > 0, maxIpsCount: deps.trustProxy });
  const router = new Router();
  const auth = authenticate(deps.tokens, deps.users, deps.apiKeys);
  // Every authenticated write honours Idempotency-Key, so a client may retry any of them.
  const once = idempotency(new IdempotencyKeys(deps.knex));
  for (const route of allRoutes(deps)) {
    const guards = route.action === 'public' ? [] : [auth, authorize(route.action), ...(route.method === 'get' ? [] : [once])];
    // The input is parsed after authorization, as each handler did before: a role that may not call a route learns nothing of its input.
    router[route.method](route.path, ...guards, validate(route.input), async (ctx) => {
      // validate() has put the parsed input on the context.
      await route.handler(ctx as unknown as RouteContext<InputSchemas>);
      if (route.status) ctx.status = route.status;
    });
  }
  app.on('error', responseErrorListener(deps.log));
  app.use(requestContext(deps.log));
  app.use(securityHeaders);
  // Outside the error middleware, so the error bodies it writes are compressed like any other.
  app.use(compression());
  // Outside the error middleware: the status timed is the one answered.
  app.use(httpMetrics(deps.metrics));
  app.use(errorMiddleware);
  // bull-board parses its own bodies, so it sits before ours; its guard lets only admin in.
  app.use(queueBoard(deps));
  // No route takes files: multipart is refused before anything is read (no temp files), and
  // every body kind the app parses has a size limit (413 above it) and a nesting limit (400
  // beyond it): JSON is read as text and its depth checked before it is parsed.
  app.use(refuseMultipart);
  app.use(
    readableBody(
      koaBody({
        multipart: false,
        urlencoded: true,
        json: false,
        text: true,
        textTypes: JSON_TYPES,
        textLimit: BODY_LIMITS.json,
        formLimit: BODY_LIMITS.form,
        queryString: { depth: FORM_DEPTH, strictDepth: true },
      }),
    ),
  );
  app.use(parseJsonBody);
  app.use(rejectUnstorableInput);
  // Where the read models stood when a read began (docs/live.md, "Resume"): the page opens its
  // live stream from the earliest such position it saw, so it hears of what moved since. Only on
  // an answer (a refused or failed call tells nobody where the store stands).
  app.use(async (ctx, next) => {
    const floor = ctx.method === 'GET' && ctx.path.startsWith('/factory/') ? deps.live.readFloor() : null;
    await next();
    if (floor && ctx.status < 300) ctx.set('X-Live-Position', eventId(floor));
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  if (deps.webDist) app.use(serveWeb(deps.webDist));
  return app;
}
