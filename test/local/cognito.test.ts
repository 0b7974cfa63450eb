import {
  AdminAddUserToGroupCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  GetTokensFromRefreshTokenCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../functions/contract/posts';
import { publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { cognitoClient, createUser, signIn } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' } });

describe('the local Cognito answers like Cognito', () => {
  it('puts the name attribute in the ID token as Cognito does, and the API still ignores it', async () => {
    const user = await createUser(site.cloud);
    const client = cognitoClient(site.cloud);
    await client.send(
      new UpdateUserAttributesCommand({ AccessToken: user.accessToken, UserAttributes: [{ Name: 'name', Value: 'Begoña' }] }),
    );
    client.destroy();
    const { idToken } = await signIn(site.cloud, user);
    expect(decodeJwt(idToken).name).toBe('Begoña');
    expect(((await publish(site.cloud, idToken, { category: 'amor', post: 'Con nombre' })).body as Post).name).toBe('Anonimo');
  });

  it('answers a wrong password at sign-in with NotAuthorizedException', async () => {
    const user = await createUser(site.cloud);
    await expect(signIn(site.cloud, { email: user.email, password: 'Incorrecta-999' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('refuses a sign-up whose password breaks the pool policy with InvalidPasswordException', async () => {
    const client = cognitoClient(site.cloud);
    const attempt = client.send(
      new SignUpCommand({
        ClientId: site.cloud.userPoolClientId,
        Username: 'debil@example.com',
        Password: 'corta',
        UserAttributes: [{ Name: 'email', Value: 'debil@example.com' }],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    client.destroy();
  });

  it('changes a password as Cognito does: a wrong current one is NotAuthorizedException, a weak new one InvalidPasswordException', async () => {
    const user = await createUser(site.cloud);
    const client = cognitoClient(site.cloud);
    const change = (PreviousPassword: string, ProposedPassword: string) =>
      client.send(new ChangePasswordCommand({ AccessToken: user.accessToken, PreviousPassword, ProposedPassword }));
    await expect(change('Incorrecta-999', 'Nueva-Clave-789')).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    await expect(change(user.password, 'corta')).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await change(user.password, 'Nueva-Clave-789');
    client.destroy();
    await expect(signIn(site.cloud, { email: user.email, password: 'Nueva-Clave-789' })).resolves.toMatchObject({
      idToken: expect.any(String),
    });
    await expect(signIn(site.cloud, user)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('refreshes a session with GetTokensFromRefreshToken, as Amplify does', async () => {
    const user = await createUser(site.cloud, { name: 'Refresco' });
    const { refreshToken } = await signIn(site.cloud, user);
    const client = cognitoClient(site.cloud);
    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: site.cloud.userPoolClientId, RefreshToken: refreshToken }),
    );
    client.destroy();
    const idToken = refreshed.AuthenticationResult?.IdToken;
    expect(idToken).toEqual(expect.any(String));
    expect(decodeJwt(idToken as string).sub).toBe(decodeJwt(user.idToken).sub);
    expect((await publish(site.cloud, idToken as string, { category: 'varios', post: 'Tras refrescar' })).status).toBe(201);
  });
});

describe('the local Cognito under many sign-ups at once', () => {
  it('keeps every account of thirty people signing up, confirming and signing in at once, on disk', async () => {
    const emails = Array.from({ length: 30 }, () => `multitud-${randomUUID().slice(0, 8)}@example.com`);
    // Each person's sign-up, confirmation and sign-ins each save the store: many writes at once.
    await Promise.all(emails.map((email) => createUser(site.cloud, { email })));
    // What a restart would read: the store file whole, every account in it.
    const store = readFileSync(join(site.cloud.dataDir, 'cognito', '.cognito', 'db', `${site.cloud.userPoolId}.json`), 'utf8');
    const kept = Object.values(
      (JSON.parse(store) as { Users: Record<string, { Attributes: Array<{ Name: string; Value: string }> }> }).Users,
    ).map((user) => user.Attributes.find((attribute) => attribute.Name === 'email')?.Value);
    expect(kept).toEqual(expect.arrayContaining(emails));
  }, 120_000);
});

describe('the local Cognito serves only its user', () => {
  /** A call as a web page would send it: no AWS credentials, from `origin`. */
  const fromPage = (origin: string, operation: string, body: unknown) =>
    fetch(site.cloud.cognitoEndpoint, {
      method: 'POST',
      headers: {
        origin,
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });
  const preflight = (origin: string) =>
    fetch(site.cloud.cognitoEndpoint, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-amz-target' },
    });

  it('refuses the administrative calls without AWS credentials: ListUsers, AdminAddUserToGroup moderadores', async () => {
    const user = await createUser(site.cloud);
    for (const [operation, body] of [
      ['ListUsers', { UserPoolId: site.cloud.userPoolId }],
      ['AdminAddUserToGroup', { UserPoolId: site.cloud.userPoolId, Username: user.email, GroupName: 'moderadores' }],
      ['AdminSetUserPassword', { UserPoolId: site.cloud.userPoolId, Username: user.email, Password: 'Robada-1234!', Permanent: true }],
    ] as const) {
      const answer = await fromPage(site.cloud.webUrl, operation, body);
      expect(answer.status, operation).toBe(400);
      expect(answer.headers.get('x-amzn-errortype'), operation).toBe('MissingAuthenticationTokenException');
    }
    const again = await signIn(site.cloud, user);
    expect(decodeJwt(again.idToken)['cognito:groups']).toBeUndefined();
  });

  it('refuses administrative calls signed with credentials other than the data folder’s: a forged header, a wrong secret', async () => {
    const user = await createUser(site.cloud);
    const addToModerators = new AdminAddUserToGroupCommand({
      UserPoolId: site.cloud.userPoolId,
      Username: user.email,
      GroupName: 'moderadores',
    });
    // Any header that merely starts like a signature.
    const forged = await fetch(site.cloud.cognitoEndpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
        authorization:
          'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/cognito-idp/aws4_request, SignedHeaders=host, Signature=' + '0'.repeat(64),
      },
      body: JSON.stringify(addToModerators.input),
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('x-amzn-errortype')).toBe('UnrecognizedClientException');
    // A real SigV4 signature, by a secret that is not the data folder's (the old `local`/`local`).
    const guessing = new CognitoIdentityProviderClient({
      endpoint: site.cloud.cognitoEndpoint,
      region: site.cloud.config.region,
      credentials: { accessKeyId: 'local-cognito-admin', secretAccessKey: 'local' },
    });
    try {
      await expect(guessing.send(addToModerators)).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    } finally {
      guessing.destroy();
    }
    expect(decodeJwt((await signIn(site.cloud, user)).idToken)['cognito:groups']).toBeUndefined();
    // The data folder's credentials are obeyed.
    const admin = cognitoClient(site.cloud);
    try {
      await admin.send(addToModerators);
    } finally {
      admin.destroy();
    }
    expect(decodeJwt((await signIn(site.cloud, user)).idToken)['cognito:groups']).toEqual(['moderadores']);
  });

  it('grants CORS to the site’s origin only: another page’s preflight is refused and its answers unreadable', async () => {
    const evil = 'https://evil.example';
    expect((await preflight(evil)).status).toBe(403);
    expect((await preflight(evil)).headers.get('access-control-allow-origin')).toBeNull();
    const own = await preflight(site.cloud.webUrl);
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(site.cloud.webUrl);
    const signInFromEvil = await fromPage(evil, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: site.cloud.userPoolClientId,
      AuthParameters: {},
    });
    expect(signInFromEvil.headers.get('access-control-allow-origin')).toBeNull();
    const signInFromSite = await fromPage(site.cloud.webUrl, 'InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: site.cloud.userPoolClientId,
      AuthParameters: {},
    });
    expect(signInFromSite.headers.get('access-control-allow-origin')).toBe(site.cloud.webUrl);
  });
});
