import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const webDir = decodeURIComponent(new URL('.', import.meta.url).pathname);
const contract = decodeURIComponent(new URL('../functions/contract.ts', import.meta.url).pathname);

/**
 * The web app. `root` is web/ so `npm run build` (run from the repository root) writes web/dist;
 * `@contract` is the single source of categories, limits and messages shared with the API.
 */
export default defineConfig({
  root: webDir,
  plugins: [react()],
  resolve: { alias: { '@contract': contract } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Hashed file names under assets/ are what the web server caches for a year.
    assetsDir: 'assets',
  },
  server: { host: 'localhost', fs: { allow: [decodeURIComponent(new URL('..', import.meta.url).pathname)] } },
});
