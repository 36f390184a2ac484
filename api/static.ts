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
  const preloads = routePreloadsReader(path.join(dist, ROUTE_PRELOADS_FILE));
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
    const html = await fs.promises.readFile(index, 'utf8');
    ctx.body = withRoutePreloads(html, ctx.path, await preloads());
  };
}

/** What web/build/routePreloads.ts writes at build time: a page's path to its files beyond the entry's. */
export type RoutePreloads = Record<string, { scripts: string[]; styles: string[] }>;
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Reads the build's route map (web/build/routePreloads.ts) when it changes, not at every page
 * load: a stat per navigation, parsed again only for a new build in place. None for a build
 * without one, or with one that cannot be read.
 */
export function routePreloadsReader(file: string): () => Promise<RoutePreloads> {
  let kept: { mtimeMs: number; map: RoutePreloads } | null = null;
  return async () => {
    try {
      const { mtimeMs } = await fs.promises.stat(file);
      if (kept?.mtimeMs !== mtimeMs) kept = { mtimeMs, map: JSON.parse(await fs.promises.readFile(file, 'utf8')) as RoutePreloads };
      return kept.map;
    } catch {
      kept = null;
      return {};
    }
  };
}

/**
 * index.html naming the page's own chunks and styles for a deep link, so they load alongside the
 * entry rather than once it has run and asked for them (docs/performance.md, "Route preloads").
 */
export function withRoutePreloads(html: string, pagePath: string, map: RoutePreloads): string {
  const files = Object.hasOwn(map, pagePath) ? map[pagePath] : undefined;
  if (!files) return html;
  const links = [
    ...files.styles.map((href) => `<link rel="stylesheet" crossorigin href="${encodeURI(href)}">`),
    ...files.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${encodeURI(href)}">`),
  ];
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}
