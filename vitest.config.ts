import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Two projects: everything that runs in Node (unit, integration against real local servers, the local
// cloud's own tests, infra
// assertions) and the web components in jsdom. End-to-end tests have their own config (test/e2e).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/local/**/*.test.ts', 'test/infra/**/*.test.ts'],
          // One DynamoDB Local for the whole run; each local cloud has its own database in it.
          globalSetup: ['test/support/sharedDynamo.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Same React transform and `@contract` alias as web/vite.config.ts.
        plugins: [react()],
        resolve: { alias: { '@contract': fileURLToPath(new URL('./functions/contract', import.meta.url)) } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['test/web/**/*.test.{ts,tsx}'],
          setupFiles: ['test/web/setup.ts'],
        },
      },
    ],
  },
});
