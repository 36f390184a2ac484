import fs from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Middleware } from 'koa';
import serve from 'koa-static';

/** Vite's output folder for hashed files: a file's name changes whenever its content does. */
const ASSETS_PREFIX = '/assets/';

/** A hashed file never changes, so the browser keeps it a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: kept, but revalidated before every use, so a deploy shows at once. */
export const REVALIDATE = 'no-cache';

/**
 * Serves the built React app; any other GET that asks for HTML gets index.html so
 * deep links like /report-operatore load the app, which then routes on the client.
 */
export function serveWeb(dist: string): Middleware {
  const assets = path.resolve(dist, 'assets') + path.sep;
  const files = serve(dist, {
    index: 'index.html',
    // Runs only for a file that exists, so a 404 never carries a year-long cache header.
    setHeaders(res: ServerResponse, file: string) {
      res.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
  const index = path.join(dist, 'index.html');
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await files(ctx, async () => undefined);
    if (ctx.body != null || ctx.status !== 404) return;
    // A missing hashed file (an old chunk after a deploy) is a 404, never the app's HTML.
    if (ctx.path.startsWith(ASSETS_PREFIX)) return next();
    if (!ctx.get('accept').includes('text/html') || !fs.existsSync(index)) return next();
    ctx.type = 'html';
    ctx.set('Cache-Control', REVALIDATE);
    // Read whole (it is tiny) so an aborted navigation never leaves a half-sent stream behind.
    ctx.body = await fs.promises.readFile(index);
  };
}
