/**
 * Votes and the Top in a browser: a signed-in reader votes on a card, a second browser sees the count
 * move live, the pressed state survives a reload, a signed-out reader is asked to sign in, and /top
 * ranks by period and by either vote.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PostPage } from '../../functions/contract/posts';
import { createUser } from '../support/users';
import { seriousA11yViolations, takenOver } from './browser';
import { builtSiteForFile } from './builtSite';

const SCREENSHOTS = 'test-results/screenshots';
const site = builtSiteForFile();

async function visitor(width = 1280): Promise<Page> {
  return (await site.visitor(width)).page;
}

async function signedInVisitor(width = 1280): Promise<Page> {
  return site.signedIn(await createUser(site.cloud, { name: `Votante ${randomUUID().slice(0, 4)}` }), width);
}

/** The card whose text is `text`, and its two vote buttons. */
function card(page: Page, text: string) {
  const article = page.locator('article.post-card', { has: page.locator('.post-card__text', { hasText: text }) });
  return {
    article,
    agree: article.getByRole('button', { name: /Vaya día/ }),
    deserved: article.getByRole('button', { name: /Te lo mereces/ }),
  };
}

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

describe('votes in a browser', () => {
  let text: string;

  it('votes on a card, shows it pressed with its count, and a second browser sees the count change live', async () => {
    const voter = await signedInVisitor();
    const reader = await visitor(375);
    await reader.goto('/');
    await takenOver(reader);
    await reader.getByText('En directo').waitFor();
    text = (await voter.locator('.feed .post-card__text').first().textContent())!;
    const mine = card(voter, text);
    const theirs = card(reader, text);
    await expect.poll(() => theirs.agree.textContent(), { timeout: 10_000 }).toBe('¡Vaya día! 0');

    await mine.agree.click();
    // The first vote starts the vote function (a cold start): allow it a few seconds.
    await expect.poll(() => mine.agree.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await mine.agree.textContent()).toBe('¡Vaya día! 1');
    await expect.poll(() => theirs.agree.textContent(), { timeout: 10_000 }).toBe('¡Vaya día! 1');

    // Switching moves the vote; the other page follows.
    await mine.deserved.click();
    await expect.poll(() => mine.deserved.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(await mine.agree.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(() => theirs.deserved.textContent(), { timeout: 10_000 }).toBe('Te lo mereces 1');
    expect(await theirs.agree.textContent()).toBe('¡Vaya día! 0');

    // The pressed state comes back after a reload (one GET /me/votes for the page).
    const asked: string[] = [];
    voter.on('request', (request) => {
      if (new URL(request.url()).pathname === '/me/votes') asked.push(request.url());
    });
    await voter.reload();
    await expect.poll(() => card(voter, text).deserved.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(asked).toHaveLength(1);

    // A signed-out reader is asked to sign in.
    await theirs.agree.click();
    await theirs.article.getByText('Inicia sesión para votar.').waitFor();
    expect(await theirs.article.getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe('/login');
  });

  it('ranks on /top by period and by either vote, from the header link', async () => {
    // The Top follows the posts stream within about a second (the older samples come ranked already).
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${site.cloud.config.apiUrl}/posts/top?period=all&by=deserved&limit=50`)).json()) as PostPage).items.map(
            (post) => post.post,
          ),
        { timeout: 10_000 },
      )
      .toContain(text);
    const page = await visitor();
    await page.goto('/');
    await takenOver(page);
    await page.locator('header').getByRole('link', { name: 'Top' }).click();
    await page.waitForURL((url) => url.pathname === '/top');
    // It opens on the first period with votes (this week, here), and says which.
    await expect.poll(() => page.getByRole('link', { name: 'Esta semana' }).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('.top-title__period').textContent()).toContain('esta semana');
    await page.getByRole('link', { name: 'Siempre' }).click();
    await page.getByRole('link', { name: /Más «Te lo mereces»/ }).click();
    await page.waitForURL((url) => url.search === '?period=all&by=deserved');
    await expect.poll(() => page.locator('.feed .post-card__text').allTextContents(), { timeout: 10_000 }).toContain(text);
    expect(await page.title()).toMatch(/Top/);
    for (const width of [375, 1280]) {
      const shot = await visitor(width);
      // The ranking this walk voted in (the Top lists only posts with a vote of its kind).
      await shot.goto('/top?period=all&by=deserved');
      await takenOver(shot);
      await shot.locator('.feed .post-card').first().waitFor();
      expect(await seriousA11yViolations(shot), `/top at ${width}px`).toEqual([]);
      await shot.screenshot({ path: `${SCREENSHOTS}/top-${width}.png`, fullPage: true });
    }
  });
});
