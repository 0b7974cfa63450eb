/**
 * Discovery in a browser: a reader searches from the header's box (accents and word forms don't
 * matter), opens the author's page from a result, saves the anecdote there and finds it in «Guardadas».
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authorPath } from '../../functions/contract/authors';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser } from '../support/users';
import { cspViolations, seriousA11yViolations, takenOver } from './browser';
import { builtSiteForFile } from './builtSite';

const site = builtSiteForFile({ samples: false });
const header = (page: Page) => page.locator('header');
/** A word of letters only that no other post has (search terms are words of letters). */
const uniqueWord = () =>
  `zapa${randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)}tilla`;
/** A search, an author's page, a save and «Guardadas»: several documents and a stream on a busy machine. */
const LONG_TEST_MS = 240_000;

describe('discovery in a browser (built site, local cloud)', () => {
  it(
    'searches from the header, opens the author from a result, saves the anecdote and finds it in «Guardadas»',
    async () => {
      const word = uniqueWord();
      const [author, reader, moderator] = await Promise.all([
        createUser(site.cloud, { name: `Buscada ${randomUUID().slice(0, 5)}` }),
        createUser(site.cloud, { name: `Lectora ${randomUUID().slice(0, 5)}` }),
        createModerator(site.cloud),
      ]);
      const text = `El camión de la mudanza se llevó mis ${word} por error. Vaya día.`;
      await publishApproved(site.cloud, author, moderator, { category: 'varios', post: text });

      const page = await site.signedIn(reader);
      await takenOver(page);
      // Without the accent, and both words required; the index is fed by the posts stream, so the
      // search is asked again until the new post is in it.
      const box = header(page).getByRole('searchbox', { name: 'Buscar anécdotas' });
      const results = page.getByRole('list', { name: /^Resultados de «camion / });
      await expect
        .poll(
          async () => {
            await box.fill(`camion ${word}`);
            await box.press('Enter');
            await page.waitForURL((url) => url.pathname === '/buscar');
            await page.getByRole('heading', { level: 1 }).waitFor();
            return results.getByText(word).count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBeGreaterThan(0);
      expect(new URL(page.url()).searchParams.get('q')).toBe(`camion ${word}`);
      // The query is kept in the results page's own box, and the matched word is marked.
      expect(await page.getByLabel('Palabras que buscas').inputValue()).toBe(`camion ${word}`);
      expect(await results.locator('mark', { hasText: word }).count()).toBeGreaterThan(0);
      expect(await seriousA11yViolations(page)).toEqual([]);

      await results.getByRole('link', { name: author.name! }).first().click();
      await page.waitForURL((url) => url.pathname === authorPath(author.name!));
      // The page's own title: the cards' «Publicado por …» headings name the author too.
      await page.getByRole('heading', { level: 1, name: author.name!, exact: true }).waitFor();
      const card = page.locator('article', { hasText: word });
      await card.getByRole('button', { name: 'Guardar' }).click();
      await card.getByRole('button', { name: 'Guardada', pressed: true }).waitFor();

      await header(page).getByRole('link', { name: 'Guardadas' }).click();
      await page.waitForURL((url) => url.pathname === '/guardadas');
      const saved = page.getByRole('list', { name: 'Anécdotas guardadas, de la última que guardaste a la primera' });
      await saved.getByText(text).waitFor();
      expect(await saved.locator('article').count()).toBe(1);
    },
    LONG_TEST_MS,
  );

  it('breaks no Content-Security-Policy rule', () => {
    expect(cspViolations).toEqual([]);
  });
});
