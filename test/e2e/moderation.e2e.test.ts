/**
 * Suspensions in a browser: the demo moderator suspends an author from a card on /, finds the
 * suspension in /moderar/suspensiones and the action in /moderar/registro; the author, signed in,
 * cannot publish (the form shows the API's Spanish message and keeps the text), sees the notice in the
 * header and in «Mi cuenta», and publishes again once the suspension is lifted.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ERRORS } from '../../functions/contract/errors';
import { DEMO_MODERATOR } from '../../infra/local/fixtures/demoModerator';
import { call } from '../support/api';
import { publishApproved } from '../support/moderation';
import { createUser, signIn, type TestUser } from '../support/users';
import { cspViolations, seriousA11yViolations, takenOver } from './browser';
import { builtSiteForFile } from './builtSite';

const SCREENSHOTS = 'test-results/screenshots';
const site = builtSiteForFile();
const header = (page: Page) => page.locator('header');
const short = () => randomUUID().slice(0, 6);
/** Two browsers, two accounts and several pages each: longer than one page's test on a busy machine. */
const LONG_TEST_MS = 240_000;

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

/**
 * The author's account state as POST /posts's function sees it: an empty body is refused before it is
 * read — 403 ACCOUNT_SUSPENDED while suspended, 400 otherwise — so nothing is ever published by asking.
 * (Each function trusts an account's "not suspended" for up to 5 s: docs/api.md, "Account state".)
 */
async function publishRefusal(author: TestUser): Promise<string | undefined> {
  const answer = await call<{ error?: { code: string } }>(site.cloud, '/posts', { method: 'POST', token: author.idToken, body: {} });
  return answer.body.error?.code;
}

describe('suspensions in a browser (built site, local cloud)', () => {
  it(
    'the demo moderator suspends an author from a card; the author cannot publish, is told why and until when, and can again once it is lifted',
    async () => {
      const moderatorTokens = await signIn(site.cloud, DEMO_MODERATOR);
      const author = await createUser(site.cloud, { name: `Autora ${short()}` });
      const text = `Hoy he insultado a medio barrio en los comentarios (${short()}).`;
      await publishApproved(site.cloud, author, { ...DEMO_MODERATOR, ...moderatorTokens }, { category: 'varios', post: text });
      const authorPage = await site.signedIn(author, 375);

      // The moderator, on the home page, opens «Suspender autor» on the author's card.
      const moderator = await site.signedIn(DEMO_MODERATOR);
      await takenOver(moderator);
      const card = moderator.locator('article.post-card', { has: moderator.locator('.post-card__text', { hasText: text }) });
      await card.waitFor();
      const open = card.getByRole('button', { name: 'Suspender autor' });
      await open.click();
      const form = card.getByRole('form', { name: `Suspender a «${author.name}»` });
      await form.waitFor();
      const days = form.getByLabel(/^Días/);
      // Focus moved into the form, to its first field.
      const daysId = await days.getAttribute('id');
      await expect.poll(() => moderator.evaluate('document.activeElement && document.activeElement.id')).toBe(daysId);
      expect(await seriousA11yViolations(moderator)).toEqual([]);
      await moderator.screenshot({ path: `${SCREENSHOTS}/suspend-form-1280.png` });
      await days.fill('3');
      await form.getByLabel('Motivo').fill('Insultos a otros lectores en los comentarios');
      await form.getByRole('button', { name: 'Suspender' }).click();
      await card.getByText(new RegExp(`^Cuenta de «${author.name}» suspendida hasta el`)).waitFor({ timeout: 10_000 });

      // Writes are refused from now on (every function within 5 s).
      await expect.poll(() => publishRefusal(author), { timeout: 15_000 }).toBe('ACCOUNT_SUSPENDED');

      // The author tries to publish: the form says why, the text stays, and the header says until when.
      await authorPage.goto('/newpost');
      const field = authorPage.getByLabel('Post');
      const attempt = `Lo que iba a contar hoy (${short()}).`;
      await field.fill(attempt);
      await authorPage.getByRole('button', { name: 'Enviar' }).click();
      await authorPage.locator('main').getByRole('alert').getByText(ERRORS.ACCOUNT_SUSPENDED.message).waitFor({ timeout: 10_000 });
      expect(authorPage.url()).toMatch(/\/newpost$/);
      expect(await field.inputValue()).toBe(attempt);
      await header(authorPage)
        .getByText(/^Tu cuenta está suspendida hasta el/)
        .waitFor({ timeout: 10_000 });
      await authorPage.screenshot({ path: `${SCREENSHOTS}/suspended-newpost-375.png`, fullPage: true });
      await header(authorPage).getByRole('link', { name: 'Qué significa' }).click();
      await authorPage.waitForURL((url) => url.pathname === '/cuenta');
      await authorPage
        .getByRole('region', { name: 'Cuenta suspendida' })
        .getByText(/no publicar, votar, comentar ni denunciar/)
        .waitFor();
      expect(await seriousA11yViolations(authorPage)).toEqual([]);

      // The moderator finds it in «Suspensiones» and in the log, from the moderation area's links.
      await moderator.goto('/moderar');
      const nav = moderator.getByRole('navigation', { name: 'Moderación' });
      await nav.getByRole('link', { name: 'Registro' }).click();
      await moderator.waitForURL((url) => url.pathname === '/moderar/registro');
      const entry = moderator.locator('.log-entry', { hasText: 'Insultos a otros lectores en los comentarios' });
      await expect
        .poll(() => entry.locator('.log-entry__what').first().textContent(), { timeout: 10_000 })
        .toMatch(/ suspendió una cuenta$/);
      expect(await seriousA11yViolations(moderator)).toEqual([]);
      await nav.getByRole('link', { name: 'Suspensiones' }).click();
      await moderator.waitForURL((url) => url.pathname === '/moderar/suspensiones');
      const suspension = moderator.locator('article', { has: moderator.getByRole('heading', { name: author.name }) });
      await suspension.getByText('Insultos a otros lectores en los comentarios').waitFor({ timeout: 10_000 });
      expect(await seriousA11yViolations(moderator)).toEqual([]);
      await moderator.screenshot({ path: `${SCREENSHOTS}/suspensions-1280.png`, fullPage: true });

      // Lifted: the author publishes the same text, still in the form.
      await suspension.getByRole('button', { name: `Levantar la suspensión de ${author.name}` }).click();
      await moderator.getByText(`Suspensión de «${author.name}» levantada: ya puede volver a escribir.`).waitFor({ timeout: 10_000 });
      await authorPage.goBack();
      await authorPage.waitForURL((url) => url.pathname === '/newpost');
      await authorPage.getByLabel('Post').fill(attempt);
      await authorPage.getByRole('button', { name: 'Enviar' }).click();
      await authorPage.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
      await authorPage
        .locator('.sent-notice')
        .getByText(/en moderación/)
        .waitFor();
    },
    LONG_TEST_MS,
  );

  it(
    'keeps non-moderators out of the moderators’ pages',
    async () => {
      const user = await createUser(site.cloud, { name: `Lectora ${short()}` });
      const reader = await site.signedIn(user);
      // Once the account is read (the apodo in the header), the cards offer «Denunciar» but not «Suspender autor».
      await header(reader)
        .getByRole('link', { name: new RegExp(user.name!) })
        .waitFor();
      await reader.locator('article.post-card').first().getByRole('button', { name: 'Denunciar' }).waitFor();
      expect(await reader.getByRole('button', { name: 'Suspender autor' }).count()).toBe(0);
      await reader.goto('/moderar/registro');
      await reader.getByRole('heading', { name: 'Solo para moderación' }).waitFor();
      expect(await reader.locator('.log-entry').count()).toBe(0);
      // /moderar itself stays open to everyone signed in, without the moderators' links.
      await reader.getByRole('link', { name: 'Ir a Moderar' }).click();
      await reader.waitForURL((url) => url.pathname === '/moderar');
      await reader.getByRole('heading', { level: 1, name: 'Moderar' }).waitFor();
      expect(await reader.getByRole('navigation', { name: 'Moderación' }).count()).toBe(0);
    },
    LONG_TEST_MS,
  );

  it('breaks no Content-Security-Policy rule', () => {
    expect(cspViolations).toEqual([]);
  });
});
