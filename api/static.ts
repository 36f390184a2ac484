import fs from 'node:fs';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/**
 * Serves the built React app; any other GET that asks for HTML gets index.html so
 * deep links like /report-operatore load the app, which then routes on the client.
 */
export function serveWeb(dist: string): Middleware {
  const files = serve(dist, { index: 'index.html', maxage: 0 });
  const index = path.join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await files(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) {
      if (ctx.path.startsWith('/assets/')) ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      return;
    }
    if (!ctx.get('accept').includes('text/html') || !fs.existsSync(index)) return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    // Read whole (it is tiny) so an aborted navigation never leaves a half-sent stream behind.
    ctx.body = await fs.promises.readFile(index);
  };
}
