import fs from 'node:fs';
import path from 'node:path';

/** The web app's source files (web/src, tests left out) whose text matches `pattern`, relative to web/src and sorted. */
export function webSourcesMatching(pattern: RegExp): string[] {
  const src = path.resolve('web/src');
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && pattern.test(fs.readFileSync(file, 'utf8'))) found.push(path.relative(src, file));
    }
  };
  walk(src);
  return found.sort();
}
