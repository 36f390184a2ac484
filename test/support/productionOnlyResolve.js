/** The resolve hook behind productionOnly.js. */
import fs from 'node:fs';
import { URL } from 'node:url';

const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const devOnly = new Set(Object.keys(pkg.devDependencies ?? {}).filter((name) => !(name in (pkg.dependencies ?? {}))));

/** The package a bare specifier names ('@scope/name/sub' → '@scope/name'), or null for a path or a node: builtin. */
function packageOf(specifier) {
  if (/^(\.|\/|node:|file:|data:)/.test(specifier)) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

export async function resolve(specifier, context, next) {
  const name = packageOf(specifier);
  if (name && devOnly.has(name)) {
    const err = new Error(`Cannot find package '${name}' imported from ${context.parentURL ?? '?'} (a development dependency)`);
    err.code = 'ERR_MODULE_NOT_FOUND';
    throw err;
  }
  return next(specifier, context);
}
