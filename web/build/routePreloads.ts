/**
 * The Vite plugin that writes dist/.vite/route-preloads.json: for each page path, the chunks and
 * style sheets its page needs beyond the entry's. The server names them in the index.html it
 * sends for that path (api/static.ts), so the browser fetches a deep link's page code alongside
 * the entry instead of after it has run (docs/performance.md, "Route preloads").
 *
 * A page's path is its folder under src/pages: /dashboard-operatore is
 * src/pages/dashboard-operatore/DashboardOperatorePage.tsx (pageRoutes.tsx and router.tsx keep
 * that rule; the build test checks every route has its row).
 */
import type { Plugin } from 'vite';

/** What the plugin reads of a bundle's chunk (Rollup/Rolldown's OutputChunk). */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/** Path to the files of its page, each a public path ('/assets/x.js'): scripts, then styles. */
export interface RoutePreloads {
  [path: string]: { scripts: string[]; styles: string[] };
}

/** Next to Vite's manifest: never served as a file, read by the server (api/static.ts). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

const PAGE_MODULE = /[\\/]src[\\/]pages[\\/]([^\\/]+)[\\/][^\\/]+Page\.tsx$/;

/** The map for a bundle: every page chunk with the chunks it imports, less what the entry already loads. */
export function routePreloads(bundle: Record<string, ChunkInfo>): RoutePreloads {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  /** A chunk and every chunk it imports statically. */
  const closure = (start: string): string[] => {
    const seen = new Set<string>();
    const walk = (name: string) => {
      if (seen.has(name)) return;
      seen.add(name);
      for (const next of byName.get(name)?.imports ?? []) walk(next);
    };
    walk(start);
    return [...seen];
  };
  const loadedByEntry = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => closure(c.fileName)));
  const map: RoutePreloads = {};
  for (const chunk of chunks) {
    const folder = chunk.isDynamicEntry && chunk.facadeModuleId ? PAGE_MODULE.exec(chunk.facadeModuleId)?.[1] : undefined;
    if (!folder) continue;
    const scripts = closure(chunk.fileName).filter((name) => !loadedByEntry.has(name));
    const styles = [...new Set(scripts.flatMap((name) => [...(byName.get(name)?.viteMetadata?.importedCss ?? [])]))];
    map[`/${folder}`] = { scripts: scripts.map((n) => `/${n}`), styles: styles.map((n) => `/${n}`) };
  }
  return map;
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: 'linea-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const map = routePreloads(bundle as unknown as Record<string, ChunkInfo>);
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(map, null, 1)}\n` });
    },
  };
}
