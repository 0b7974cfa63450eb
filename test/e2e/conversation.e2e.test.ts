/**
 * The conversation under a post in a browser, on a phone (375 × 812, touch) and on a desktop (1280 px),
 * against the built site and the local cloud. Two readers on two devices: A comments; B answers with
 * «Responder», and the reply shows under A's comment on B's screen and, live, on A's (no reload), whose
 * bell and «Avisos» say so (A's apodo has a space, which «Responder» writes `_` so that the mention holds); B gives A's comment «+1» and the button is pressed with its count moved before
 * the API has answered, while A's own comment offers no vote; A answers B's reply, which joins the same
 * thread with B's `@apodo` as a link and reaches B as a reply (one notice, not a mention too); past three replies the thread says
 * «Ver N respuestas más» and shows the rest; «Mejores» and «Recientes» reorder the comments and the choice
 * survives a reload. Screenshots in test-results/screenshots (conversation-<step>-<width>.png).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { authorPath } from '../../functions/contract/authors';
import type { Comment } from '../../functions/contract/comments';
import { mentionOf } from '../../functions/contract/mentions';
import { call } from '../support/api';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { cspViolations, seriousA11yViolations, signInWithForm, takenOver, widerThanWindow } from './browser';
import { builtSiteForFile } from './builtSite';

const SCREENSHOTS = 'test-results/screenshots';
const site = builtSiteForFile({ samples: false });
/** Four accounts, a published post and two browsers walking a thread: longer than one page's test on a busy machine. */
const LONG_TEST_MS = 300_000;
/** A unique apodo; with `space`, one that «Responder» must write as one mention (`@Lectora_1a2b3c`). */
const apodo = (prefix: string, space = false) => `${prefix}${space ? ' ' : '-'}${randomUUID().slice(0, 6)}`;

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

type Device = { name: string; width: number; touch: boolean };
const PHONE: Device = { name: 'phone', width: 375, touch: true };
const DESKTOP: Device = { name: 'desktop', width: 1280, touch: false };

/** A signed-in reader on `device`: a phone has touch and a phone's viewport, as the site is made for. */
async function reader(device: Device, user: TestUser): Promise<Page> {
  const context = await site.newContext({
    baseURL: site.cloud.webUrl,
    viewport: { width: device.width, height: device.touch ? 812 : 900 },
    isMobile: device.touch,
    hasTouch: device.touch,
    locale: 'es-ES',
  });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return signInWithForm(page, user);
}

/** A tap on a phone, a click on a desktop. */
const press = (device: Device, target: Locator) => (device.touch ? target.tap() : target.click());

/** The comment (top-level or reply) whose own text is `text`, with what is under it. */
function commentWith(page: Page, text: string): Locator {
  return page.locator('li.comment').filter({ has: page.locator(':scope > p.comment__text', { hasText: text }) });
}

/** The texts of the top-level comments, in the order the page shows them. */
function topLevelTexts(page: Page): Promise<string[]> {
  return page.locator('ol.comments__list > li.comment > p.comment__text').allTextContents();
}

async function comment(user: TestUser, postId: string, text: string, parentId?: string): Promise<Comment> {
  const answer = await call<Comment>(site.cloud, `/posts/${postId}/comments`, {
    method: 'POST',
    token: user.idToken,
    body: parentId === undefined ? { text } : { text, parentId },
  });
  if (answer.status !== 201) throw new Error(`POST comment answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function upvote(user: TestUser, commentId: string): Promise<void> {
  const answer = await call(site.cloud, `/comments/${commentId}/vote`, { method: 'PUT', token: user.idToken, body: { vote: 'up' } });
  if (answer.status !== 200) throw new Error(`PUT vote answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

describe('the conversation under a post (built site, local cloud)', () => {
  for (const device of [PHONE, DESKTOP]) {
    it(
      `replies, votes, threads and orders comments on a ${device.name} (${device.width} px)`,
      async () => {
        const tag = randomUUID().slice(0, 6);
        const [writer, a, b, moderator] = await Promise.all([
          createUser(site.cloud, { name: apodo('Escritora') }),
          createUser(site.cloud, { name: apodo('Lectora', true) }),
          createUser(site.cloud, { name: apodo('Lector') }),
          createModerator(site.cloud),
        ]);
        const post = await publishApproved(site.cloud, writer, moderator, {
          category: 'trabajo',
          post: `Llegué a la entrevista con la camisa del revés y nadie me lo dijo hasta el final (${tag}).`,
        });
        const [pageA, pageB] = await Promise.all([reader(device, a), reader(device, b)]);
        const shot = (page: Page, step: string) =>
          page.screenshot({ path: `${SCREENSHOTS}/conversation-${step}-${device.width}.png`, fullPage: true });

        // A comments from the form under the post.
        const textA = `A mí me pasó con los zapatos cambiados (${tag}).`;
        await pageA.goto(`/post/${post.id}`);
        await takenOver(pageA);
        await pageA.getByLabel('Tu comentario').fill(textA);
        await press(device, pageA.getByRole('button', { name: 'Comentar' }));
        const ownOnA = commentWith(pageA, textA);
        await ownOnA.waitFor();
        // One's own comment shows its counts and offers no vote (once GET /me has said whose apodo this is).
        await expect.poll(() => ownOnA.getByRole('group', { name: 'Votar el comentario' }).count(), { timeout: 15_000 }).toBe(0);
        await ownOnA.getByText('0 a favor, 0 en contra').waitFor();

        // B opens the post and answers A's comment: the form opens under it with A's @apodo.
        await pageB.goto(`/post/${post.id}`);
        await takenOver(pageB);
        const aOnB = commentWith(pageB, textA);
        await press(device, aOnB.getByRole('button', { name: 'Responder' }));
        const replyField = aOnB.getByLabel('Tu respuesta');
        expect(await replyField.inputValue()).toBe(`${mentionOf(a.name!)} `);
        const textB = `${mentionOf(a.name!)} ¡los zapatos son peores, no hay quien lo disimule! (${tag})`;
        await replyField.fill(textB);
        await press(device, aOnB.getByRole('button', { name: 'Responder' }));
        const threadOnB = pageB.getByRole('list', { name: `Respuestas a ${a.name}` });
        await threadOnB.getByText('¡los zapatos son peores').waitFor();
        // The mention of A (whose apodo has a space) is a link to A's page.
        const mentionOfA = threadOnB.getByRole('link', { name: mentionOf(a.name!) });
        await mentionOfA.waitFor();
        expect(await mentionOfA.getAttribute('href')).toBe(authorPath(a.name!));
        expect(await pageB.getByRole('heading', { name: '2 comentarios' }).count()).toBe(1);
        expect(await widerThanWindow(pageB)).toEqual([]);
        await shot(pageB, 'reply');

        // On A's screen, without a reload: the reply under A's comment, and the bell.
        const threadOnA = pageA.getByRole('list', { name: `Respuestas a ${a.name}` });
        await threadOnA.getByText('¡los zapatos son peores').waitFor({ timeout: 15_000 });
        await pageA
          .locator('header')
          .getByRole('link', { name: /^Avisos \d+ sin leer$/ })
          .waitFor({ timeout: 15_000 });

        // B's «+1» on A's comment: pressed, and counted, before the API has answered.
        let release!: () => void;
        const answered = new Promise<void>((resolve) => (release = resolve));
        await pageB.route('**/comments/*/vote', async (route) => {
          await answered;
          await route.continue();
        });
        const votesOnB = aOnB.getByRole('group', { name: 'Votar el comentario' }).first();
        await press(device, votesOnB.getByRole('button', { name: '+1 0', exact: true }));
        const up = votesOnB.getByRole('button', { name: '+1 1', exact: true });
        await up.waitFor({ timeout: 2_000 });
        expect(await up.getAttribute('aria-pressed')).toBe('true');
        expect(await votesOnB.getByRole('button', { name: '−1 0', exact: true }).getAttribute('aria-pressed')).toBe('false');
        const saved = pageB.waitForResponse((response) => /\/comments\/[^/]+\/vote$/.test(response.url()) && response.status() === 200);
        release();
        await saved;
        await pageB.unroute('**/comments/*/vote');
        expect(await up.getAttribute('aria-pressed')).toBe('true');
        // B's own reply offers B no vote either.
        expect(await commentWith(pageB, '¡los zapatos son peores').getByRole('group', { name: 'Votar el comentario' }).count()).toBe(0);
        // The count reaches A's screen live.
        await ownOnA.getByText('1 a favor, 0 en contra').first().waitFor({ timeout: 15_000 });

        // A answers B's reply: it joins the same thread (one level), with B's @apodo as a link.
        const bOnA = commentWith(pageA, '¡los zapatos son peores');
        await press(device, bOnA.getByRole('button', { name: 'Responder' }));
        const secondField = bOnA.getByLabel('Tu respuesta');
        expect(await secondField.inputValue()).toBe(`${mentionOf(b.name!)} `);
        await secondField.fill(`@${b.name} lo de la camisa no lo supera nadie (${tag})`);
        await press(device, bOnA.getByRole('button', { name: 'Responder' }));
        const answerOnA = commentWith(pageA, 'lo de la camisa no lo supera nadie');
        await answerOnA.waitFor();
        expect(await threadOnA.locator(':scope > li.comment').count()).toBe(2);
        const mention = answerOnA.getByRole('link', { name: `@${b.name}` });
        await mention.waitFor();
        expect(await mention.getAttribute('href')).toBe(authorPath(b.name!));

        // B hears of it as a reply (the @apodo «Responder» wrote is no second notice), and A of B's reply, in «Avisos».
        await pageB.goto('/avisos');
        await pageB.getByText(`${a.name} ha respondido a tu comentario en`).waitFor({ timeout: 15_000 });
        expect(await pageB.getByText(`${a.name} te ha mencionado`).count()).toBe(0);
        await press(device, pageA.locator('header').getByRole('link', { name: /^Avisos/ }));
        await pageA.waitForURL((url) => url.pathname === '/avisos');
        await pageA.getByText(`${b.name} ha respondido a tu comentario en`).waitFor();
        expect(await pageA.getByText(`${b.name} te ha mencionado`).count()).toBe(0);
        expect(await widerThanWindow(pageA)).toEqual([]);
        await shot(pageA, 'avisos');

        // Past three replies: the first three, and «Ver N respuestas más» for the rest.
        const [top] = (await call<{ items: Comment[] }>(site.cloud, `/posts/${post.id}/comments`)).body.items;
        expect(top?.text).toBe(textA);
        for (const [index, who] of [writer, moderator, b].entries())
          await comment(who, post.id, `Respuesta número ${index + 3} (${tag})`, top!.id);
        await pageB.goto(`/post/${post.id}`);
        await takenOver(pageB);
        const threadOnB2 = pageB.getByRole('list', { name: `Respuestas a ${a.name}` });
        await threadOnB2.locator(':scope > li.comment').nth(2).waitFor();
        expect(await threadOnB2.locator(':scope > li.comment').count()).toBe(3);
        expect(await pageB.getByText(`Respuesta número 4 (${tag})`).count()).toBe(0);
        await press(device, pageB.getByRole('button', { name: 'Ver 2 respuestas más' }));
        await pageB.getByText(`Respuesta número 5 (${tag})`).waitFor();
        expect(await threadOnB2.locator(':scope > li.comment').count()).toBe(5);
        expect(await pageB.getByRole('button', { name: /^Ver \d+ respuestas? más$/ }).count()).toBe(0);
        expect(await widerThanWindow(pageB)).toEqual([]);
        expect(await seriousA11yViolations(pageB)).toEqual([]);
        await shot(pageB, 'thread');

        // «Mejores» / «Recientes»: a later comment with more «+1» goes first in «Mejores», and the choice is remembered.
        const later = await comment(writer, post.id, `Pues yo fui en pijama a una videollamada (${tag}).`);
        await Promise.all([upvote(a, later.id), upvote(b, later.id), upvote(moderator, later.id)]);
        await pageB.reload();
        await takenOver(pageB);
        await expect.poll(() => topLevelTexts(pageB)).toEqual([textA, later.text]);
        const order = pageB.getByRole('group', { name: 'Orden de los comentarios' });
        expect(await order.getByRole('button', { name: 'Recientes' }).getAttribute('aria-pressed')).toBe('true');
        await press(device, order.getByRole('button', { name: 'Mejores' }));
        await expect.poll(() => topLevelTexts(pageB)).toEqual([later.text, textA]);
        expect(await order.getByRole('button', { name: 'Mejores' }).getAttribute('aria-pressed')).toBe('true');
        await pageB.reload();
        await takenOver(pageB);
        await expect.poll(() => topLevelTexts(pageB)).toEqual([later.text, textA]);
        expect(await order.getByRole('button', { name: 'Mejores' }).getAttribute('aria-pressed')).toBe('true');
        await shot(pageB, 'best');
        await press(device, order.getByRole('button', { name: 'Recientes' }));
        await expect.poll(() => topLevelTexts(pageB)).toEqual([textA, later.text]);
        expect(await widerThanWindow(pageB)).toEqual([]);
        expect(cspViolations).toEqual([]);
      },
      LONG_TEST_MS,
    );
  }
});
