/**
 * A walk of the site as a newcomer would take it, at 375 × 812 with touch and at 1280 × 800, signed out and
 * signed in, on the pages the other phone tests leave out (a category, the Top as it opens, an empty search,
 * a sample author, the legal pages, a page that does not exist): none wider than the screen, nothing at the
 * end of a page hidden under the phone's bottom bar, and no link that leads nowhere. And one word, one
 * spelling: the name of an author without an apodo is «Anonimo» on every page — its cards, comments,
 * notices, «Mi cuenta» and the server's documents — never «Anónimo». Screenshots are left in
 * test-results/screenshots (walk-<page>-<width>-<signed in|out>.png).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Comment } from '../../functions/contract/comments';
import type { Post, PostPage } from '../../functions/contract/posts';
import { call } from '../support/api';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { signInWithForm, takenOver, widerThanWindow } from './browser';

const site = builtSiteForFile();
const SCREENSHOTS = 'test-results/screenshots';
const WALK_MS = 300_000;
/** Letters only, so search takes it as one word. */
const word = `paraguas${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}`;

const SIZES = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;

let writer: TestUser;
let nameless: TestUser;
let namelessPost: Post;
let deletedPost: Post;
let sampleAuthor: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  let moderator: TestUser;
  let leaving: TestUser;
  [writer, nameless, leaving, moderator] = await Promise.all([
    createUser(site.cloud, { name: `Paseante ${randomUUID().slice(0, 6)}` }),
    createUser(site.cloud),
    createUser(site.cloud, { name: `Se va ${randomUUID().slice(0, 6)}` }),
    createModerator(site.cloud),
  ]);
  const [writersPost, withoutName, ofLeaving] = await Promise.all([
    publishApproved(site.cloud, writer, moderator, {
      category: 'amistad',
      post: `Presté mi ${word} a un amigo un día de tormenta y me lo devolvió en agosto, sin varillas.`,
    }),
    publishApproved(site.cloud, nameless, moderator, {
      category: 'varios',
      post: `Entré sin apodo a contar que el ${word} se me abrió del revés delante de todo el autobús.`,
    }),
    publishApproved(site.cloud, leaving, moderator, {
      category: 'trabajo',
      post: `Borraré mi cuenta después de contar que el ${word} se quedó en la oficina el día del diluvio.`,
    }),
  ]);
  namelessPost = withoutName;
  // A comment without an apodo, on the writer's post: a notice for the writer that names «Anonimo».
  const commented = await call<Comment>(site.cloud, `/posts/${writersPost.id}/comments`, {
    method: 'POST',
    token: nameless.idToken,
    body: { text: 'A mí me pasó lo mismo con una sombrilla.' },
  });
  expect(commented.status).toBe(201);
  expect((await call(site.cloud, '/me', { method: 'DELETE', token: leaving.idToken })).status).toBe(204);
  deletedPost = (await call<Post>(site.cloud, `/posts/${ofLeaving.id}`)).body;
  sampleAuthor = (await call<PostPage>(site.cloud, '/posts?limit=100')).body.items.find((item) => item.name === 'David')!.name;
  // The search index follows the posts stream: wait until the three are findable.
  for (let found = 0; found < 3;) {
    found = ((await call<PostPage>(site.cloud, `/search?q=${word}`)).body.items ?? []).length;
    if (found < 3) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 300_000);

async function visitor(size: keyof typeof SIZES, user?: TestUser): Promise<Page> {
  const context = await site.newContext({ baseURL: site.cloud.webUrl, locale: 'es-ES', ...SIZES[size] });
  const page = await context.newPage();
  if (user) await signInWithForm(page, user);
  return page;
}

/** Opens `path` and waits until the app took it over and its content is in (no spinner nor skeleton left in main). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await takenOver(page);
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await expect.poll(() => page.locator('main .spinner, main .page-spinner, main .list-skeleton').count(), { timeout: 20_000 }).toBe(0);
}

/**
 * Whether, scrolled to the very end, the footer's last link ends above the bottom bar (true when there is
 * no bottom bar). Retries while the page is still growing, so a late render is not taken for an overlap.
 */
async function footerClearsBar(page: Page): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    const atEnd = await page.evaluate<boolean>('Math.ceil(scrollY + innerHeight) >= document.documentElement.scrollHeight');
    const last = await page.locator('footer a').last().boundingBox();
    const bar = await page.locator('header nav').boundingBox();
    const barTop = bar && bar.y > 0.5 * 812 ? bar.y : Infinity;
    const clears = !last || last.y + last.height <= barTop;
    if ((atEnd && clears) || Date.now() > deadline) return clears;
    await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
  }
}

const text = (page: Page) => page.evaluate<string>('document.body.innerText');

describe('one spelling of «Anonimo»', () => {
  it(
    'is on the cards and comments of an author without an apodo and of a deleted account, on every page, never «Anónimo»',
    async () => {
      expect(namelessPost.name).toBe('Anonimo');
      expect(deletedPost.name).toBe('Anonimo');
      const seen: string[] = [];
      const readBy = async (page: Page, paths: string[]) => {
        for (const path of paths) {
          await open(page, path);
          const shown = await text(page);
          expect(shown, path).not.toMatch(/anónimo/i);
          if (shown.includes('Anonimo')) seen.push(path);
        }
      };
      const postPath = (post: Post) => `/post/${encodeURIComponent(post.id)}`;
      const reader = await visitor('phone');
      await readBy(reader, ['/', postPath(namelessPost), postPath(deletedPost), `/buscar?q=${word}`, '/privacidad']);
      // The card itself is signed so (the header names a visitor «Anonimo» on every page).
      await open(reader, postPath(deletedPost));
      expect(await reader.locator('article.post-card').first().innerText()).toMatch(/Publicado por\s+Anonimo/);
      // Signed in without an apodo: the header, the prompt and «Mi cuenta» name the signature.
      await readBy(await visitor('phone', nameless), ['/', '/cuenta']);
      // The writer's notice of the comment made without an apodo.
      await readBy(await visitor('desktop', writer), ['/avisos']);
      expect(seen).toEqual([
        '/',
        postPath(namelessPost),
        postPath(deletedPost),
        `/buscar?q=${word}`,
        '/privacidad',
        '/',
        '/cuenta',
        '/avisos',
      ]);

      // The server's documents, before any script: the same word.
      for (const path of ['/', postPath(namelessPost), postPath(deletedPost), `/buscar?q=${word}`, '/top?period=all', '/privacidad']) {
        const html = await (await fetch(new URL(path, site.cloud.webUrl))).text();
        expect(html, path).not.toMatch(/an(ó|&oacute;|&#243;|\\u00f3)nimo/i);
      }
    },
    WALK_MS,
  );
});

describe('a newcomer’s walk, at 375 px with touch and at 1280 px, signed out and in', () => {
  for (const size of ['phone', 'desktop'] as const) {
    for (const signedIn of [false, true]) {
      it(
        `finds no page wider than the screen, nothing hidden under the bottom bar, no link to nowhere (${size}, signed ${signedIn ? 'in' : 'out'})`,
        async () => {
          const page = await visitor(size, signedIn ? writer : undefined);
          const width = SIZES[size].viewport.width;
          const problems: string[] = [];
          const links = new Set<string>();
          const pages: [string, string][] = [
            ['categoria', '/category/amor'],
            ['top', '/top'],
            ['buscar', '/buscar'],
            ['autor-muestra', `/autor/${encodeURIComponent(sampleAuthor)}`],
            ['privacidad', '/privacidad'],
            ['aviso-legal', '/aviso-legal'],
            ['no-existe', '/no-existe'],
          ];
          for (const [name, path] of pages) {
            await open(page, path);
            await page.screenshot({ path: `${SCREENSHOTS}/walk-${name}-${width}-${signedIn ? 'in' : 'out'}.png`, fullPage: true });
            const [scrollWidth, innerWidth] = await page.evaluate<[number, number]>('[document.documentElement.scrollWidth, innerWidth]');
            if (scrollWidth > innerWidth) problems.push(`${path}: ${scrollWidth} px wide (${(await widerThanWindow(page)).join(', ')})`);
            // At the end of the page, its last line (the footer's last link) is above the bottom bar, if there is one.
            // A part that renders late (a signed-in reader's votes, a live notice) can lengthen the page after
            // the scroll: scroll again until the end is really reached, for a few seconds at most.
            if (!(await footerClearsBar(page))) problems.push(`${path}: the footer's last link is under the bottom bar`);
            for (const href of await page.evaluate<string[]>(
              '[...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")).filter((href) => href.startsWith("/") && !href.startsWith("//"))',
            ))
              links.add(href);
          }
          // Every link of the site these pages offer leads somewhere (a redirect is followed).
          for (const href of links) {
            const response = await fetch(new URL(href, site.cloud.webUrl));
            if (response.status >= 400) problems.push(`the link ${href} answers ${response.status}`);
          }
          expect(problems).toEqual([]);
        },
        WALK_MS,
      );
    }
  }
});
