import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Builds the production site once, so the suite tests what `npm run build` ships (WEB_MODE=dist).
 * In a child process without vitest's NODE_ENV=test, which would make Vite bundle React's
 * development build.
 */
export default function setup(): void {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  const env = { ...process.env };
  delete env.NODE_ENV;
  execFileSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: ROOT,
    env,
    stdio: 'inherit',
  });
}
