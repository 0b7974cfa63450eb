import { GetTokensFromRefreshTokenCommand, SignUpCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post } from '../../functions/contract/posts';
import { publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { cognitoClient, createUser, signIn } from '../support/users';

let cloud: LocalCloudProcess;

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
});
afterAll(async () => {
  await cloud?.stop();
});

describe('the local Cognito answers like Cognito', () => {
  it('puts the name attribute in the ID token as Cognito does, and the API still ignores it', async () => {
    const user = await createUser(cloud);
    const client = cognitoClient(cloud);
    await client.send(
      new UpdateUserAttributesCommand({ AccessToken: user.accessToken, UserAttributes: [{ Name: 'name', Value: 'Begoña' }] }),
    );
    client.destroy();
    const { idToken } = await signIn(cloud, user);
    expect(decodeJwt(idToken).name).toBe('Begoña');
    expect(((await publish(cloud, idToken, { category: 'amor', post: 'Con nombre' })).body as Post).name).toBe('Anónimo');
  });

  it('answers a wrong password at sign-in with NotAuthorizedException', async () => {
    const user = await createUser(cloud);
    await expect(signIn(cloud, { email: user.email, password: 'Incorrecta-999' })).rejects.toMatchObject({
      name: 'NotAuthorizedException',
    });
  });

  it('refuses a sign-up whose password breaks the pool policy with InvalidPasswordException', async () => {
    const client = cognitoClient(cloud);
    const attempt = client.send(
      new SignUpCommand({
        ClientId: cloud.userPoolClientId,
        Username: 'debil@example.com',
        Password: 'corta',
        UserAttributes: [{ Name: 'email', Value: 'debil@example.com' }],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    client.destroy();
  });

  it('refreshes a session with GetTokensFromRefreshToken, as Amplify does', async () => {
    const user = await createUser(cloud, { name: 'Refresco' });
    const { refreshToken } = await signIn(cloud, user);
    const client = cognitoClient(cloud);
    const refreshed = await client.send(
      new GetTokensFromRefreshTokenCommand({ ClientId: cloud.userPoolClientId, RefreshToken: refreshToken }),
    );
    client.destroy();
    const idToken = refreshed.AuthenticationResult?.IdToken;
    expect(idToken).toEqual(expect.any(String));
    expect(decodeJwt(idToken as string).sub).toBe(decodeJwt(user.idToken).sub);
    expect((await publish(cloud, idToken as string, { category: 'varios', post: 'Tras refrescar' })).status).toBe(201);
  });
});
