import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/**
 * The product's version, from the package.json of the install this code runs from (the source
 * tree, or the image's /app with the compiled server under dist/).
 */
export function productVersion(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'linea' && pkg.version) return (cached = pkg.version);
    }
    const up = path.dirname(dir);
    if (up === dir) return (cached = 'unknown');
    dir = up;
  }
}
