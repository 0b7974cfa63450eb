import { defineConfig } from 'vitest/config';

// End-to-end: the built site (web/dist, built once in globalSetup) served by the real local cloud,
// driven in headless Debian Chromium. Run with `npm run test:e2e`.
export default defineConfig({
  test: {
    name: 'e2e',
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    globalSetup: ['test/e2e/globalSetup.ts', 'test/support/sharedDynamo.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file starts its own local cloud and browser; one at a time keeps small CI machines steady.
    fileParallelism: false,
  },
});
