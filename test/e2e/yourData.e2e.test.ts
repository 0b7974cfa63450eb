/**
 * «Tus datos» in «Mi cuenta», in a browser: «Descargar mis datos» saves a JSON file of everything the
 * account did, and deleting the account with «Borrar también mis anécdotas y comentarios» takes its
 * anecdotes out of the site.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../functions/contract/accountData';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, signIn } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { cspViolations, seriousA11yViolations } from './browser';

const site = builtSiteForFile({ samples: false });
const short = () => randomUUID().slice(0, 4);

describe('your data in «Mi cuenta» (built site, local cloud)', () => {
  it('«Descargar mis datos» downloads a JSON file named after the apodo, holding the account’s anecdotes', async () => {
    const suffix = short();
    const user = await createUser(site.cloud, { name: `Descarga ${suffix}` });
    const moderator = await createModerator(site.cloud);
    const text = `Lo que escribí y quiero guardar ${short()}.`;
    await publishApproved(site.cloud, user, moderator, { category: 'varios', post: text });

    const page = await site.signedIn(user, 375);
    await page.goto('/cuenta');
    await page.getByRole('heading', { name: 'Tus datos' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar mis datos' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`vaya-dia-descarga-${suffix}.json`);
    const data = JSON.parse(await readFile(await download.path(), 'utf8')) as AccountExport;
    expect(data.account).toMatchObject({ name: user.name, email: user.email });
    expect(data.posts.map((post) => post.post)).toEqual([text]);
    await page.getByRole('status').getByText('Tus datos están listos.').waitFor();
  });

  it('deletes the account with «Borrar también mis anécdotas y comentarios»: the anecdote leaves the feed and its page', async () => {
    const user = await createUser(site.cloud, { name: `Sin rastro ${short()}` });
    const moderator = await createModerator(site.cloud);
    const text = `Esto no quiero que se quede aquí ${short()}.`;
    const post = await publishApproved(site.cloud, user, moderator, { category: 'varios', post: text });

    const page = await site.signedIn(user, 375);
    await page.goto('/');
    await page.getByText(text).waitFor();
    await page.goto('/cuenta');
    await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await page.getByText('Tus anécdotas y comentarios se quedarán en la web', { exact: false }).waitFor();
    // A person taps the label (the box itself is drawn over the hidden input).
    await page.getByText('Borrar también mis anécdotas y comentarios').click();
    expect(await page.getByRole('checkbox', { name: 'Borrar también mis anécdotas y comentarios' }).isChecked()).toBe(true);
    await page.getByText('Se borrarán todas tus anécdotas', { exact: false }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sí, eliminar mi cuenta y lo que escribí' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('status').getByText('Tu cuenta se ha eliminado y has salido.').waitFor();
    await expect(signIn(site.cloud, user)).rejects.toBeTruthy();

    // The feed as the server renders it now (its document holds the page's posts).
    await page.reload();
    await page.locator('main').waitFor();
    expect(await page.getByText(text).count()).toBe(0);
    await page.goto(`/post/${post.id}`);
    await page.getByRole('heading', { name: 'No encontramos esa anécdota' }).waitFor();
  });

  it('breaks no Content-Security-Policy rule', () => {
    expect(cspViolations).toEqual([]);
  });
});
