/**
 * Headless Debian Chromium for the end-to-end tests, and the axe-core check.
 * The callbacks given to page.evaluate run in the browser; they are strings here because this
 * folder is type-checked with Node's types, not the DOM's.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

const require = createRequire(import.meta.url);

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How Debian's Chromium runs headless here (no sandbox as root, nothing fetched of its own); the bench uses them too. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
}

/** Every Content-Security-Policy violation any visitor's page reported, as the browser words it. */
export const cspViolations: string[] = [];

/**
 * A fresh visitor (own cookies and storage) with a phone-sized or desktop window, in the machine's time
 * zone or `timezoneId`. The site is served
 * with its production Content-Security-Policy, and what the browser blocks is collected.
 */
export async function newVisitor(
  browser: Browser,
  baseURL: string,
  width = 1280,
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: width < 600 ? 812 : 900 }, locale: 'es-ES', timezoneId });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  return { context, page };
}

/** Signs `user` in through the login form on `page` and waits for the header to say so (back on /). */
export async function signInWithForm(page: Page, user: { email: string; password: string }): Promise<Page> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await signedInHeader(page).waitFor();
  return page;
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** Runs axe-core on the page; returns every violation, whatever its impact. */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern (a <script> tag would be blocked).
  await page.evaluate(AXE_SOURCE);
  return page.evaluate<AxeViolation[]>(
    "axe.run(document, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))",
  );
}

/** Runs axe-core on the page; returns the serious and critical violations. */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  const violations = await a11yViolations(page);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/**
 * What sticks out of the window on the right, as "tag.class right-edge" (none: []): on a phone a page
 * wider than its screen is zoomed out or scrolls sideways, and the header's account buttons are the
 * first to be cut off.
 */
export async function widerThanWindow(page: Page): Promise<string[]> {
  // Rows that scroll inside their own box (the navigation, the tags) hold what does not fit on purpose.
  return page.evaluate<string[]>(`(() => {
    const width = document.documentElement.clientWidth;
    const scrolledInside = (element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement)
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      return false;
    };
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5 && !scrolledInside(element))
      .map((element) => element.tagName.toLowerCase() + '.' + String(element.className) + ' ' + Math.round(element.getBoundingClientRect().right));
  })()`);
}

/**
 * What shows that someone is signed in: Logout in the header on a wide screen; on a phone, where
 * Logout is inside it, the account menu's button.
 */
export function signedInHeader(page: Page): Locator {
  const header = page.locator('header');
  return header.getByRole('button', { name: 'Logout' }).or(header.getByRole('button', { name: 'Menú de tu cuenta' }));
}

/**
 * Waits until the app has taken a server-rendered page over (its buttons work from then on): the
 * header, rendered with auth loading (a spinner beside the Login and Register links), then shows who
 * is signed in (Logout, or the account menu on a phone) or a visitor («Anonimo»).
 */
export async function takenOver(page: Page): Promise<void> {
  const header = page.locator('header');
  // `first()`: an account without an apodo is signed in as «Anonimo», so both may show at once.
  await header.getByText('Anonimo', { exact: true }).or(signedInHeader(page)).first().waitFor();
}
