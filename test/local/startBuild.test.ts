/**
 * `npm start` serves the production build, built when the web's sources changed since the last build
 * made by a start, and prints its banner before anything its parts log. Started as `npm start` runs it
 * (no WEB_MODE), on free ports; the build is the repository's own web/dist.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';

let cloud: LocalCloudProcess | undefined;
afterAll(async () => {
  await cloud?.stop();
});

/** A build on a busy 2-core machine takes a minute or two; the start around it, one more. */
const BUILD_AND_START_MS = 300_000;
/** What `npm start` runs with: no web mode named. */
const AS_NPM_START = { env: { WEB_MODE: '' }, readyTimeoutMs: BUILD_AND_START_MS };

describe('npm start', () => {
  it(
    'serves the production build (hashed assets, no Vite client), and does not build it again when nothing changed',
    async () => {
      cloud = await startLocalCloudProcess(AS_NPM_START);
      const home = await fetch(`${cloud.webUrl}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).not.toContain('/@vite/client');
      // The entry and its modules, by their hashed names (the page names them for a loader that runs after the first paint).
      const scripts = [...html.matchAll(/\/assets\/[\w.-]+-[\w-]{8}\.js/g)].map((match) => match[0]);
      expect(scripts.length).toBeGreaterThan(0);
      const asset = await fetch(`${cloud.webUrl}${scripts[0]}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect((await fetch(`${cloud.webUrl}/@vite/client`)).status).toBe(404);
      expect(cloud.output()).toMatch(/Web site {8}http:\/\/localhost:\d+ {2}\(production build in web\/dist/);
      await cloud.stop();

      cloud = await startLocalCloudProcess(AS_NPM_START);
      const output = cloud.output();
      expect(output).not.toContain('Building the web site');
      expect(output).toContain('(production build in web/dist, up to date with the web sources)');
      // Nothing was built, so the banner is the very first thing printed.
      expect(output.startsWith('Vaya día is running locally')).toBe(true);
    },
    2 * BUILD_AND_START_MS,
  );
});
