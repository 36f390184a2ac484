import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './build/precompress.js';
import { routePreloadsPlugin } from './build/routePreloads.js';
import { serviceWorker } from './build/serviceWorker.js';

const root = fileURLToPath(new URL('.', import.meta.url));

/** nivo and what it draws with: chunks that only the charts (loaded when they come into view) import. */
const CHART_MODULES = /[\\/]node_modules[\\/](?:@nivo|@react-spring|d3-[\w-]+|internmap)[\\/]/;
/** One chunk per kind of chart (charts-line, charts-bar), so a page fetches only the kinds it draws; what they share goes in 'charts'. */
const chartChunk = (id: string) => {
  const kind = /[\\/]node_modules[\\/]@nivo[\\/](line|bar)[\\/]/.exec(id)?.[1];
  return kind ? `charts-${kind}` : 'charts';
};

export default defineConfig({
  root,
  // sw.js: the app shell and every page's code kept for offline use (docs/offline.md).
  plugins: [react(), routePreloadsPlugin(), serviceWorker(fileURLToPath(new URL('./public', import.meta.url))), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page loads (bench/webAssets.ts reads it; never served).
    manifest: true,
    rolldownOptions: {
      // A feature's public entry (features/<f>/index.ts) only re-exports: a page that imports one
      // name from it loads that module alone, not the feature's other components and their CSS.
      treeshake: { moduleSideEffects: [{ test: /[\\/]web[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 20 },
            { name: chartChunk, debugName: 'charts', test: CHART_MODULES, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/loginjwt': 'http://localhost:3000',
      '/login/options': 'http://localhost:3000',
      '/auth/oidc': 'http://localhost:3000',
      '/me': 'http://localhost:3000',
      '/factory': 'http://localhost:3000',
      '/admin/': 'http://localhost:3000',
      '/health': 'http://localhost:3000',
    },
  },
});
