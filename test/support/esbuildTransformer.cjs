/**
 * Jest transformer: strips TypeScript with esbuild (already installed for tsx),
 * keeping ES modules so tests run in jest's native ESM mode.
 */
const { createHash } = require('node:crypto');
const { transformSync, version } = require('esbuild');

module.exports = {
  process(source, filename) {
    const result = transformSync(source, {
      loader: filename.endsWith('.tsx') ? 'tsx' : 'ts',
      format: 'esm',
      target: 'es2022',
      jsx: 'automatic',
      sourcemap: 'inline',
      sourcefile: filename,
    });
    return { code: result.code };
  },
  getCacheKey(source, filename) {
    return createHash('sha1').update(version).update('\0').update(filename).update('\0').update(source).digest('hex');
  },
};
