/**
 * Accounts in a browser: Google sign-in through the local stand-in for Cognito's hosted UI with the
 * real Amplify redirect flow, the apodo asked for on first sign-in, password reset, and «Mi cuenta»
 * (rename, password change, delete).
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createUser, signIn } from '../support/users';
import { builtSiteForFile } from './builtSite';
import { cspViolations, seriousA11yViolations } from './browser';

const site = builtSiteForFile({ samples: false });

const header = (page: Page) => page.locator('header');
const short = () => randomUUID().slice(0, 4);

async function visitor(width = 1280): Promise<Page> {
  return (await site.visitor(width)).page;
}

async function storedPost(text: string): Promise<Record<string, unknown> | undefined> {
  const client = site.cloud.dynamodb();
  try {
    const { Items = [] } = await client.send(new ScanCommand({ TableName: site.cloud.tables.posts, ConsistentRead: true }));
    return Items.map((item) => unmarshall(item)).find((item) => item.post === text);
  } finally {
    client.destroy();
  }
}

describe('accounts in a browser (built site, local cloud)', () => {
  it('signs in with Google through the stand-in, asks for an apodo on the first visit, then publishes under it', async () => {
    // The stand-in's certificate is self-signed: a person accepts it once; this browser ignores it.
    const context = await site.newContext({
      baseURL: site.cloud.webUrl,
      locale: 'es-ES',
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        cspViolations.push(`${page.url()}: ${message.text()}`);
    });
    const email = `google-${short()}@gmail.test`;
    const apodo = `Gugle ${short()}`;

    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar con Google' }).click();
    await page.waitForURL((url) => url.host === site.cloud.config.oauthDomain && url.pathname === '/oauth2/authorize');
    await page.getByRole('heading', { name: 'Google (simulado)' }).waitFor();
    await page.getByLabel('Otra cuenta de Google de prueba').fill(email);
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();

    // Back on the site: Amplify exchanged the code (PKCE) at /oauth2/token and holds the session.
    await page.waitForURL(
      (url) => url.origin === new URL(site.cloud.webUrl).origin && url.pathname === '/' && !url.search.includes('code='),
    );
    await header(page).getByRole('button', { name: 'Logout' }).waitFor();
    await header(page)
      .getByRole('link', { name: /Anonimo/ })
      .waitFor();
    await page.getByRole('heading', { name: 'Elige tu apodo' }).waitFor();
    await page.getByRole('textbox', { name: 'Apodo' }).fill(apodo);
    await page.getByRole('button', { name: 'Guardar mi apodo' }).click();
    await header(page)
      .getByRole('link', { name: new RegExp(apodo) })
      .waitFor();
    await page.getByRole('heading', { name: 'Elige tu apodo' }).waitFor({ state: 'detached' });

    const text = `Entré con Google y se me olvidó la contraseña de todo lo demás ${short()}.`;
    await page.goto('/newpost');
    await page.getByLabel('Post').fill(text);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await storedPost(text))?.name).toBe(apodo);

    // Logout goes through the stand-in's /logout and back.
    await header(page).getByRole('button', { name: 'Logout' }).click();
    await header(page).getByRole('link', { name: 'Login' }).waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(site.cloud.webUrl).origin);
  });

  it('resets a forgotten password with the printed code and signs in with the new one', async () => {
    const user = await createUser(site.cloud, { name: `Olvidadiza ${short()}` });
    site.cloud.forgetCode(user.email);
    const page = await visitor(375);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('button', { name: 'Enviarme el código' }).click();
    await page.getByLabel('Código').fill(await site.cloud.confirmationCode(user.email));
    await page.getByLabel('Contraseña nueva', { exact: true }).fill('corta');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page
      .locator('main')
      .getByRole('alert')
      .getByText(/A la contraseña le falta/)
      .waitFor();
    const newPassword = 'Otra-Contrasena-456';
    await page.getByLabel('Contraseña nueva', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await header(page)
      .getByRole('link', { name: new RegExp(user.name ?? '') })
      .waitFor();
    await expect(signIn(site.cloud, { email: user.email, password: newPassword })).resolves.toMatchObject({ idToken: expect.any(String) });
    await expect(signIn(site.cloud, user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('renames the account in «Mi cuenta» (the header follows) and refuses a taken apodo', async () => {
    const taken = await createUser(site.cloud, { name: `Ocupada ${short()}` });
    const user = await createUser(site.cloud, { name: `Primera ${short()}` });
    const page = await site.signedIn(user);
    await header(page)
      .getByRole('link', { name: new RegExp(user.name ?? '') })
      .click();
    await page.waitForURL((url) => url.pathname === '/cuenta');
    await page.getByText(user.email).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByLabel('Apodo').fill(taken.name!.toUpperCase());
    await page.getByRole('button', { name: 'Cambiar el apodo' }).click();
    await page.locator('main').getByRole('alert').getByText('Ese apodo ya lo usa otra persona').waitFor();

    const renamed = `Segunda ${short()}`;
    await page.getByLabel('Apodo').fill(renamed);
    await page.getByRole('button', { name: 'Cambiar el apodo' }).click();
    await page.getByText(`Ahora firmas como «${renamed}».`).first().waitFor();
    await header(page)
      .getByRole('link', { name: new RegExp(renamed) })
      .waitFor();
  });

  it('changes the password in «Mi cuenta»: a wrong current one is refused, then the new one signs in and the old does not', async () => {
    const user = await createUser(site.cloud, { name: `Cambiante ${short()}` });
    const page = await site.signedIn(user, 375);
    await page.goto('/cuenta');
    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    await form.getByLabel('Contraseña actual', { exact: true }).fill('No-es-esta-123');
    await form.getByLabel('Contraseña nueva', { exact: true }).fill('Clave-Nueva-789');
    await form.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await form.getByRole('alert').getByText('La contraseña actual no es correcta.').waitFor();

    await form.getByLabel('Contraseña actual', { exact: true }).fill(user.password);
    await form.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await page.getByRole('status').getByText('Contraseña cambiada.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await expect(signIn(site.cloud, { email: user.email, password: 'Clave-Nueva-789' })).resolves.toMatchObject({
      idToken: expect.any(String),
    });
    await expect(signIn(site.cloud, user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('deletes the account after a confirmation: signed out, the account gone, its post signed «Anonimo»', async () => {
    const user = await createUser(site.cloud, { name: `Adiós ${short()}` });
    const text = `Me doy de baja, pero esto se queda ${short()}.`;
    const page = await site.signedIn(user, 375);
    await page.goto('/newpost');
    await page.getByLabel('Post').fill(text);
    await page.getByRole('button', { name: 'Enviar' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/cuenta');
    await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await page.getByText('¿Seguro que quieres eliminar tu cuenta?').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sí, eliminar mi cuenta' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await header(page).getByRole('link', { name: 'Login' }).waitFor();
    await page.getByRole('status').getByText('Tu cuenta se ha eliminado y has salido.').waitFor();
    await expect(signIn(site.cloud, user)).rejects.toBeTruthy();
    expect((await storedPost(text))?.name).toBe('Anonimo');
  });

  it('breaks no Content-Security-Policy rule', () => {
    expect(cspViolations).toEqual([]);
  });
});
