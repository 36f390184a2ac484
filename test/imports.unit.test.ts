import fs from 'node:fs';
import path from 'node:path';

/**
 * No import cycles anywhere in the product (docs/architecture.md): every relative import of
 * every product file is followed, and a module reached again while its own imports are being
 * walked is a cycle. Lint holds the direction of the layers; this holds the absence of loops,
 * which lint's import rules cannot see.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const FOLDERS = ['domain', 'commands', 'projections', 'workers', 'infra', 'api', 'seed', 'scripts', 'bench', 'web/src'];
const SOURCE = /\.(ts|tsx)$/;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function productFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...productFiles(full));
    } else if (SOURCE.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(full);
  }
  return out;
}

/** The file a relative specifier names: `./x.js` is `./x.ts` or `./x.tsx` on disk. */
function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate)) return candidate;
  return null;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const target = resolve(file, (m[1] ?? m[2])!);
    if (target && !/\.test\.tsx?$/.test(target)) out.push(target);
  }
  return out;
}

/** Every cycle found by a depth-first walk, each as the files around it, relative to the root. */
function cycles(files: string[]): string[][] {
  const state = new Map<string, 'walking' | 'done'>();
  const stack: string[] = [];
  const found: string[][] = [];
  const walk = (file: string) => {
    state.set(file, 'walking');
    stack.push(file);
    for (const next of importsOf(file)) {
      const s = state.get(next);
      if (s === 'walking') found.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(root, f)));
      else if (s === undefined) walk(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const f of files) if (!state.has(f)) walk(f);
  return found;
}

describe('imports', () => {
  const files = FOLDERS.flatMap((f) => productFiles(path.join(root, f)));

  test('the walk sees the product (a broken pattern would find nothing and pass)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(importsOf(path.join(root, 'api/app.ts')).length).toBeGreaterThan(3);
  });

  test('no product module imports itself through others', () => {
    expect(cycles(files)).toEqual([]);
  });

  test('a cycle is found when there is one', () => {
    fs.mkdirSync(path.join(root, '.test-output'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(root, '.test-output', 'cycle-'));
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      fs.writeFileSync(path.join(dir, 'b.ts'), "export { a } from './a.js';\nexport const b = 1;\n");
      expect(cycles([path.join(dir, 'a.ts')]).length).toBe(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
