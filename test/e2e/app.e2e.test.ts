/**
 * The installable app (manifest, service worker, offline reading) in headless Chromium against the built site and the local cloud:
 * the manifest is linked and valid, the service worker controls the page, an offline reload of / shows
 * the last feed read with «Sin conexión», a copy the worker cannot keep never holds an answer back, and a
 * second account on the same browser never gets the first one's answers from the worker's caches.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { call } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { launchChromium, newVisitor, signInWithForm, takenOver } from './browser';

let cloud: LocalCloudProcess;
let browser: Browser;
let moderator: TestUser;
const contexts: BrowserContext[] = [];
const short = () => randomUUID().slice(0, 6);
const LONG_TEST_MS = 240_000;

beforeAll(async () => {
  [cloud, browser] = await Promise.all([startLocalCloudProcess({ env: { WEB_MODE: 'dist' } }), launchChromium()]);
  moderator = await createModerator(cloud);
}, 300_000);

afterAll(async () => {
  await Promise.allSettled(contexts.map((context) => context.close()));
  await browser?.close();
  await cloud?.stop();
});

async function visitor(): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newVisitor(browser, cloud.webUrl, 375);
  contexts.push(opened.context);
  return opened;
}

/** Waits until the site's service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** Every URL the page's origin keeps in Cache Storage. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
    return urls;
  });

describe('the installable app (built site, local cloud)', () => {
  it('links a valid manifest whose icons load', { timeout: LONG_TEST_MS }, async () => {
    const { page } = await visitor();
    // The first document of the run may meet the page function cold on a busy machine.
    await page.goto('/', { timeout: 120_000 });
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.status()).toBe(200);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: expect.stringMatching(/Vaya día/), start_url: '/', display: 'standalone' });
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(pngs.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of pngs) {
      const image = await page.request.get(icon.src);
      expect({ src: icon.src, status: image.status(), type: image.headers()['content-type'] }).toEqual({
        src: icon.src,
        status: 200,
        type: 'image/png',
      });
      const bytes = await image.body();
      // PNG signature, then the IHDR's width and height.
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      const [width, height] = icon.sizes.split('x').map(Number);
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([width, height]);
    }
  });

  it(
    'the service worker controls the page, and offline a reload of / shows the last feed with «Sin conexión»',
    async () => {
      const author = await createUser(cloud, { name: `Autora Offline ${short()}` });
      const text = `Se me cayó el móvil al váter justo antes de la reunión ${short()}. Vaya día.`;
      await publishApproved(cloud, author, moderator, { category: 'trabajo', post: text });

      const { context, page } = await visitor();
      await page.goto('/');
      await takenOver(page);
      await expect.poll(() => page.getByText(text).count()).toBe(1);
      // Controlled from its first visit (the worker claims the page), and again after a reload.
      await controlled(page);
      await page.reload();
      await controlled(page);
      await takenOver(page);

      await context.setOffline(true);
      await page.reload();
      await takenOver(page);
      expect(await page.getByText(text).count()).toBe(1);
      await page.getByText('Sin conexión.', { exact: true }).waitFor();
      await context.setOffline(false);
    },
    LONG_TEST_MS,
  );

  it(
    'offline on the first visit too: the shell and /config.json kept at install start the app',
    async () => {
      const { context, page } = await visitor();
      await page.goto('/');
      await takenOver(page);
      await controlled(page);
      await context.setOffline(true);
      await page.reload();
      await takenOver(page);
      await page.getByText('Sin conexión.', { exact: true }).waitFor();
      expect(await page.getByText('el sitio no ha podido arrancar').count()).toBe(0);
      await context.setOffline(false);
    },
    LONG_TEST_MS,
  );

  it(
    'a copy that cannot be kept never holds the answer back: with Cache Storage refusing writes, the feed still loads',
    async () => {
      const { context, page } = await visitor();
      await page.goto('/');
      await takenOver(page);
      await controlled(page);
      // A full disk: every write the worker tries is refused, and nothing is kept yet to fall back on.
      const [worker] = context.serviceWorkers();
      expect(worker).toBeDefined();
      await worker!.evaluate(() => {
        Cache.prototype.put = () => Promise.reject(new DOMException('No queda espacio', 'QuotaExceededError'));
      });
      await page.evaluate(async () => {
        for (const name of await caches.keys()) await caches.delete(name);
      });

      const answer = await page.goto('/');
      expect(answer?.status()).toBe(200);
      await takenOver(page);
      expect(await page.locator('main article.post-card').count()).toBeGreaterThan(0);
      expect(await page.getByText('Sin conexión.', { exact: true }).count()).toBe(0);
      expect(await page.getByText('el sitio no ha podido arrancar').count()).toBe(0);
    },
    LONG_TEST_MS,
  );

  it(
    "a second account on the same browser never gets the first one's answers",
    async () => {
      const first = await createUser(cloud, { name: `Primera ${short()}` });
      const second = await createUser(cloud, { name: `Segunda ${short()}` });
      await publishApproved(cloud, first, moderator, { category: 'amor', post: `Quedé con alguien que trajo a su madre ${short()}.` });
      // The notification is written by a stream function: wait for it before «Avisos» reads it.
      await expect
        .poll(
          async () => ((await call<{ items: unknown[] }>(cloud, '/me/notifications', { token: first.idToken })).body.items ?? []).length,
          { timeout: 120_000, interval: 500 },
        )
        .toBeGreaterThan(0);

      const { context, page } = await visitor();
      await signInWithForm(page, first);
      await controlled(page);
      await page.goto('/avisos');
      await page.locator('.notification__what').getByText('Se ha publicado', { exact: true }).waitFor();
      await page.goto('/');
      await takenOver(page);
      // On the phone, Logout is in the account menu.
      await page.locator('header').getByRole('button', { name: 'Menú de tu cuenta' }).click();
      await page.locator('header').getByRole('button', { name: 'Logout' }).click();
      await page.locator('header').getByText('Anonimo', { exact: true }).waitFor();

      await signInWithForm(page, second);
      await page.goto('/avisos');
      await page.getByText(/^Todavía no tienes avisos/).waitFor();
      expect(await page.getByText('Tu anécdota se ha publicado.').count()).toBe(0);
      // Nothing signed-in was ever kept by the worker: no /me answer, no «Avisos» document.
      const kept = await cachedUrls(page);
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.filter((url) => /\/me(\/|$|\?)|\/avisos/.test(new URL(url).pathname))).toEqual([]);

      // Offline, «Avisos» is not served from a copy either (the first account's or anyone's).
      await context.setOffline(true);
      await page.reload();
      expect(await page.getByText('Tu anécdota se ha publicado.').count()).toBe(0);
      await context.setOffline(false);
    },
    LONG_TEST_MS,
  );
});
