/**
 * The site in a phone's hand (375 × 812, touch) and on a desktop (1280 × 800), in Chromium on the built
 * site: no page wider than the screen and axe clean, signed in and out; the bell and every signed-in
 * destination one tap from the home page on the phone; the first anecdote in the top 40 % of the phone's
 * screen with its whole card above the bottom bar; the first visit's note; «Compartir»'s plain links on a
 * desktop; «Saltar al contenido» as the first Tab stop. Screenshots of every page at both sizes are left
 * in test-results/screenshots (phone-<page>-<width>-<signed in|out>.png): pictures, not assertions.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContextOptions, Page } from 'playwright-core';
import type { Post } from '../../functions/contract/posts';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { a11yViolations, signInWithForm, signedInHeader, takenOver, widerThanWindow } from './browser';

const site = builtSiteForFile();
const SCREENSHOTS = 'test-results/screenshots';
const short = () => randomUUID().slice(0, 6);

const SIZES = {
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
} satisfies Record<string, BrowserContextOptions>;
type Size = keyof typeof SIZES;

/** Each walk loads a dozen pages through cold functions: generous on a loaded machine. */
const WALK_MS = 300_000;

let author: TestUser;
let moderator: TestUser;
let post: Post;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  [author, moderator] = await Promise.all([createUser(site.cloud, { name: `Movil ${short()}` }), createModerator(site.cloud)]);
  post = await publishApproved(site.cloud, author, moderator, {
    category: 'trabajo',
    post: `Presenté el informe con la pantalla compartida y el chat de la familia abierto al lado ${short()}.`,
  });
}, 300_000);

/** A new visitor (own storage) at `size`, signed in with the site's form as `user` if given. */
async function visitor(size: Size, user?: TestUser): Promise<Page> {
  const context = await site.newContext({ baseURL: site.cloud.webUrl, locale: 'es-ES', ...SIZES[size] });
  const page = await context.newPage();
  if (user) await signInWithForm(page, user);
  return page;
}

/** Opens `path` and waits until the app took it over and the page's content is in (no spinner left in main). */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await takenOver(page);
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await expect.poll(() => page.locator('main .spinner, main .page-spinner').count(), { timeout: 20_000 }).toBe(0);
}

const pagesFor = (signedIn: boolean): [string, string][] => [
  ['home', '/'],
  ['post', `/post/${encodeURIComponent(post.id)}`],
  ['top', '/top?period=all'],
  ['buscar', '/buscar?q=informe'],
  ['autor', `/autor/${encodeURIComponent(author.name!)}`],
  ['publicar', '/newpost'],
  ['avisos', '/avisos'],
  ['mis-anecdotas', '/mis-anecdotas'],
  ['guardadas', '/guardadas'],
  ['cuenta', '/cuenta'],
  ['moderar', '/moderar'],
  ...(signedIn
    ? ([
        ['suspensiones', '/moderar/suspensiones'],
        ['registro', '/moderar/registro'],
      ] as [string, string][])
    : ([
        ['login', '/login'],
        ['register', '/register'],
      ] as [string, string][])),
];

describe('every page, at 375 px with touch and at 1280 px', () => {
  for (const size of ['phone', 'desktop'] as const) {
    for (const signedIn of [false, true]) {
      it(
        `is no wider than the screen and axe finds nothing (${size}, signed ${signedIn ? 'in as a moderator' : 'out'})`,
        async () => {
          const page = await visitor(size, signedIn ? moderator : undefined);
          const width = SIZES[size].viewport.width;
          const problems: string[] = [];
          for (const [name, path] of pagesFor(signedIn)) {
            await openPage(page, path);
            await page.screenshot({ path: `${SCREENSHOTS}/phone-${name}-${width}-${signedIn ? 'in' : 'out'}.png` });
            const [scrollWidth, innerWidth] = await page.evaluate<[number, number]>('[document.documentElement.scrollWidth, innerWidth]');
            if (scrollWidth > innerWidth) problems.push(`${path}: ${scrollWidth} px wide (${(await widerThanWindow(page)).join(', ')})`);
            for (const violation of await a11yViolations(page))
              problems.push(
                `${path}: axe ${violation.id} (${violation.help}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
              );
          }
          expect(problems).toEqual([]);
        },
        WALK_MS,
      );
    }
  }
});

describe('the phone (375 × 812, touch)', () => {
  it(
    'has the bell and every signed-in destination one tap from the home page',
    async () => {
      const page = await visitor('phone', moderator);
      const header = page.locator('header');
      const menuButton = header.getByRole('button', { name: 'Menú de tu cuenta' });
      // A tap is one touch on one control (locator.tap()). "One tap away" means the control is on the
      // home page as it loads, or in the account menu that one tap on its button opens: at most two
      // touches, the menu's and the item's. Every control touched is inside the screen (no sideways
      // scrolling: the page is no wider than the screen, so nothing can be beyond its right edge).
      const destinations: { name: string | RegExp; role: 'link' | 'button'; arrives: (url: URL) => boolean }[] = [
        { name: /^Avisos/, role: 'link', arrives: (url) => url.pathname === '/avisos' },
        { name: 'Publicar', role: 'link', arrives: (url) => url.pathname === '/newpost' },
        { name: 'Moderar', role: 'link', arrives: (url) => url.pathname === '/moderar' },
        { name: 'Top', role: 'link', arrives: (url) => url.pathname === '/top' },
        { name: 'Aleatorio', role: 'link', arrives: (url) => url.pathname.startsWith('/post/') },
        { name: 'Mis anécdotas', role: 'link', arrives: (url) => url.pathname === '/mis-anecdotas' },
        { name: 'Guardadas', role: 'link', arrives: (url) => url.pathname === '/guardadas' },
        { name: 'Mi cuenta', role: 'link', arrives: (url) => url.pathname === '/cuenta' },
      ];
      const onScreen = async (target: ReturnType<Page['locator']>) => {
        const box = await target.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 375 && box.y >= 0 && box.y + box.height <= 812;
      };
      for (const destination of destinations) {
        await openPage(page, '/');
        const target = header.getByRole(destination.role, { name: destination.name, exact: typeof destination.name === 'string' });
        let taps = 0;
        if (!(await target.isVisible())) {
          await menuButton.tap();
          taps++;
          expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
        }
        expect(await onScreen(target), `${String(destination.name)} on the screen`).toBe(true);
        await target.tap();
        taps++;
        expect(taps, String(destination.name)).toBeLessThanOrEqual(2);
        await page.waitForURL((url) => destination.arrives(url));
        // The menu closes when an item is chosen.
        await expect.poll(() => menuButton.getAttribute('aria-expanded')).toBe('false');
      }

      // The menu closes on Escape (focus back on its button) and on a tap outside it.
      await openPage(page, '/');
      await menuButton.tap();
      await header.getByRole('link', { name: 'Mi cuenta' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/phone-menu-375-in.png` });
      await page.keyboard.press('Escape');
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      expect(await menuButton.evaluate((button) => button === button.ownerDocument.activeElement)).toBe(true);
      await menuButton.tap();
      await page.locator('.feed .post-card__text').first().tap();
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

      // Logout, the last destination: two touches, and the header says so.
      await menuButton.tap();
      const logout = header.getByRole('button', { name: 'Logout' });
      expect(await onScreen(logout)).toBe(true);
      await logout.tap();
      await header.getByText('Anonimo', { exact: true }).waitFor();
      expect(await signedInHeader(page).count()).toBe(0);
    },
    WALK_MS,
  );

  it(
    "starts the first anecdote's text in the top 40 % of the screen, its whole card above the bottom bar, signed in and out",
    async () => {
      for (const user of [undefined, author]) {
        const page = await visitor('phone', user);
        await openPage(page, '/');
        // A first visit: the note about the two votes is shown, and still leaves room.
        await page.getByRole('button', { name: 'Entendido' }).waitFor();
        const text = await page.locator('.feed .post-card__text').first().boundingBox();
        const card = await page.locator('.feed .post-card').first().boundingBox();
        const bar = await page.locator('header nav').boundingBox();
        expect(text!.y).toBeLessThanOrEqual(0.4 * 812);
        expect(card!.y + card!.height).toBeLessThanOrEqual(bar!.y);
        // The categories are all there, in a row that scrolls inside itself.
        const tags = page.getByRole('navigation', { name: 'TagsCategorys' });
        expect(await tags.getByRole('link').count()).toBe(6);
        await tags.getByRole('link', { name: 'familia' }).scrollIntoViewIfNeeded();
        expect(await onScreenHorizontally(page, tags.getByRole('link', { name: 'familia' }))).toBe(true);
      }
    },
    WALK_MS,
  );

  it(
    'explains the two votes to a first visitor from the first paint, without moving the page, until they close it',
    async () => {
      const page = await visitor('phone');
      // Every layout shift of each load, from its first paint on, not caused by a tap.
      await page.addInitScript(() => {
        const state = window as unknown as { layoutShift: number };
        state.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
            if (!entry.hadRecentInput) state.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await openPage(page, '/');
      const note = page.locator('main').getByText('«¡Vaya día!»: fue mala suerte.', { exact: false });
      await note.waitFor();
      expect(await page.locator('main').getByText('«Te lo mereces»', { exact: false }).count()).toBeGreaterThan(0);
      // The note came with the server's page: taking it over moved nothing (it moved the cards by 0.064 when the app added it).
      expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.02);
      await page.getByRole('button', { name: 'Entendido' }).tap();
      await note.waitFor({ state: 'detached' });
      for (const path of ['/', `/post/${encodeURIComponent(post.id)}`]) {
        // Hidden from the first paint on (the server's page still holds it), then left out by the app.
        await page.goto(path, { waitUntil: 'commit' });
        await page.locator('.post-card__text').first().waitFor();
        expect(await note.isVisible()).toBe(false);
        await takenOver(page);
        await note.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.02);
      }
    },
    WALK_MS,
  );
});

async function onScreenHorizontally(page: Page, target: ReturnType<Page['locator']>): Promise<boolean> {
  const box = await target.boundingBox();
  const width = await page.evaluate<number>('innerWidth');
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe('the desktop (1280 × 800)', () => {
  it(
    '«Compartir» offers «Copiar enlace» and WhatsApp, Telegram, X and e-mail as plain links with the encoded link',
    async () => {
      const page = await visitor('desktop');
      await openPage(page, `/post/${encodeURIComponent(post.id)}`);
      const card = page.locator('article.post-card');
      const share = card.getByRole('button', { name: /^Compartir/ });
      await share.click();
      expect(await share.getAttribute('aria-expanded')).toBe('true');
      await card.getByRole('button', { name: 'Copiar enlace' }).waitFor();
      const link = new URL(`/post/${encodeURIComponent(post.id)}`, site.cloud.webUrl).href;
      const href = async (name: string) => new URL((await card.getByRole('link', { name, exact: true }).getAttribute('href')) ?? '');
      const whatsapp = await href('WhatsApp');
      expect(`${whatsapp.origin}${whatsapp.pathname}`).toBe('https://wa.me/');
      expect(whatsapp.searchParams.get('text')).toBe(`${post.post} ${link}`);
      const telegram = await href('Telegram');
      expect(`${telegram.origin}${telegram.pathname}`).toBe('https://t.me/share/url');
      expect(Object.fromEntries(telegram.searchParams)).toEqual({ url: link, text: post.post });
      const x = await href('X');
      expect(`${x.origin}${x.pathname}`).toBe('https://twitter.com/intent/tweet');
      expect(Object.fromEntries(x.searchParams)).toEqual({ url: link, text: post.post });
      const mail = await href('Correo');
      expect(mail.protocol).toBe('mailto:');
      expect(mail.searchParams.get('body')).toBe(`${post.post}\n\n${link}`);
      // No script of the services: every script the page has is the site's own.
      const origins = await page.evaluate<string[]>('[...document.scripts].filter((s) => s.src).map((s) => new URL(s.src).origin)');
      expect(new Set(origins)).toEqual(new Set([new URL(site.cloud.webUrl).origin]));
      await page.screenshot({ path: `${SCREENSHOTS}/phone-compartir-1280-out.png` });
    },
    WALK_MS,
  );

  it(
    '«Saltar al contenido» is the first Tab stop of every page, shown when focused, and moves focus to the main content',
    async () => {
      for (const size of ['desktop', 'phone'] as const) {
        const page = await visitor(size);
        // The pages a visitor can open (the others send them to /login, moving focus to its content
        // as any page change in the app does).
        for (const path of [
          '/',
          `/post/${encodeURIComponent(post.id)}`,
          '/top?period=all',
          '/buscar?q=informe',
          `/autor/${encodeURIComponent(author.name!)}`,
          '/login',
          '/register',
        ]) {
          await openPage(page, path);
          await page.keyboard.press('Tab');
          const skip = page.getByRole('link', { name: 'Saltar al contenido' });
          expect(await skip.evaluate((link) => link === link.ownerDocument.activeElement), `${path} at ${size}`).toBe(true);
          const box = await skip.boundingBox();
          expect(box!.y, path).toBeGreaterThanOrEqual(0);
          await page.keyboard.press('Enter');
          await expect.poll(() => page.evaluate<string | undefined>('document.activeElement?.id')).toBe('main');
        }
      }
    },
    WALK_MS,
  );
});
