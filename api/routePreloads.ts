import fs from 'node:fs';
import path from 'node:path';

/** What Vite's build manifest (dist/.vite/manifest.json) says of one chunk. */
interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** A page's module in the build: `src/pages/<folder>/...`, the folder being the page's path. */
const PAGE_MODULE = /^src\/pages\/([^/]+)\//;

/**
 * The `<link>` tags that fetch a page's own code together with the app's entry. A page's chunks
 * are otherwise asked for only once the entry has run and the router has matched the path: one
 * more round trip before anything of the page can show, about half a second on a tablet's slow
 * mobile link (docs/benchmarks.md, Lighthouse). The server knows the path when it answers the
 * HTML, and the manifest knows each page's chunks, so the first answer names them. Keyed by the
 * path's first segment ('/dashboard-operatore?x' -> 'dashboard-operatore'), which is the page's
 * folder under web/src/pages; a path that names no page gets nothing. Without a manifest (a build
 * without one, the dev server) every page gets nothing and loads as before.
 */
export function routePreloads(dist: string): (urlPath: string) => string {
  let manifest: Record<string, ManifestChunk>;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    return () => '';
  }
  const entry = manifest['index.html'];
  if (!entry) return () => '';

  /** The chunk keys a chunk loads before it runs (its static imports, transitively), itself included. */
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key) || !manifest[key]) continue;
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const withEntry = closure(['index.html']);
  const tags = new Map<string, string>();
  for (const src of entry.dynamicImports ?? []) {
    const folder = PAGE_MODULE.exec(src)?.[1];
    if (!folder) continue;
    const chunks = [...closure([src])].filter((key) => !withEntry.has(key)).map((key) => manifest[key]!);
    const scripts = chunks.map((c) => `<link rel="modulepreload" crossorigin href="/${c.file}">`);
    const styles = [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`);
    tags.set(folder, [...scripts, ...styles].join(''));
  }
  return (urlPath) => tags.get(urlPath.split('/')[1] ?? '') ?? '';
}

/** index.html with a page's preload tags at the end of its head. */
export function withPreloads(html: string, tags: string): string {
  return tags ? html.replace('</head>', `${tags}</head>`) : html;
}
