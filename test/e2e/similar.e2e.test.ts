/**
 * «¿Se parece a alguna de estas?» in a browser: on a phone (375 × 812, touch), someone writing a story
 * like a published one sees it listed under the form, opens it in the same tab, comes back to the draft
 * as they left it, and sends all the same.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PostPage } from '../../functions/contract/posts';
import { DEMO_MODERATOR } from '../../infra/local/fixtures/demoModerator';
import { call } from '../support/api';
import { publishApproved } from '../support/moderation';
import { createUser, signIn } from '../support/users';
import { seriousA11yViolations, signInWithForm, widerThanWindow } from './browser';
import { builtSiteForFile } from './builtSite';

const SCREENSHOTS = 'test-results/screenshots';
const site = builtSiteForFile({ samples: false });
/** Two accounts, a post through the index and a phone's walk: longer than one page's test on a busy machine. */
const LONG_TEST_MS = 240_000;

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

describe('similar anecdotes in a browser (built site, local cloud)', () => {
  it(
    'shows a published look-alike while a story like it is written at 375 px, keeps the draft through a look at it, and still sends',
    async () => {
      // A word of its own, so the look-alike is this one and the index is known to hold it.
      const token = `zarigüeya${randomUUID()
        .replace(/[^a-f]/g, '')
        .slice(0, 6)}`;
      const published = `Mi ${token} se escapó del transportín en el aeropuerto y recorrió la terminal entera perseguida por la policía.`;
      const moderatorTokens = await signIn(site.cloud, DEMO_MODERATOR);
      const author = await createUser(site.cloud, { name: `Viajera ${randomUUID().slice(0, 6)}` });
      const post = await publishApproved(
        site.cloud,
        author,
        { ...DEMO_MODERATOR, ...moderatorTokens },
        { category: 'varios', post: published },
      );
      await expect
        .poll(async () => (await call<PostPage>(site.cloud, `/search?q=${encodeURIComponent(token)}`)).body.items.length, {
          timeout: 60_000,
        })
        .toBe(1);

      const writer = await createUser(site.cloud, { name: `Escritora ${randomUUID().slice(0, 6)}` });
      const context = await site.newContext({
        baseURL: site.cloud.webUrl,
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        locale: 'es-ES',
      });
      const page = await signInWithForm(await context.newPage(), writer);
      await page.goto('/newpost');
      const field = page.getByLabel('Post');
      const draft = `En la terminal del aeropuerto la policía persiguió a mi ${token}, que se había escapado del transportín.`;
      await field.fill(draft);

      const panel = page.getByRole('region', { name: '¿Se parece a alguna de estas?' });
      const link = panel.getByRole('link', { name: published });
      await link.waitFor({ timeout: 15_000 });
      expect(await widerThanWindow(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/similar-newpost-375.png`, fullPage: true });

      // A look at it in the same tab, and back: the draft is as it was left.
      await link.tap();
      await page.waitForURL((url) => url.pathname === `/post/${post.id}`);
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/newpost');
      await expect.poll(() => field.inputValue()).toBe(draft);

      // Sending is never blocked by the list.
      await page.getByRole('button', { name: 'Enviar' }).tap();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await page
        .locator('.sent-notice')
        .getByText(/en moderación/)
        .waitFor();
      const mine = await call<{ items: { post: string; status: string }[] }>(site.cloud, '/me/posts', { token: writer.idToken });
      expect(mine.body.items.map((item) => [item.post, item.status])).toEqual([[draft, 'pending']]);
    },
    LONG_TEST_MS,
  );
});
