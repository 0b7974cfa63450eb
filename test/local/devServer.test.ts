/**
 * `npm run dev` (WEB_MODE=dev): Vite serves the app's modules with hot reload, and the page function
 * renders into Vite's index.html. Vite starts on the first request for a file or a page, so a local
 * cloud that only answers the API (most tests) never starts it.
 */
import { describe, expect, it } from 'vitest';
import { cloudPerFile } from '../support/cloudPerFile';

const shared = cloudPerFile({ env: { WEB_MODE: 'dev' } });

describe('the development web server', () => {
  it('answers the first requests, all at once, with pages that load Vite’s client and with the app’s modules', async () => {
    const { cloud } = shared;
    const { webUrl } = cloud;
    const get = (path: string) => fetch(`${webUrl}${path}`);
    const [home, author, entry, client] = await Promise.all([get('/'), get('/autor/David'), get('/src/main.tsx'), get('/@vite/client')]);
    for (const page of [home, author]) {
      expect(page.status).toBe(200);
      const html = await page.text();
      // Vite's shell, with the page function's rendering in it.
      expect(html).toContain('/@vite/client');
      expect(html).toContain('<main');
    }
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
    expect(await entry.text()).toContain('loadConfig');
    expect(client.status).toBe(200);
    // The API and config.json did not need Vite, and are the same as ever.
    expect((await fetch(`${webUrl}/config.json`)).status).toBe(200);
    expect(cloud.output()).not.toContain('Vite did not start');
  });
});
