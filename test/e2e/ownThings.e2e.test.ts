/**
 * One's own things, in Chromium on the built site (375 × 812, touch): one's own anecdote shows its counts
 * and no vote buttons nor «Denunciar» wherever its card appears (its page, the feeds, the Top, search,
 * the author page, «Guardadas»), and one's own comment shows its «+1 / −1» counts without the buttons
 * nor «Denunciar», while someone else's comment keeps both. The API refuses a vote on one's own post or
 * comment, also twenty at once, with a Spanish message and a stable code, and nothing is counted.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Comment } from '../../functions/contract/comments';
import type { ErrorBody } from '../../functions/contract/errors';
import type { Post, PostPage } from '../../functions/contract/posts';
import { call } from '../support/api';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { signInWithForm } from './browser';

const site = builtSiteForFile();
const SCREENSHOTS = 'test-results/screenshots';
const WALK_MS = 300_000;
/** Letters only, so search takes it as one word. */
const word = `zapatilla${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}`;

let author: TestUser;
let reader: TestUser;
let post: Post;
let ownComment: Comment;
let othersComment: Comment;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const tag = randomUUID().slice(0, 6);
  let moderator: TestUser;
  [author, reader, moderator] = await Promise.all([
    createUser(site.cloud, { name: `Propia ${tag}` }),
    createUser(site.cloud, { name: `Lectora ${tag}` }),
    createModerator(site.cloud),
  ]);
  post = await publishApproved(site.cloud, author, moderator, {
    category: 'familia',
    post: `Mi suegra encontró la ${word} que escondí debajo del sofá y la sirvió como centro de mesa.`,
  });
  const comment = async (user: TestUser, text: string) => {
    const made = await call<Comment>(site.cloud, `/posts/${post.id}/comments`, { method: 'POST', token: user.idToken, body: { text } });
    if (made.status !== 201) throw new Error(`comment answered ${made.status}`);
    return made.body;
  };
  ownComment = await comment(author, 'Y encima me pidió la receta.');
  othersComment = await comment(reader, 'Tu suegra es una artista.');
  for (const [path, body] of [
    [`/posts/${post.id}/vote`, { vote: 'agree' }],
    [`/comments/${ownComment.id}/vote`, { vote: 'up' }],
  ] as const)
    expect((await call(site.cloud, path, { method: 'PUT', token: reader.idToken, body })).status).toBe(200);
  expect((await call(site.cloud, `/posts/${post.id}/save`, { method: 'PUT', token: author.idToken })).status).toBe(204);
  // The search index follows the posts stream: wait until the post is findable.
  for (let found = false; !found;) {
    const results = await call<PostPage>(site.cloud, `/search?q=${word}`);
    found = (results.body.items ?? []).some((item) => item.id === post.id);
    if (!found) await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 300_000);

async function phone(user: TestUser): Promise<Page> {
  const context = await site.newContext({
    baseURL: site.cloud.webUrl,
    locale: 'es-ES',
    viewport: { width: 375, height: 812 },
    isMobile: true,
    hasTouch: true,
  });
  return signInWithForm(await context.newPage(), user);
}

/** The card of the post on this page, once the page knows who reads it (its votes say «de tu anécdota»). */
async function ownCard(page: Page): Promise<Locator> {
  const card = page.locator('article.post-card', { hasText: word });
  await card.getByRole('group', { name: 'Votos de tu anécdota' }).waitFor({ timeout: 30_000 });
  return card;
}

describe('one’s own anecdote and comment', () => {
  it(
    'show their counts, without vote buttons nor «Denunciar», on every page the card appears',
    async () => {
      const page = await phone(author);
      const pages = [
        `/post/${encodeURIComponent(post.id)}`,
        '/',
        '/category/familia',
        '/top?period=all',
        `/buscar?q=${word}`,
        `/autor/${encodeURIComponent(author.name!)}`,
        '/guardadas',
      ];
      for (const path of pages) {
        await page.goto(path);
        const card = await ownCard(page);
        expect(await card.getByRole('button', { name: /Vaya día|Te lo mereces/ }).count(), path).toBe(0);
        expect(await card.getByRole('button', { name: 'Denunciar' }).count(), path).toBe(0);
        expect(await card.getByRole('group', { name: 'Votos de tu anécdota' }).textContent(), path).toMatch(
          /¡Vaya día! 1.*Te lo mereces 0/,
        );
      }

      await page.goto(`/post/${encodeURIComponent(post.id)}`);
      await ownCard(page);
      const own = page.locator('li.comment', { hasText: ownComment.text });
      const others = page.locator('li.comment', { hasText: othersComment.text });
      // Someone else's comment: its buttons (once the page knows who reads it) and «Denunciar».
      await others.getByRole('button', { name: /^\+1/ }).waitFor();
      expect(await others.getByRole('button', { name: /^−1/ }).count()).toBe(1);
      expect(await others.getByRole('button', { name: 'Denunciar' }).count()).toBe(1);
      // One's own: the counts, no buttons, no «Denunciar».
      expect(await own.getByText('1 a favor, 0 en contra').count()).toBe(1);
      expect(await own.getByRole('button', { name: /^[+−]1/ }).count()).toBe(0);
      expect(await own.getByRole('button', { name: 'Denunciar' }).count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS}/own-things-post-375.png`, fullPage: true });
    },
    WALK_MS,
  );

  it('are refused by the API, twenty votes at once too, with a Spanish message and a stable code, counting nothing', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        index % 2 === 0
          ? call<ErrorBody>(site.cloud, `/posts/${post.id}/vote`, { method: 'PUT', token: author.idToken, body: { vote: 'agree' } })
          : call<ErrorBody>(site.cloud, `/comments/${ownComment.id}/vote`, {
              method: 'PUT',
              token: author.idToken,
              body: { vote: 'down' },
            }),
      ),
    );
    attempts.forEach((attempt, index) => {
      expect(attempt.status).toBe(403);
      expect(attempt.body.error).toEqual(
        index % 2 === 0
          ? { code: 'OWN_POST', message: 'No puedes votar ni moderar tu propia anécdota.' }
          : { code: 'OWN_COMMENT', message: 'No puedes votar tu propio comentario.' },
      );
    });
    expect((await call<Post>(site.cloud, `/posts/${post.id}`)).body.votes).toEqual({ agree: 1, deserved: 0 });
    const comments = await call<{ items: Comment[] }>(site.cloud, `/posts/${post.id}/comments`);
    expect(comments.body.items.find((comment) => comment.id === ownComment.id)?.votes).toEqual({ up: 1, down: 0 });
  });
});
