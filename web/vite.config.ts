import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: { proxy: { '/loginjwt': 'http://localhost:3000', '/me': 'http://localhost:3000', '/factory': 'http://localhost:3000', '/admin/': 'http://localhost:3000', '/health': 'http://localhost:3000' } },
});
