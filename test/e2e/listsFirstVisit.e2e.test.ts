/**
 * A signed-in reader opening a list page by its address (a full load, 1280 × 800): the list's first
 * request goes out beside `GET /me`, not after its answer — the page needs the session's token, which
 * Amplify holds in the browser, never the account's apodo —, and the page, once the session is known,
 * shows one skeleton per list while it loads, never a spinner.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request, Route } from 'playwright-core';
import { createModerator, publishApproved } from '../support/moderation';
import { type TestUser } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { signInWithForm } from './browser';

const site = builtSiteForFile({ samples: false });
let moderator: TestUser;

beforeAll(async () => {
  moderator = await createModerator(site.cloud);
  await publishApproved(site.cloud, moderator, await createModerator(site.cloud), {
    category: 'trabajo',
    post: `Abrí mis listas nada más entrar y esperaron a que la web supiera mi apodo ${randomUUID().slice(0, 6)}.`,
  });
}, 300_000);

/**
 * What the page did, in its own order: each API request sent (`send /me/saved`) and answered
 * (`answer /me`), and each loading indicator that appeared in the page's content (`spinner <label>`,
 * `skeleton <label>`).
 */
const RECORDER = `(() => {
  const events = (window.__events = []);
  const apiPath = (input) => new URL(String(input && input.url ? input.url : input), location.href).pathname;
  const original = window.fetch;
  window.fetch = function (input, init) {
    const path = apiPath(input);
    events.push('send ' + path);
    const answer = original.apply(this, arguments);
    answer.then(() => events.push('answer ' + path), () => events.push('fail ' + path));
    return answer;
  };
  const seen = new Set();
  new MutationObserver(() => {
    for (const element of document.querySelectorAll('main .page-spinner, main .list-skeleton')) {
      if (seen.has(element)) continue;
      seen.add(element);
      const kind = element.classList.contains('page-spinner') ? 'spinner' : 'skeleton';
      events.push(kind + ' ' + (element.textContent || '').trim());
    }
  }).observe(document, { subtree: true, childList: true });
})()`;

const LISTS: { path: string; list: string }[] = [
  { path: '/avisos', list: '/me/notifications' },
  { path: '/guardadas', list: '/me/saved' },
  { path: '/mis-anecdotas', list: '/me/posts' },
  { path: '/moderar', list: '/moderation/next' },
];

/**
 * Opens `path` with `GET /me` held back until the list's request has gone out (or 20 s, after which the
 * test fails on the order): how fast the local API answers `/me` beside how busy the browser is must not
 * decide the order, only whether the page waits for that answer.
 */
async function eventsOfFirstVisit(page: Page, path: string, list: string): Promise<string[]> {
  let listSent!: () => void;
  const sent = new Promise<void>((resolve) => (listSent = resolve));
  const bound = setTimeout(listSent, 20_000);
  const onRequest = (request: Request) => {
    if (new URL(request.url()).pathname === list) listSent();
  };
  const isMe = (url: URL) => url.pathname === '/me';
  const holdMe = async (route: Route) => {
    if (route.request().method() === 'GET') await sent;
    await route.continue();
  };
  page.on('request', onRequest);
  await page.route(isMe, holdMe);
  try {
    await page.goto(path);
    await page.locator('main h1').first().waitFor();
    await expect.poll(() => page.locator('main .list-skeleton, main .page-spinner').count(), { timeout: 30_000 }).toBe(0);
    // The list may well be shown before GET /me answers (that is the point): wait for that answer too.
    await expect.poll(() => page.evaluate<boolean>("window.__events.includes('answer /me')"), { timeout: 30_000 }).toBe(true);
    return await page.evaluate<string[]>('window.__events');
  } finally {
    clearTimeout(bound);
    page.off('request', onRequest);
    await page.unroute(isMe, holdMe);
  }
}

describe('a signed-in first visit to a list page', () => {
  it('sends the list request before GET /me has answered, and shows no spinner once the session is known', async () => {
    const context = await site.newContext({ baseURL: site.cloud.webUrl, locale: 'es-ES', viewport: { width: 1280, height: 800 } });
    await context.addInitScript(RECORDER);
    const page = await context.newPage();
    await signInWithForm(page, moderator);
    for (const { path, list } of LISTS) {
      const events = await eventsOfFirstVisit(page, path, list);
      const sent = events.indexOf(`send ${list}`);
      const meAnswered = events.indexOf('answer /me');
      expect(sent, `${path}: ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(meAnswered, `${path}: ${events.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(sent, `${path} asked for its list after GET /me answered: ${events.join(', ')}`).toBeLessThan(meAnswered);
      // Once the session is known, the lists load under their skeletons: no spinner stacks on top.
      const known = events.indexOf('spinner Comprobando tu sesión…');
      const after = events.slice(known + 1).filter((event) => event.startsWith('spinner '));
      expect(after, `${path}: ${events.join(', ')}`).toEqual([]);
      expect(
        events.some((event) => event.startsWith('skeleton ')),
        `${path}: ${events.join(', ')}`,
      ).toBe(true);
    }
  }, 300_000);
});
