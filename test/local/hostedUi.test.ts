/**
 * The local stand-in for Cognito's hosted UI (infra/local/aws/cognito/hostedUi.ts), driven as Amplify's redirect
 * flow drives it: authorize → the «Google (simulado)» page → back with a code → the token endpoint
 * with PKCE → tokens the API accepts. Over HTTPS with the local self-signed certificate.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Me } from '../../functions/contract/accounts';
import type { OwnPost } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createUser } from '../support/users';

let cloud: LocalCloudProcess;
let redirectUri: string;

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  redirectUri = `${cloud.webUrl}/`;
});
afterAll(async () => {
  await cloud?.stop();
});

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  certificate: { subjectaltname?: string };
};

/** One HTTPS request to the stand-in, accepting its self-signed certificate (as a person does once). */
function https(
  path: string,
  init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      `https://${cloud.config.oauthDomain}${path}`,
      {
        method: init.method ?? (body ? 'POST' : 'GET'),
        rejectUnauthorized: false,
        agent: false,
        headers: { ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...init.headers },
      },
      (res) => {
        const certificate = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            certificate,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** What Amplify's `signInWithRedirect({ provider: 'Google' })` puts in the authorize URL. */
function authorizeParams(overrides: Record<string, string> = {}) {
  const verifier = randomBytes(64).toString('base64url');
  const params = {
    redirect_uri: redirectUri,
    response_type: 'code',
    client_id: cloud.userPoolClientId,
    identity_provider: 'Google',
    scope: 'openid email profile',
    state: randomBytes(16).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...overrides,
  };
  return { params, verifier };
}

/** Picks `email` on the Google page; returns the code from the redirect back to the site. */
async function chooseAccount(params: Record<string, string>, email: string): Promise<string> {
  const chosen = await https('/oauth2/google', { form: { ...params, email } });
  expect(chosen.status).toBe(302);
  const back = new URL(String(chosen.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
  expect(back.searchParams.get('state')).toBe(params.state);
  return back.searchParams.get('code') ?? '';
}

const token = (form: Record<string, string>) => https('/oauth2/token', { form, headers: { origin: cloud.webUrl } });

describe('the hosted UI stand-in', () => {
  it('is in config.json as the OAuth domain, served over HTTPS for 127.0.0.1 with a self-signed certificate', async () => {
    expect(cloud.config.oauthDomain).toMatch(/^127\.0\.0\.1:\d+$/);
    const answer = await https(`/oauth2/authorize?${new URLSearchParams(authorizeParams().params).toString()}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Google (simulado)');
    expect(answer.certificate.subjectaltname).toContain('IP Address:127.0.0.1');
  });

  it('refuses an unknown client, a redirect URI the app client does not have, or no PKCE', async () => {
    const cases: Record<string, string>[] = [
      { client_id: 'otro' },
      { redirect_uri: 'https://evil.example/' },
      { code_challenge_method: 'plain' },
    ];
    for (const overrides of cases) {
      const answer = await https(`/oauth2/authorize?${new URLSearchParams(authorizeParams(overrides).params).toString()}`);
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
    }
  });

  it('signs a Google account in with PKCE: tokens the API accepts, an account without an apodo until it picks one', async () => {
    const email = `ana.${randomBytes(3).toString('hex')}@gmail.test`;
    const { params, verifier } = authorizeParams();
    const code = await chooseAccount(params, email);

    const preflight = await https('/oauth2/token', {
      method: 'OPTIONS',
      headers: { origin: cloud.webUrl, 'access-control-request-headers': 'content-type,x-amz-user-agent' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBe(cloud.webUrl);

    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      client_id: cloud.userPoolClientId,
      redirect_uri: redirectUri,
      code_verifier: 'x'.repeat(64),
    });
    expect(wrongVerifier).toMatchObject({ status: 400 });
    expect(JSON.parse(wrongVerifier.body)).toEqual({ error: 'invalid_grant' });

    const again = authorizeParams();
    const secondCode = await chooseAccount(again.params, email);
    const form = {
      grant_type: 'authorization_code',
      code: secondCode,
      client_id: cloud.userPoolClientId,
      redirect_uri: redirectUri,
      code_verifier: again.verifier,
    };
    const answer = await token(form);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(cloud.webUrl);
    const tokens = JSON.parse(answer.body) as {
      id_token: string;
      access_token: string;
      refresh_token: string;
      token_type: string;
      expires_in: number;
    };
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), refresh_token: expect.any(String) });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ email, email_verified: true });
    // A code works once.
    expect((await token(form)).status).toBe(400);
    expect(verifier).not.toBe(again.verifier);

    expect((await call<Me>(cloud, '/me', { token: tokens.id_token })).body).toEqual({
      name: null,
      email,
      moderator: false,
      suspendedUntil: null,
      suspensionReason: null,
      appeal: null,
      unreadNotifications: 0,
    });
    expect(((await publish(cloud, tokens.id_token, { category: 'varios', post: 'Desde Google' })).body as OwnPost).name).toBe('Anonimo');
    expect(
      (await call(cloud, '/me/name', { method: 'PUT', token: tokens.id_token, body: { name: `Ana G ${randomBytes(2).toString('hex')}` } }))
        .status,
    ).toBe(200);

    // The same Google account next time is the same user.
    const third = authorizeParams();
    const thirdTokens = JSON.parse(
      (
        await token({
          grant_type: 'authorization_code',
          code: await chooseAccount(third.params, email),
          client_id: cloud.userPoolClientId,
          redirect_uri: redirectUri,
          code_verifier: third.verifier,
        })
      ).body,
    ) as { id_token: string };
    expect(decodeJwt(thirdTokens.id_token).sub).toBe(decodeJwt(tokens.id_token).sub);
  });

  it('refuses an email that already has a password account (Cognito would make a separate user)', async () => {
    const user = await createUser(cloud);
    const answer = await https('/oauth2/google', { form: { ...authorizeParams().params, email: user.email } });
    expect(answer.status).toBe(409);
  });

  it('treats e-mails case-insensitively, as the deployed pool: «Ana.x@Gmail.test» with a password is no new Google account', async () => {
    const local = `Ana.${randomBytes(3).toString('hex')}`;
    await createUser(cloud, { email: `${local}@Gmail.test` });
    const lower = await https('/oauth2/google', { form: { ...authorizeParams().params, email: `${local.toLowerCase()}@gmail.test` } });
    expect(lower.status).toBe(409);
  });

  it('serves twenty sign-ins of one Google account at once, every one with the same user', async () => {
    const email = `muchas.${randomBytes(3).toString('hex')}@gmail.test`;
    const signIns = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const { params, verifier } = authorizeParams();
        const code = await chooseAccount(params, email);
        const answer = await token({
          grant_type: 'authorization_code',
          code,
          client_id: cloud.userPoolClientId,
          redirect_uri: redirectUri,
          code_verifier: verifier,
        });
        return {
          status: answer.status,
          sub: answer.status === 200 ? decodeJwt((JSON.parse(answer.body) as { id_token: string }).id_token).sub : undefined,
        };
      }),
    );
    expect(signIns.map((signIn) => signIn.status)).toEqual(Array<number>(20).fill(200));
    expect(new Set(signIns.map((signIn) => signIn.sub)).size).toBe(1);
  });

  it('redirects /logout to an allowed logout URL only', async () => {
    const ok = await https(`/logout?client_id=${cloud.userPoolClientId}&logout_uri=${encodeURIComponent(redirectUri)}`);
    expect(ok).toMatchObject({ status: 302, headers: { location: redirectUri } });
    expect(
      (await https(`/logout?client_id=${cloud.userPoolClientId}&logout_uri=${encodeURIComponent('https://evil.example/')}`)).status,
    ).toBe(400);
  });
});
