/**
 * Appeals in a browser: a suspended author, on a 375 px phone, appeals from «Mi cuenta»; the demo
 * moderator, on a desktop, finds it in /moderar/recursos (counted in the menu) and lifts it with a
 * reply; the author is then told in «Avisos» and may publish again.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Suspension } from '../../functions/contract/moderation';
import type { OwnPost } from '../../functions/contract/posts';
import { DEMO_MODERATOR } from '../../infra/local/fixtures/demoModerator';
import { call, publish } from '../support/api';
import { createUser, signIn } from '../support/users';
import { takenOver, widerThanWindow } from './browser';
import { builtSiteForFile } from './builtSite';

const site = builtSiteForFile({ samples: false });
const short = () => randomUUID().slice(0, 6);

describe('appeals in a browser (built site, local cloud)', () => {
  it('a suspended author appeals at 375 px; the moderator lifts it on a desktop; the author hears of it and writes again', async () => {
    const moderatorTokens = await signIn(site.cloud, DEMO_MODERATOR);
    const author = await createUser(site.cloud, { name: `Recurre ${short()}` });
    const sent = await publish(site.cloud, author.idToken, { category: 'varios', post: `Anécdota por la que me suspenden (${short()}).` });
    const suspension = await call<Suspension>(site.cloud, '/moderation/suspensions', {
      method: 'POST',
      token: moderatorTokens.idToken,
      body: { postId: (sent.body as OwnPost).id, days: 30, reason: 'Insultos en los comentarios.' },
    });
    expect(suspension.status).toBe(201);

    const phone = await site.signedIn(author, 375);
    await phone.goto('/cuenta');
    await takenOver(phone);
    await phone.getByText('Motivo: «Insultos en los comentarios.»').first().waitFor();
    await phone.getByRole('button', { name: 'Recurrir' }).click();
    const field = phone.getByLabel('Por qué debería levantarse la suspensión');
    await field.fill('Fue un malentendido: no insulté a nadie.');
    await phone.getByText(/^40\/500$/).waitFor();
    await phone.getByRole('button', { name: 'Enviar recurso' }).click();
    await phone.getByText('Recurso enviado.').waitFor();
    expect(await widerThanWindow(phone)).toEqual([]);

    const desktop = await site.signedIn(DEMO_MODERATOR);
    await desktop.goto('/moderar/recursos');
    await takenOver(desktop);
    const item = desktop.locator('article', { has: desktop.getByRole('heading', { name: author.name }) });
    await item.waitFor();
    expect(await desktop.getByRole('link', { name: /^Recursos \d+ pendientes?$/ }).count()).toBe(1);
    await item.getByText('Fue un malentendido: no insulté a nadie.').waitFor();
    await item.getByLabel('Tu respuesta').fill('Revisado: tienes razón.');
    await item.getByRole('button', { name: `Levantar la suspensión de ${author.name}` }).click();
    await desktop.getByText(`Recurso de «${author.name}» aceptado: la suspensión se ha levantado.`).waitFor();

    await phone.goto('/avisos');
    await phone.getByText('Hemos aceptado tu recurso').waitFor();
    await phone.getByText(/Revisado: tienes razón\./).waitFor();
    const again = await publish(site.cloud, author.idToken, { category: 'varios', post: `Ya puedo escribir otra vez (${short()}).` });
    expect(again.status).toBe(201);
  }, 240_000);
});
