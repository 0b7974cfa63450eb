/**
 * In Chromium on the built site: «Privacidad» and «Aviso legal» opened from the footer on a 375 px touch
 * phone and on a desktop (the page fits the screen, the operator's placeholders and the way to «Mi
 * cuenta» are there); and offline copies that follow the server: a post kept for offline reading, then
 * removed by its author, answers 404 online, and offline it is shown neither on its page nor in the feed.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call } from '../support/api';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { takenOver, widerThanWindow } from './browser';

const site = builtSiteForFile({ samples: false });
const short = () => randomUUID().slice(0, 6);
const LONG_TEST_MS = 300_000;

/** Follows the footer's link `name` and waits for its page, taken over by the app. */
async function followFooter(page: Page, name: string, heading: string): Promise<void> {
  const link = page.locator('footer').getByRole('link', { name, exact: true });
  await link.scrollIntoViewIfNeeded();
  await link.click();
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 30_000 });
}

describe('«Privacidad» and «Aviso legal» from the footer', () => {
  for (const width of [375, 1280]) {
    it(
      `open at ${width} px, fit the screen, and say who runs the site and how to use one's rights`,
      async () => {
        const { page } = await site.visitor(width);
        // The first document of the run may meet the page function cold on a busy machine.
        await page.goto('/', { timeout: 120_000 });
        await takenOver(page);

        await followFooter(page, 'Privacidad', 'Privacidad');
        expect(new URL(page.url()).pathname).toBe('/privacidad');
        expect(await page.title()).toBe('Privacidad · Vaya día');
        const privacy = page.locator('main');
        await privacy.getByText('la región de AWS donde se despliega el sitio', { exact: false }).first().waitFor();
        expect(await privacy.getByText('Descargar mis datos', { exact: false }).count()).toBeGreaterThan(0);
        expect(await privacy.locator('a[href="/cuenta"]').count()).toBeGreaterThan(0);
        expect(await widerThanWindow(page)).toEqual([]);

        await followFooter(page, 'Aviso legal', 'Aviso legal');
        expect(new URL(page.url()).pathname).toBe('/aviso-legal');
        expect(await page.title()).toBe('Aviso legal · Vaya día');
        for (const placeholder of ['[Nombre del titular]', '[NIF del titular]', '[Dirección del titular]', '[Correo de contacto]'])
          expect(await page.locator('main').getByText(placeholder, { exact: true }).count(), placeholder).toBe(1);
        expect(await widerThanWindow(page)).toEqual([]);

        // Loaded directly (the server's document), the same page.
        await page.goto('/privacidad');
        await takenOver(page);
        expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.cloud.webUrl}/privacidad`);
        expect(await page.locator('main h1').textContent()).toBe('Privacidad');
      },
      LONG_TEST_MS,
    );
  }
});

describe('offline copies follow the server', () => {
  it(
    'a removed post answers 404 online, then offline is shown neither on its page nor in the kept feed',
    async () => {
      const [author, moderator] = await Promise.all([createUser(site.cloud, { name: `Borra ${short()}` }), createModerator(site.cloud)]);
      const text = `Mandé el audio equivocado al grupo del trabajo y lo escuchó hasta el jefe ${short()}.`;
      const post = await publishApproved(site.cloud, author, moderator, { category: 'trabajo', post: text });

      const { context, page } = await site.visitor(375);
      await page.goto('/', { timeout: 120_000 });
      await takenOver(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      // Kept for offline reading: the feed and the post's page, read while the worker controls the page.
      await page.reload();
      await takenOver(page);
      await page.getByText(text).first().waitFor();
      await page.goto(`/post/${post.id}`);
      await takenOver(page);
      await page.getByText(text).first().waitFor();

      const removed = await call(site.cloud, `/posts/${post.id}`, { method: 'DELETE', token: author.idToken });
      expect(removed.status).toBe(204);
      // Gone from the feed the server renders (its stream updates the index), as the worker will read it again.
      await expect
        .poll(async () => (await (await fetch(`${site.cloud.webUrl}/`)).text()).includes(post.id), { timeout: 60_000, interval: 500 })
        .toBe(false);

      const answer = await page.goto(`/post/${post.id}`);
      expect(answer?.status()).toBe(404);
      // The worker forgets its copies once the 404 has passed through it: wait for that, not for a time.
      await expect
        .poll(
          () =>
            page.evaluate(async (id) => {
              let showing = 0;
              for (const name of await caches.keys()) {
                const cache = await caches.open(name);
                for (const key of await cache.keys()) if ((await (await cache.match(key))!.text()).includes(id)) showing += 1;
              }
              return showing;
            }, post.id),
          { timeout: 30_000, interval: 250 },
        )
        .toBe(0);

      await context.setOffline(true);
      await page.goto(`/post/${post.id}`).catch(() => undefined);
      expect(await page.getByText(text).count()).toBe(0);
      await page.goto('/');
      await takenOver(page);
      await page.getByText('Sin conexión.', { exact: true }).waitFor();
      expect(await page.getByText(text).count()).toBe(0);
      await context.setOffline(false);
    },
    LONG_TEST_MS,
  );
});
