/**
 * «Avisos» in two browsers: an author signed in on one, a reader on another. The moderator publishes the
 * author's anecdote and the author's bell shows 1 without a reload; the reader comments and the count
 * grows; the author opens «Avisos», which clears the bell, and goes from there to the post.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { OwnPost } from '../../functions/contract/posts';
import { publish } from '../support/api';
import { createModerator, decide } from '../support/moderation';
import { createUser } from '../support/users';
import { cspViolations, seriousA11yViolations, takenOver } from './browser';
import { builtSiteForFile } from './builtSite';

const site = builtSiteForFile({ samples: false });
const header = (page: Page) => page.locator('header');
const short = () => randomUUID().slice(0, 6);
/** Two browsers and a moderator's decision through the stream functions: longer than one page's test on a busy machine. */
const LONG_TEST_MS = 240_000;

describe('«Avisos» in two browsers (built site, local cloud)', () => {
  it(
    'the author hears of the publication and of a comment live, and «Avisos» opens the post',
    async () => {
      const [author, reader, moderator] = await Promise.all([
        createUser(site.cloud, { name: `Autora ${short()}` }),
        createUser(site.cloud, { name: `Lectora ${short()}` }),
        createModerator(site.cloud),
      ]);
      const text = `Me quedé encerrada en el baño de la oficina ${short()}. Vaya día.`;
      const created = await publish(site.cloud, author.idToken, { category: 'trabajo', post: text });
      expect(created.status).toBe(201);
      const { id } = created.body as OwnPost;

      const authorPage = await site.signedIn(author, 375);
      await takenOver(authorPage);
      const bell = header(authorPage).getByRole('link', { name: /^Avisos/ });
      expect(await bell.textContent()).toBe('Avisos');
      // A mark on this document: still there at the end means nothing reloaded the page.
      await authorPage.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });

      expect((await decide(site.cloud, moderator.idToken, id, 'publish')).status).toBe(200);
      await header(authorPage).getByRole('link', { name: 'Avisos 1 sin leer' }).waitFor();

      const readerPage = await site.signedIn(reader);
      await readerPage.goto(`/post/${id}`);
      await takenOver(readerPage);
      await readerPage.getByLabel('Tu comentario').fill('A mí me pasó lo mismo el lunes.');
      await readerPage.getByRole('button', { name: 'Comentar' }).click();
      await readerPage.getByText('A mí me pasó lo mismo el lunes.').first().waitFor();

      await header(authorPage).getByRole('link', { name: 'Avisos 2 sin leer' }).waitFor();
      expect(await authorPage.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      // The reader's own bell heard nothing: a comment on someone else's post is not the reader's news.
      expect(
        await header(readerPage)
          .getByRole('link', { name: /^Avisos/ })
          .textContent(),
      ).toBe('Avisos');

      await header(authorPage).getByRole('link', { name: 'Avisos 2 sin leer' }).click();
      await authorPage.waitForURL((url) => url.pathname === '/avisos');
      // Opening «Avisos» marks what it shows read: the bell clears without a reload.
      await header(authorPage).getByRole('link', { name: 'Avisos', exact: true }).waitFor();
      const list = authorPage.getByRole('group', { name: 'Tus avisos, del más nuevo al más antiguo' });
      await list.getByRole('heading', { name: 'Hoy' }).waitFor();
      const lines = list.getByRole('listitem');
      // One line each: what happened, the anecdote's first words as the link, how long ago.
      expect(await lines.count()).toBe(2);
      expect(await lines.nth(0).textContent()).toMatch(
        new RegExp(`^Nuevo${reader.name} ha comentado «Me quedé encerrada en el baño de la oficina .+» (ahora mismo|hace \\d+ min)$`),
      );
      expect(await lines.nth(1).textContent()).toMatch(/^NuevoSe ha publicado «Me quedé encerrada/);
      expect(await seriousA11yViolations(authorPage)).toEqual([]);

      // Read on the server too: another page load still shows the bell clear.
      await authorPage.reload();
      await takenOver(authorPage);
      await header(authorPage).getByRole('link', { name: 'Avisos', exact: true }).waitFor();
      expect(await list.getByText('Nuevo').count()).toBe(0);

      await list
        .getByRole('link', { name: /^«Me quedé encerrada/ })
        .first()
        .click();
      await authorPage.waitForURL((url) => url.pathname === `/post/${id}`);
      await authorPage.getByText(text).first().waitFor();
      await authorPage.getByText('A mí me pasó lo mismo el lunes.').first().waitFor();
    },
    LONG_TEST_MS,
  );

  it('breaks no Content-Security-Policy rule', () => {
    expect(cspViolations).toEqual([]);
  });
});
