/**
 * A tap answers at once, on a phone (375 × 812, touch) whose scripts are slow: every /assets/*.js
 * response is held back at least 4 s, and until the test lets it go, so the taps land before the app
 * runs, for sure. A «¡Vaya día!» or «Guardar» tapped then shows its pressed state within 100 ms
 * (measured in the page: performance.now() at the touch and when aria-pressed turns "true", seen by a
 * MutationObserver), and never goes back while the app takes over; ten taps before and across the
 * take-over (the vote's request held until the last one) make one vote, read back from the API. A
 * refused vote goes back and says why. One's own post offers no vote and no «Denunciar».
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import type { Post } from '../../functions/contract/posts';
import { call } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { cspViolations, launchChromium } from './browser';

const SCREENSHOTS = 'test-results/screenshots';
/** How long a slow phone's network keeps the app's scripts, at the least. */
const SCRIPTS_HELD_MS = 4_000;
/** Each walk goes through cold functions and a held-back app: generous on a loaded machine. */
const WALK_MS = 180_000;
const short = () => randomUUID().slice(0, 6);

let cloud: LocalCloudProcess;
let browser: Browser;
let author: TestUser;
const contexts: BrowserContext[] = [];
const gates: Array<() => void> = [];
let posts: Post[] = [];
/** Tap → aria-pressed "true", in ms, per control: kept beside the screenshots for the record. */
const measured: Record<string, number> = {};

beforeAll(async () => {
  [cloud, browser] = await Promise.all([startLocalCloudProcess({ env: { WEB_MODE: 'dist', SEED: '0' } }), launchChromium()]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  author = await createUser(cloud, { name: `Autora ${short()}` });
  const moderator = await createModerator(cloud);
  posts = [];
  for (const text of [
    'Me quedé encerrado en el baño de la oficina durante la reunión con el cliente más importante.',
    'Pedí una pizza a mi antigua casa y el nuevo inquilino se la comió delante de la cámara del portal.',
    'Saludé con la mano a alguien que saludaba a la persona que estaba detrás de mí, dos veces.',
  ]) {
    posts.push(await publishApproved(cloud, author, moderator, { category: 'varios', post: `${text} ${short()}` }));
  }
}, 300_000);

afterEach(async (context) => {
  for (const release of gates.splice(0)) release();
  if (context.task.result?.state === 'fail') {
    for (const [index, page] of contexts.flatMap((c) => c.pages()).entries()) {
      await page.screenshot({ path: `${SCREENSHOTS}/taps-at-once-failed-${index}.png` }).catch(() => {});
    }
  }
});

afterAll(async () => {
  if (Object.keys(measured).length > 0) writeFileSync('test-results/taps-at-once.json', `${JSON.stringify(measured, null, 2)}\n`);
  await Promise.allSettled(contexts.map((context) => context.close()));
  await browser?.close();
  await cloud?.stop();
});

/**
 * What the page records, from before its own scripts: when each touch began, and every value
 * aria-pressed took on a button with an intent (performance.now(), the page's own clock).
 */
const RECORDER = `(() => {
  window.__touches = [];
  window.__pressed = [];
  addEventListener('touchstart', () => window.__touches.push(performance.now()), { capture: true, passive: true });
  new MutationObserver((records) => {
    for (const record of records) {
      const intent = record.target.getAttribute && record.target.getAttribute('data-intent');
      if (intent) window.__pressed.push({ intent, value: record.target.getAttribute('aria-pressed'), at: performance.now() });
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-pressed'] });
})()`;

type PressRecord = { intent: string; value: string | null; at: number };

/** A phone with touch, signed in as `user` through the login form. */
async function phoneSignedIn(user: TestUser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: cloud.webUrl,
    locale: 'es-ES',
    viewport: { width: 375, height: 812 },
    hasTouch: true,
    isMobile: true,
  });
  contexts.push(context);
  await context.addInitScript(RECORDER);
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  // Signed in as far as the next page's script can tell: Amplify's session is in storage.
  await expect
    .poll(() => page.evaluate<boolean>("Object.keys(localStorage).some((key) => key.endsWith('.LastAuthUser'))"), { timeout: 30_000 })
    .toBe(true);
  // The site's service worker would serve the scripts itself, past the held-back network.
  await page.evaluate(
    'navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister()))) : null',
  );
  return page;
}

/** Holds every response for the app's scripts SCRIPTS_HELD_MS after the first is asked for, and until `release`. */
async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  gates.push(release);
  let held = 0;
  let slowNetwork: Promise<void> | undefined;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held++;
    slowNetwork ??= new Promise((resolve) => setTimeout(resolve, SCRIPTS_HELD_MS));
    await Promise.all([gate, slowNetwork]);
    await route.continue();
  });
  return { release, held: () => held };
}

/** Holds the requests of one method to one API path until `release`; `count` says how many came. */
async function holdRequests(page: Page, method: string, path: string): Promise<{ release: () => void; count: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  gates.push(release);
  let count = 0;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (route.request().method() !== method) return route.continue();
      count++;
      await gate;
      await route.continue();
    },
  );
  return { release, count: () => count };
}

const appRunning = (page: Page) => page.evaluate<boolean>('window.__vayaTaps ? window.__vayaTaps.app === true : false');
const postPath = (post: Post) => `/post/${encodeURIComponent(post.id)}`;
const votesOf = async (post: Post) => (await call<Post>(cloud, `/posts/${post.id}`)).body.votes;
const pressLog = (page: Page) => page.evaluate<PressRecord[]>('window.__pressed');

/** Taps `button` (a touch, at once: a person does not wait for aria-disabled to go) and returns how long aria-pressed took to be "true". */
async function tapAndTime(page: Page, button: ReturnType<Page['locator']>, intent: string): Promise<number> {
  const touchesBefore = (await page.evaluate<number[]>('window.__touches')).length;
  await button.tap({ force: true });
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  const touches = await page.evaluate<number[]>('window.__touches');
  const touchedAt = touches[touchesBefore]!;
  const pressedAt = (await pressLog(page)).find((record) => record.intent === intent && record.value === 'true' && record.at >= touchedAt)!;
  measured[intent.split(':')[0]!] = Math.round((pressedAt.at - touchedAt) * 10) / 10;
  return pressedAt.at - touchedAt;
}

describe('a tap before the scripts have run', () => {
  it(
    'shows «¡Vaya día!» pressed within 100 ms, never unpressed through the take-over, and ten taps make one vote',
    async () => {
      const voter = await createUser(cloud, { name: `Impaciente ${short()}` });
      const post = posts[0]!;
      const before = await votesOf(post);
      const page = await phoneSignedIn(voter);
      const scripts = await holdScripts(page);
      const vote = await holdRequests(page, 'PUT', `/posts/${post.id}/vote`);
      await page.goto(postPath(post), { waitUntil: 'domcontentloaded' });
      const card = page.locator('article.post-card');
      const agree = card.getByRole('button', { name: /Vaya día/ });
      const intent = `vote-agree:${post.id}`;
      await agree.waitFor();
      expect(await appRunning(page)).toBe(false);
      expect(await agree.getAttribute('aria-pressed')).toBe('false');

      const answeredIn = await tapAndTime(page, agree, intent);
      expect(answeredIn).toBeLessThan(100);
      expect(await agree.textContent()).toContain(`¡Vaya día! ${before.agree + 1}`);
      // The pressed look goes with it.
      const [pressedLook, unpressedLook] = await page.evaluate<string[]>(
        "['agree', 'deserved'].map((kind) => getComputedStyle(document.querySelector('article.post-card .vote-button--' + kind)).backgroundColor)",
      );
      expect(pressedLook).not.toBe(unpressedLook);
      // Four more while the scripts are still on their way.
      for (let tap = 2; tap <= 5; tap++) await agree.tap({ force: true });
      expect(await appRunning(page)).toBe(false);
      expect(scripts.held()).toBeGreaterThan(0);

      // The scripts arrive: a tap while they run, one once the app has taken over, the rest while the vote is on its way.
      scripts.release();
      await agree.tap({ force: true });
      await expect.poll(() => appRunning(page), { timeout: 60_000 }).toBe(true);
      await agree.tap({ force: true });
      await expect.poll(() => vote.count(), { timeout: 30_000 }).toBe(1);
      for (let tap = 8; tap <= 10; tap++) await agree.tap({ force: true });
      expect(await agree.getAttribute('aria-pressed')).toBe('true');

      vote.release();
      await expect.poll(() => agree.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
      await page.waitForLoadState('networkidle');
      expect(vote.count()).toBe(1);
      expect(await votesOf(post)).toEqual({ ...before, agree: before.agree + 1 });
      const mine = await call<{ votes: Record<string, string> }>(cloud, `/me/votes?ids=${post.id}`, { token: voter.idToken });
      expect(mine.body.votes).toEqual({ [post.id]: 'agree' });
      expect(await agree.getAttribute('aria-pressed')).toBe('true');
      expect(await agree.textContent()).toContain(`¡Vaya día! ${before.agree + 1}`);
      // From the first tap on, the button never showed unpressed.
      const values = (await pressLog(page)).filter((record) => record.intent === intent).map((record) => record.value);
      expect(values[0]).toBe('true');
      expect(values.filter((value) => value !== 'true')).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/taps-at-once-vote-375.png` });
    },
    WALK_MS,
  );

  it(
    'shows «Guardar» as «Guardada» within 100 ms, and ten taps save it once',
    async () => {
      const reader = await createUser(cloud, { name: `Guardona ${short()}` });
      const post = posts[1]!;
      const page = await phoneSignedIn(reader);
      const scripts = await holdScripts(page);
      const save = await holdRequests(page, 'PUT', `/posts/${post.id}/save`);
      await page.goto(postPath(post), { waitUntil: 'domcontentloaded' });
      const button = page.locator('article.post-card').getByRole('button', { name: /^Guarda/ });
      const intent = `save:${post.id}`;
      await button.waitFor();
      expect(await appRunning(page)).toBe(false);

      expect(await tapAndTime(page, button, intent)).toBeLessThan(100);
      expect(await button.textContent()).toBe('Guardada');
      for (let tap = 2; tap <= 5; tap++) await button.tap({ force: true });

      scripts.release();
      await button.tap({ force: true });
      await expect.poll(() => appRunning(page), { timeout: 60_000 }).toBe(true);
      await button.tap({ force: true });
      await expect.poll(() => save.count(), { timeout: 30_000 }).toBe(1);
      for (let tap = 8; tap <= 10; tap++) await button.tap({ force: true });

      save.release();
      await expect.poll(() => button.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
      await page.waitForLoadState('networkidle');
      expect(save.count()).toBe(1);
      expect(await button.getAttribute('aria-pressed')).toBe('true');
      const saved = await call<{ ids: string[] }>(cloud, `/me/saved/ids?ids=${post.id}`, { token: reader.idToken });
      expect(saved.body.ids).toEqual([post.id]);
      const values = (await pressLog(page)).filter((record) => record.intent === intent).map((record) => record.value);
      expect(values.filter((value) => value !== 'true')).toEqual([]);
    },
    WALK_MS,
  );

  it(
    'a vote the API refuses goes back, count and all, and the card says why',
    async () => {
      const voter = await createUser(cloud, { name: `Frenada ${short()}` });
      const post = posts[2]!;
      const before = await votesOf(post);
      const page = await phoneSignedIn(voter);
      const scripts = await holdScripts(page);
      const origin = new URL(cloud.webUrl).origin;
      // The API is busy: a 429 as its gateway answers when throttled (no body).
      await page.route(
        (url) => url.pathname === `/posts/${post.id}/vote`,
        (route) =>
          route.request().method() === 'PUT'
            ? route.fulfill({ status: 429, headers: { 'access-control-allow-origin': origin }, body: '' })
            : route.continue(),
      );
      await page.goto(postPath(post), { waitUntil: 'domcontentloaded' });
      const card = page.locator('article.post-card');
      const deserved = card.getByRole('button', { name: /Te lo mereces/ });
      await deserved.waitFor();
      expect(await tapAndTime(page, deserved, `vote-deserved:${post.id}`)).toBeLessThan(100);
      expect(await deserved.textContent()).toContain(`Te lo mereces ${before.deserved + 1}`);

      scripts.release();
      await card.getByText('Hay mucho tráfico ahora mismo. Espera un momento y vuelve a intentarlo.').waitFor({ timeout: 60_000 });
      await expect.poll(() => deserved.getAttribute('aria-pressed')).toBe('false');
      expect(await deserved.textContent()).toContain(`Te lo mereces ${before.deserved}`);
      expect(await votesOf(post)).toEqual(before);
    },
    WALK_MS,
  );
});

describe('one’s own post', () => {
  it(
    'shows its counts without vote buttons and offers no «Denunciar»',
    async () => {
      const post = posts[0]!;
      const page = await phoneSignedIn(author);
      await page.goto(postPath(post));
      const card = page.locator('article.post-card');
      await card.getByRole('group', { name: 'Votos de tu anécdota' }).waitFor({ timeout: 30_000 });
      expect(await card.getByRole('button', { name: /Vaya día|Te lo mereces/ }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Denunciar' }).count()).toBe(0);
      expect(await card.getByRole('group', { name: 'Votos de tu anécdota' }).textContent()).toMatch(/¡Vaya día! \d+/);
      await page.screenshot({ path: `${SCREENSHOTS}/taps-at-once-own-post-375.png` });
      expect(cspViolations).toEqual([]);
    },
    WALK_MS,
  );
});
