import { build } from 'vite';
import { fileURLToPath } from 'node:url';

/** Builds the production site once, so the suite tests what `npm run build` ships (WEB_MODE=dist). */
export default async function setup(): Promise<void> {
  if (process.env.E2E_SKIP_BUILD === '1') return;
  await build({ configFile: fileURLToPath(new URL('../../web/vite.config.ts', import.meta.url)), logLevel: 'warn' });
}
