/**
 * `node --import ./test/support/productionOnly.js …`: the process cannot import any of the
 * project's development dependencies, as in an install with `npm ci --omit=dev` (the Docker
 * image). An import of one fails as a missing package would.
 */
import { register } from 'node:module';

register('./productionOnlyResolve.js', import.meta.url);
