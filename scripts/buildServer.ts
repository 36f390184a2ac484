/**
 * `npm run build:server [-- OUT_DIR]`: compiles the server (tsconfig.build.json) into dist/, or
 * OUT_DIR, with the files it reads at run time beside it. The Docker image runs the result
 * with plain `node` on the production dependencies (docs/deploy.md).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Read at run time by path rather than imported, so the compiler does not copy them. */
const ASSETS = ['seed/demo-plant.json'];

const outDir = path.resolve(root, process.argv[2] ?? 'dist');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', outDir], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
for (const asset of ASSETS) {
  fs.mkdirSync(path.dirname(path.join(outDir, asset)), { recursive: true });
  fs.copyFileSync(path.join(root, asset), path.join(outDir, asset));
}
console.log(`server compiled into ${path.relative(root, outDir) || '.'}`);
