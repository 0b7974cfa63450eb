/**
 * No tap lost, intent survives sign-in, compact header in Chromium on the built site.
 * The app's scripts are held back (every /assets/*.js response waits until the test lets it go), so
 * what a person does between the first paint and the app taking over is tested for sure, not by luck:
 * a vote tapped then is counted once (and one given already stays given), a «Compartir» then copies
 * the link; «Aleatorio», Login and Register are links that work without the app. The apodo typed at
 * registration is claimed when the code is confirmed from /login in another tab (or asked for again,
 * prefilled, when it was taken meanwhile). Sign-in returns to where it started (/newpost, a post page, Google), and a vote pressed signed
 * out is offered again there. Layout: the first anecdote in the top half of a 375 × 812 phone, one
 * navigation row at 1280 signed in; screenshots of home, a post, /top and /avisos at both widths.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Post } from '../../functions/contract/posts';
import { call } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, signIn } from '../support/users';
import { cspViolations, launchChromium, newVisitor, signedInHeader, takenOver } from './browser';

const SCREENSHOTS = 'test-results/screenshots';
let cloud: LocalCloudProcess;
let browser: Browser;
const contexts: BrowserContext[] = [];
let posts: Post[] = [];

const header = (page: Page) => page.locator('header');
/** Each walk goes through cold functions and a held-back app: generous on a loaded machine. */
const WALK_MS = 180_000;
const short = () => randomUUID().slice(0, 6);

beforeAll(async () => {
  [cloud, browser] = await Promise.all([startLocalCloudProcess({ env: { WEB_MODE: 'dist', SEED: '0' } }), launchChromium()]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const author = await createUser(cloud, { name: `Autora ${short()}` });
  const moderator = await createModerator(cloud);
  posts = [];
  for (const [index, text] of [
    'Llegué tarde a mi propia boda porque el navegador me mandó a otra iglesia.',
    'Se me cayó el móvil al váter justo cuando me llamaban para el trabajo de mi vida.',
    'Mi jefe leyó en voz alta el mensaje que le mandé por error a él en vez de a mi pareja.',
  ].entries()) {
    posts.push(await publishApproved(cloud, author, moderator, { category: index === 0 ? 'amor' : 'trabajo', post: `${text} ${short()}` }));
  }
  // A cloud, a browser and three posts through cold functions: minutes on a loaded machine.
}, 300_000);

afterEach(async (context) => {
  // A failed walk lets its held scripts go, and leaves a picture of where it stopped.
  for (const release of gates.splice(0)) release();
  if (context.task.result?.state === 'fail') {
    for (const [index, page] of contexts.flatMap((c) => c.pages()).entries()) {
      await page.screenshot({ path: `${SCREENSHOTS}/taps-failed-${index}.png` }).catch(() => {});
    }
  }
});

afterAll(async () => {
  await Promise.allSettled(contexts.map((context) => context.close()));
  await browser?.close();
  await cloud?.stop();
});

async function visitor(width = 1280, options: { ignoreHTTPSErrors?: boolean } = {}): Promise<Page> {
  if (options.ignoreHTTPSErrors) {
    // The Google stand-in's certificate is self-signed: a person accepts it once; this browser ignores it.
    const context = await browser.newContext({
      baseURL: cloud.webUrl,
      locale: 'es-ES',
      ignoreHTTPSErrors: true,
      viewport: { width, height: width < 600 ? 812 : 900 },
    });
    contexts.push(context);
    return context.newPage();
  }
  const { context, page } = await newVisitor(browser, cloud.webUrl, width);
  contexts.push(context);
  return page;
}

/** Fills the login form the page is on and submits it. */
async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

async function signedIn(user: { email: string; password: string }, width = 1280): Promise<Page> {
  const page = await visitor(width);
  await page.goto('/login');
  await logIn(page, user);
  await page.waitForURL((url) => url.pathname === '/');
  await signedInHeader(page).waitFor();
  return page;
}

type Newcomer = { email: string; password: string; name: string };

/** Fills /register with an apodo and sends it: the page then waits for the e-mailed code. */
async function startRegistration(person: Newcomer): Promise<Page> {
  const page = await visitor(375);
  await page.goto('/register');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(person.password);
  await page.getByLabel('Apodo').fill(person.name);
  await page.getByRole('button', { name: 'Registrarme' }).click();
  await page.getByLabel('Código de confirmación').waitFor();
  return page;
}

/** Signs in from /login on `page`, which asks for the code of the unconfirmed account; enters it; back on /. */
async function confirmFromLogin(page: Page, person: Newcomer): Promise<void> {
  await page.goto('/login');
  await logIn(page, person);
  const code = page.getByLabel('Código de confirmación');
  await code.waitFor();
  await code.fill(await cloud.confirmationCode(person.email));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Holds back every response for the app's scripts until `release` is called (a slow phone's network,
 * without guessing how slow): the page paints from its HTML, and nothing of the app runs meanwhile.
 */
const gates: Array<() => void> = [];

async function holdScripts(page: Page): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  gates.push(release);
  // The site's service worker keeps the app's scripts once installed and serves them itself, past any
  // route of the page: a page that already has one lets it go first (the next navigation goes to the network).
  await page.evaluate(
    'navigator.serviceWorker ? navigator.serviceWorker.getRegistrations().then((all) => Promise.all(all.map((r) => r.unregister()))) : null',
  );
  let held = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    held++;
    await gate;
    await route.continue();
  });
  return { release, held: () => held };
}

const appRunning = (page: Page) => page.evaluate<boolean>('window.__vayaTaps ? window.__vayaTaps.app === true : false');

const postPath = (post: Post) => `/post/${encodeURIComponent(post.id)}`;

async function votesOf(post: Post): Promise<Post['votes']> {
  return (await call<Post>(cloud, `/posts/${post.id}`)).body.votes;
}

describe('every control works from the first paint', () => {
  it(
    'a «¡Vaya día!» tapped (twice) before the app runs is carried out once it has taken over: one vote, counted once',
    async () => {
      const voter = await createUser(cloud, { name: `Impaciente ${short()}` });
      const page = await signedIn(voter);
      const post = posts[0]!;
      const scripts = await holdScripts(page);
      await page.goto(postPath(post), { waitUntil: 'domcontentloaded' });
      const agree = page.locator('article.post-card').getByRole('button', { name: /Vaya día/ });
      await agree.waitFor();
      expect(await appRunning(page)).toBe(false);
      expect(await agree.evaluate((button) => (button as unknown as { disabled: boolean }).disabled)).toBe(false);
      // The app is not running: the document's own script keeps the taps and shows them pending.
      // (force: Playwright would wait for aria-disabled to go; a person just taps.)
      await agree.click({ force: true });
      await agree.click({ force: true });
      expect(await agree.getAttribute('data-tap-pending')).toBe('');
      // Signed in, the page shows the vote at once (the count moved once), before any script of the app.
      expect(await agree.getAttribute('aria-pressed')).toBe('true');
      expect(await agree.textContent()).toBe('¡Vaya día! 1');
      expect(await votesOf(post)).toEqual({ agree: 0, deserved: 0 });
      expect(scripts.held()).toBeGreaterThan(0);

      scripts.release();
      await expect.poll(() => agree.getAttribute('data-tap-pending'), { timeout: 30_000 }).toBeNull();
      expect(await agree.getAttribute('aria-pressed')).toBe('true');
      expect(await agree.textContent()).toBe('¡Vaya día! 1');
      // The card is pressed at once (optimistic); the vote reaches the API right after.
      await expect.poll(() => votesOf(post), { timeout: 10_000 }).toEqual({ agree: 1, deserved: 0 });
      const mine = await call<{ votes: Record<string, string> }>(cloud, `/me/votes?ids=${post.id}`, { token: voter.idToken });
      expect(mine.body.votes).toEqual({ [post.id]: 'agree' });
      // Nothing else is replayed later: still one vote, still pressed.
      await page.waitForLoadState('networkidle');
      expect(await votesOf(post)).toEqual({ agree: 1, deserved: 0 });
      expect(await agree.getAttribute('aria-pressed')).toBe('true');
    },
    WALK_MS,
  );

  it(
    'a «¡Vaya día!» tapped before the app runs by someone who has voted it already leaves the vote given: counted once, shown pressed',
    async () => {
      const voter = await createUser(cloud, { name: `Repetidora ${short()}` });
      const post = posts[2]!;
      const before = await votesOf(post);
      const cast = await call(cloud, `/posts/${post.id}/vote`, { method: 'PUT', token: voter.idToken, body: { vote: 'agree' } });
      expect(cast.status).toBe(200);
      const given = { ...before, agree: before.agree + 1 };
      expect(await votesOf(post)).toEqual(given);

      const page = await signedIn(voter);
      const scripts = await holdScripts(page);
      await page.goto(postPath(post), { waitUntil: 'domcontentloaded' });
      const agree = page.locator('article.post-card').getByRole('button', { name: /Vaya día/ });
      await agree.waitFor();
      expect(await appRunning(page)).toBe(false);
      // The server's page cannot show whose vote it is: the tap is made blind, and means "I want it given".
      expect(await agree.getAttribute('aria-pressed')).toBe('false');
      await agree.click({ force: true });
      expect(await agree.getAttribute('data-tap-pending')).toBe('');

      scripts.release();
      await expect.poll(() => agree.getAttribute('data-tap-pending'), { timeout: 30_000 }).toBeNull();
      // Shown given once the card knows (GET /me/votes, or the cast's answer), and never taken back.
      await expect.poll(() => agree.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
      // Pressed at once (optimistic, the count moved by one), then the API's answer puts the count right.
      await expect.poll(() => agree.textContent(), { timeout: 10_000 }).toBe(`¡Vaya día! ${given.agree}`);
      expect(await votesOf(post)).toEqual(given);
      const mine = await call<{ votes: Record<string, string> }>(cloud, `/me/votes?ids=${post.id}`, { token: voter.idToken });
      expect(mine.body.votes).toEqual({ [post.id]: 'agree' });
      await page.waitForLoadState('networkidle');
      expect(await votesOf(post)).toEqual(given);
      expect(await agree.getAttribute('aria-pressed')).toBe('true');
    },
    WALK_MS,
  );

  it(
    'a «Compartir» tapped before the app runs copies the link once it has (no share sheet without a fresh tap), and says so',
    async () => {
      const page = await visitor(375);
      const origin = new URL(cloud.webUrl).origin;
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
      // A phone's share sheet, as browsers give it: refused without a fresh user activation; the calls are recorded.
      await page
        .context()
        .addInitScript(
          'window.__shared = []; navigator.share = (data) => { if (!navigator.userActivation.isActive) return Promise.reject(new DOMException("sin gesto", "NotAllowedError")); window.__shared.push(data.url); return Promise.resolve(); };',
        );
      const post = posts[1]!;
      const link = `${origin}${postPath(post)}`;
      const scripts = await holdScripts(page);
      await page.goto(postPath(post), { waitUntil: 'domcontentloaded' });
      const share = page.locator('article.post-card').getByRole('button', { name: /^Compartir/ });
      await share.waitFor();
      expect(await appRunning(page)).toBe(false);
      await share.click();
      expect(await share.getAttribute('data-tap-pending')).toBe('');

      scripts.release();
      await page.getByText('Enlace copiado: pégalo donde quieras compartirlo.').waitFor({ timeout: 30_000 });
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(link);
      expect(await share.getAttribute('data-tap-pending')).toBeNull();
      expect(await page.evaluate<string[]>('window.__shared')).toEqual([]);

      // A tap made now has its user activation: the share sheet opens.
      await share.click();
      await expect.poll(() => page.evaluate<string[]>('window.__shared')).toEqual([link]);
    },
    WALK_MS,
  );

  it(
    '«Aleatorio» opens a published post, and Login and Register are links, with no script at all',
    async () => {
      const page = await visitor(375);
      const scripts = await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.locator('.post-card__text').first().waitFor();
      const login = header(page).getByRole('link', { name: 'Login', exact: true });
      const register = header(page).getByRole('link', { name: 'Register', exact: true });
      expect(await login.getAttribute('href')).toBe('/login');
      expect(await register.getAttribute('href')).toBe('/register');

      await header(page).getByRole('link', { name: 'Aleatorio' }).click();
      await page.waitForURL(/\/post\/[^/]+$/, { waitUntil: 'domcontentloaded' });
      const id = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
      expect(posts.map((post) => post.id)).toContain(id);
      await page.locator('article.post-card .post-card__text').waitFor();
      expect(await appRunning(page)).toBe(false);

      // On a post's page the links return there after sign-in.
      expect(await header(page).getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe(
        `/login?next=${encodeURIComponent(`/post/${encodeURIComponent(id)}`)}`,
      );
      await header(page).getByRole('link', { name: 'Register', exact: true }).click();
      // The form pages are the bare shell, whose module script (held back here) comes before DOMContentLoaded.
      await page.waitForURL((url) => url.pathname === '/register', { waitUntil: 'commit' });
      scripts.release();
      await page.getByRole('heading', { name: 'Crear una cuenta' }).waitFor({ timeout: 30_000 });
    },
    WALK_MS,
  );
});

describe('intent survives sign-in', () => {
  it(
    '«Publicar» while signed out → login → back on /newpost',
    async () => {
      const user = await createUser(cloud, { name: `Escritora ${short()}` });
      const page = await visitor();
      await page.goto('/newpost');
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/newpost');
      await logIn(page, user);
      await page.waitForURL((url) => url.pathname === '/newpost');
      await page.getByLabel('Post').waitFor();
    },
    WALK_MS,
  );

  it(
    'a vote pressed signed out on a post page → login → back there, offered again, and counted once',
    async () => {
      const user = await createUser(cloud, { name: `Lectora ${short()}` });
      const post = posts[1]!;
      const before = await votesOf(post);
      const page = await visitor(375);
      await page.goto(postPath(post));
      await takenOver(page);
      const card = page.locator('article.post-card');
      await card.getByRole('button', { name: /Te lo mereces/ }).click();
      await card.getByText('Inicia sesión para votar.').waitFor();
      await card.getByRole('link', { name: 'Iniciar sesión' }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === postPath(post));
      await logIn(page, user);
      await page.waitForURL((url) => url.pathname === postPath(post));
      await page.getByText('¿Votar «Te lo mereces» ahora?').waitFor();
      await page.getByRole('button', { name: 'Sí', exact: true }).click();
      const deserved = card.getByRole('button', { name: /Te lo mereces/ });
      await expect.poll(() => deserved.getAttribute('aria-pressed'), { timeout: 30_000 }).toBe('true');
      // Pressed at once (optimistic); the vote reaches the API right after.
      await expect.poll(() => votesOf(post), { timeout: 10_000 }).toEqual({ ...before, deserved: before.deserved + 1 });
      expect(await page.getByText('¿Votar «Te lo mereces» ahora?').count()).toBe(0);
      // Not offered again on the next visit.
      await page.reload();
      await takenOver(page);
      await signedInHeader(page).waitFor();
      expect(await page.getByText('ahora?').count()).toBe(0);
    },
    WALK_MS,
  );

  it(
    'Google sign-in from a post page comes back to that page',
    async () => {
      const post = posts[2]!;
      const page = await visitor(1280, { ignoreHTTPSErrors: true });
      await page.goto(postPath(post));
      await takenOver(page);
      await header(page).getByRole('link', { name: 'Login', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: 'Entrar con Google' }).click();
      await page.waitForURL((url) => url.host === cloud.config.oauthDomain && url.pathname === '/oauth2/authorize');
      await page.getByLabel('Otra cuenta de Google de prueba').fill(`vuelta-${short()}@gmail.test`);
      await page.getByRole('button', { name: 'Continuar', exact: true }).click();
      await page.waitForURL((url) => url.origin === new URL(cloud.webUrl).origin && url.pathname === postPath(post), { timeout: 30_000 });
      await header(page).getByRole('button', { name: 'Logout' }).waitFor();
    },
    WALK_MS,
  );

  it(
    'the apodo typed at registration is claimed when the code is confirmed from /login in another tab',
    async () => {
      const person = { email: `apodo-${short()}@example.com`, password: 'Contraseña-123', name: `Paciente ${short()}` };
      const tabA = await startRegistration(person);
      // Tab A waits for the code; the person signs in from a second tab instead, and is asked for it there.
      const tabB = await tabA.context().newPage();
      await confirmFromLogin(tabB, person);
      await header(tabB).getByText(person.name).waitFor({ timeout: 30_000 });
      expect(await tabB.getByRole('heading', { name: 'Elige tu apodo' }).count()).toBe(0);
      const { idToken } = await signIn(cloud, person);
      const me = await call<{ name: string | null }>(cloud, '/me', { token: idToken });
      expect(me.body.name).toBe(person.name);
    },
    WALK_MS,
  );

  it(
    'an apodo taken while the code waited is asked for again, prefilled, after the code is confirmed from /login',
    async () => {
      const person = { email: `apodo-${short()}@example.com`, password: 'Contraseña-123', name: `Ocupado ${short()}` };
      const tabA = await startRegistration(person);
      await createUser(cloud, { name: person.name });
      const tabB = await tabA.context().newPage();
      await confirmFromLogin(tabB, person);
      const prompt = tabB.locator('.name-prompt');
      await prompt.getByRole('heading', { name: 'Elige tu apodo' }).waitFor({ timeout: 30_000 });
      await prompt.getByText(`No pudimos guardar «${person.name}», el apodo que elegiste al registrarte`, { exact: false }).waitFor();
      expect(await prompt.getByLabel('Apodo').inputValue()).toBe(person.name);
      const { idToken } = await signIn(cloud, person);
      expect((await call<{ name: string | null }>(cloud, '/me', { token: idToken })).body.name).toBeNull();
    },
    WALK_MS,
  );

  it(
    'never follows ?next= off the site',
    async () => {
      const user = await createUser(cloud, { name: `Prudente ${short()}` });
      const page = await visitor();
      await page.goto('/login?next=%2F%2Fevil.example%2F');
      await logIn(page, user);
      await page.waitForURL((url) => url.pathname === '/');
      expect(new URL(page.url()).origin).toBe(new URL(cloud.webUrl).origin);
    },
    WALK_MS,
  );
});

describe('compact header', () => {
  it(
    'puts the first anecdote in the top half of a 375 × 812 phone, and the desktop navigation on one row when signed in',
    async () => {
      const phone = await visitor(375);
      await phone.goto('/');
      await takenOver(phone);
      const box = await phone.locator('.post-card__text').first().boundingBox();
      expect(box!.y).toBeLessThanOrEqual(406);

      const user = await createUser(cloud, { name: `Escritorio ${short()}` });
      const desktop = await signedIn(user, 1280);
      const rows = await desktop
        .locator('.site-nav li')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
      expect(rows.length).toBeGreaterThanOrEqual(6);
      expect(new Set(rows).size).toBe(1);
      const signedInPhone = await signedIn(user, 375);
      await signedInPhone.goto('/');
      await takenOver(signedInPhone);
      const signedInBox = await signedInPhone.locator('.post-card__text').first().boundingBox();
      expect(signedInBox!.y).toBeLessThanOrEqual(406);

      for (const [name, path] of [
        ['home', '/'],
        ['post', postPath(posts[0]!)],
        ['top', '/top?period=all'],
        ['avisos', '/avisos'],
      ] as const) {
        for (const [width, page] of [
          [375, signedInPhone],
          [1280, desktop],
        ] as const) {
          await page.goto(path);
          await takenOver(page);
          await page.locator('main h1, main .post-card').first().waitFor();
          await page.screenshot({ path: `${SCREENSHOTS}/taps-${name}-${width}.png` });
        }
      }
      expect(cspViolations).toEqual([]);
    },
    WALK_MS,
  );
});
