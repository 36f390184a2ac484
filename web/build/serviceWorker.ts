/**
 * The Vite plugin that writes dist/sw.js (docs/offline.md): the worker in web/build/sw.js with
 * the list of the files this build wrote and a version made from their names, so every build with
 * a changed file installs a new worker, which replaces the old one's cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const TEMPLATE = new URL('./sw.js', import.meta.url);

/** Build files never kept for offline use: Vite's manifest (never served) and source maps. */
const SKIPPED = /(^|\/)\.vite\/|\.map$/;

/** The worker's source for these public paths (e.g. '/assets/index-ab12.js'). */
export function workerSource(template: string, files: readonly string[]): string {
  const sorted = [...new Set(files)].sort();
  const version = createHash('sha256').update(sorted.join('\n')).digest('hex').slice(0, 16);
  return template.replace("'__LINEA_VERSION__'", JSON.stringify(version)).replace("['__LINEA_FILES__']", JSON.stringify(sorted));
}

/** Writes sw.js next to index.html; public/ files are listed from the folder Vite copies. */
export function serviceWorker(publicDir: string): Plugin {
  return {
    name: 'linea-service-worker',
    apply: 'build',
    // After the files are written: the bundle still names chunks Vite drops (those of CSS alone).
    writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      const built = Object.keys(bundle).filter((name) => !SKIPPED.test(name) && fs.existsSync(path.join(dir, name)));
      const copied = fs.existsSync(publicDir) ? (fs.readdirSync(publicDir, { recursive: true, withFileTypes: true }) as fs.Dirent[]) : [];
      const publicFiles = copied.filter((d) => d.isFile()).map((d) => `${d.parentPath.slice(publicDir.length).replace(/\\/g, '/')}/${d.name}`.replace(/^\/+/, ''));
      const files = [...built, ...publicFiles].map((name) => `/${name}`).filter((p) => p !== '/sw.js');
      fs.writeFileSync(path.join(dir, 'sw.js'), workerSource(fs.readFileSync(TEMPLATE, 'utf8'), files));
    },
  };
}
