/**
 * Figure 5, moving around: how long a signed-out reader on a phone (375 px) waits when the app takes
 * them from the feed to a post's page and back. `/` is loaded (a full load, the scripts cached after
 * one untimed pass), and once the app has taken it over the first card's link to its post is clicked;
 * then the browser goes back. Measured in the page, so Playwright's own round trips are not counted:
 * from the click (its event's performance.now()) until the post's text is on screen with no skeleton or
 * spinner left in `main`, and from `history.back()` until the feed's first card is on screen again with
 * none either, polled every animation frame. Both must be the app's own navigations: a marker set on the
 * window before the click must still be there (a full load would have dropped it).
 */
import type { Browser, Page } from 'playwright-core';
import type { LocalCloudProcess } from '../support/localCloud';
import { launchChromium, newVisitor, takenOver } from '../e2e/browser';
import { LOADING_IN_MAIN } from './signedInLists';

export type NavigationOptions = { passes: number };
export const FULL: NavigationOptions = { passes: 7 };
export const SMOKE: NavigationOptions = { passes: 1 };

/** A phone's width (an iPhone's 375 px); newVisitor gives it a phone's height. */
const PHONE_WIDTH = 375;

export type NavigationResult = { toPost: number[]; back: number[] };

const FIRST_CARD = 'main article.post-card';

/** What the bench keeps on the page's window between the click and the arrival. */
type Marker = { clickedAt: number | null };

/**
 * In the page: whether a card's text in `main` on `pathname` begins with `text`, inside the window, with
 * nothing in `main` still loading; answers performance.now() then, or false.
 */
function shownAt({ pathname, text, card, busy }: { pathname: string; text: string; card: string; busy: string }): number | false {
  if (location.pathname !== pathname || document.querySelector(busy) !== null) return false;
  const shown = [...document.querySelectorAll(`${card} .post-card__text`)].find((element) => {
    const box = element.getBoundingClientRect();
    return (element.textContent ?? '').startsWith(text) && box.bottom > 0 && box.top < innerHeight && box.height > 0;
  });
  return shown ? performance.now() : false;
}

async function waitShown(page: Page, where: { pathname: string; text: string }): Promise<number> {
  const at = await page.waitForFunction(
    shownAt,
    { ...where, card: FIRST_CARD, busy: LOADING_IN_MAIN },
    { polling: 'raf', timeout: 30_000 },
  );
  return (await at.jsonValue()) as number;
}

/** The app's own navigation kept the window (and the marker on it); a full load would not have. */
async function marker(page: Page, what: string): Promise<Marker> {
  const kept = await page.evaluate<Marker | undefined>('window.__benchNavigation');
  if (!kept) throw new Error(`${what} loaded a new document: the app did not navigate on its own`);
  return kept;
}

/** One pass: `/` loaded and taken over, its first card's post opened, and back. */
async function onePass(page: Page): Promise<{ toPost: number; back: number }> {
  await page.goto('/');
  await takenOver(page);
  const card = page.locator(FIRST_CARD).first();
  // Its beginning: a card in the feed may show less of a long post than the post's own page.
  const text = ((await card.locator('.post-card__text').textContent()) ?? '').slice(0, 40);
  const link = card.locator('a[href^="/post/"]').first();
  const pathname = (await link.getAttribute('href')) ?? '';
  if (!text || !pathname) throw new Error("the feed's first card has no text or no link to its post");
  await page.evaluate(`(() => {
    const marker = (window.__benchNavigation = { clickedAt: null });
    addEventListener('click', (event) => { if (event.isTrusted && marker.clickedAt === null) marker.clickedAt = performance.now(); }, true);
  })()`);
  await link.click();
  const postShown = await waitShown(page, { pathname: decodeURIComponent(pathname), text });
  const { clickedAt } = await marker(page, 'The first card’s link');
  if (clickedAt === null) throw new Error('the click on the first card’s link never reached the page');
  const backAt = await page.evaluate<number>('(() => { const at = performance.now(); history.back(); return at; })()');
  const feedShown = await waitShown(page, { pathname: '/', text });
  await marker(page, 'Going back');
  return { toPost: postShown - clickedAt, back: feedShown - backAt };
}

export async function measureNavigation(cloud: LocalCloudProcess, options: NavigationOptions): Promise<NavigationResult> {
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const { page } = await newVisitor(browser, cloud.webUrl, PHONE_WIDTH);
    const result: NavigationResult = { toPost: [], back: [] };
    // Once, not timed: the scripts (the post page's chunk too) come into the cache, and the functions start.
    for (const pass of [-1, ...Array.from({ length: options.passes }, (_, index) => index)]) {
      const { toPost, back } = await onePass(page);
      if (pass >= 0) {
        result.toPost.push(toPost);
        result.back.push(back);
      }
      console.log(`  / → /post/:id ${toPost.toFixed(0)} ms, back ${back.toFixed(0)} ms${pass < 0 ? ' (warming)' : ''}`);
    }
    return result;
  } finally {
    await browser?.close();
  }
}
