import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

// Three projects: unit, integration and local-cloud tests in Node (against real local servers), the stack's assertions
// (infra), and the web components in jsdom. End-to-end tests have their own config (test/e2e).
export default defineConfig({
  test: {
    // Two test files at a time even on 2 cores (vitest's default there is cores − 1 = one): the files mostly wait on
    // their local clouds, and one at a time left a quarter of the CPU idle through the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts', 'test/local/**/*.test.ts'],
          // One DynamoDB Local for the whole run; each local cloud has its own database in it.
          globalSetup: ['test/support/sharedDynamo.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          // The stack's files, one per construct, read one synthesized stack (test/infra/synth.ts,
          // sharedSynthesis): one worker that keeps modules between files, so it is built once. (CDK's
          // bundle cache is per output folder, so it does not help another synthesis: the files with other
          // options synthesize without bundling, which their assertions do not read.)
          isolate: false,
          fileParallelism: false,
          // A project with another number of workers runs as a group of its own: after the others.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 180_000,
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
          // Room for the longer `findBy…` waits of test/web/setup.ts when the machine is busy.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
