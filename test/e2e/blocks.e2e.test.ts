/**
 * Blocking on a phone (375 px), in the built site against the local cloud: a reader blocks an author
 * from the author's page, and the author's post folds in the feed and on its own page («Contenido de
 * alguien que bloqueaste · Mostrar»); «Mi cuenta» lists the block and undoes it, and the post shows again.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser } from '../support/users';
import { cspViolations, seriousA11yViolations, takenOver, widerThanWindow } from './browser';
import { builtSiteForFile } from './builtSite';

const site = builtSiteForFile({ samples: false });
const short = () => randomUUID().slice(0, 6);
const FOLD = 'Contenido de alguien que bloqueaste';

describe('blocking (built site, local cloud, 375 px)', () => {
  it('blocks from an author page, folds the author in the feed and on the post page, and undoes it in «Mi cuenta»', async () => {
    const [author, reader, moderator] = await Promise.all([
      createUser(site.cloud, { name: `Bloqueada ${short()}` }),
      createUser(site.cloud, { name: `Lectora ${short()}` }),
      createModerator(site.cloud),
    ]);
    const text = `Se me cayó el café encima del portátil ${short()}. Vaya día.`;
    const post = await publishApproved(site.cloud, author, moderator, { category: 'varios', post: text });

    const page = await site.signedIn(reader, 375);
    await page.goto(`/autor/${encodeURIComponent(author.name!)}`);
    await takenOver(page);
    await page.getByText(text).waitFor();
    await page.getByRole('button', { name: `Bloquear a ${author.name}` }).click();
    // Everything of theirs folds at once, their page included; the status area says so.
    await page.getByText(FOLD).first().waitFor();
    expect(await page.getByText(text).count()).toBe(0);
    await page.getByRole('status').getByText(`Has bloqueado a ${author.name}`).waitFor();
    expect(await page.getByRole('button', { name: `Desbloquear a ${author.name}` }).getAttribute('aria-pressed')).toBe('true');
    expect(await widerThanWindow(page)).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto('/');
    await takenOver(page);
    await page.getByText(FOLD).first().waitFor();
    expect(await page.getByText(text).count()).toBe(0);
    // «Mostrar» opens that one.
    await page.getByRole('button', { name: 'Mostrar' }).first().click();
    await page.getByText(text).waitFor();

    await page.goto(`/post/${post.id}`);
    await takenOver(page);
    await page.getByText(FOLD).first().waitFor();
    expect(await page.getByText(text).count()).toBe(0);

    await page.goto('/cuenta');
    const list = page.getByRole('list', { name: 'Cuentas bloqueadas' });
    await list.getByRole('link', { name: author.name }).waitFor();
    await list.getByRole('button', { name: `Desbloquear a ${author.name}` }).click();
    await page.getByText('No has bloqueado a nadie').waitFor();
    // The list empties at once; the status area speaks once the API has taken the unblock. Leaving the
    // page before that (a full load here) could read the block list before the write lands.
    await page.getByRole('status').getByText(`Has desbloqueado a ${author.name}`).waitFor();
    expect(await widerThanWindow(page)).toEqual([]);

    await page.goto(`/post/${post.id}`);
    await takenOver(page);
    await page.getByText(text).waitFor();
    expect(await page.getByText(FOLD).count()).toBe(0);
    expect(cspViolations).toEqual([]);
  }, 240_000);
});
