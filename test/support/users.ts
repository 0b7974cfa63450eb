/** Real users in the local cloud's cognito-local, signed up, confirmed with the printed code and signed in. */
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { call } from './api';
import { readAdminCredentials } from '../../infra/local/aws/cognito/adminCredentials';
import type { LocalCloudProcess } from './localCloud';

export type TestUser = { email: string; password: string; name?: string; idToken: string; accessToken: string };

/** The password of every test account: it meets the contract's PASSWORD_POLICY. */
export const TEST_PASSWORD = 'Contraseña-123';

/**
 * Signs `email` up through the web client with TEST_PASSWORD, as the Register form does, with any
 * further attributes; the account is left unconfirmed.
 */
export async function signUp(
  client: CognitoIdentityProviderClient,
  cloud: LocalCloudProcess,
  email: string,
  attributes: Record<string, string> = {},
): Promise<void> {
  await client.send(
    new SignUpCommand({
      ClientId: cloud.userPoolClientId,
      Username: email,
      Password: TEST_PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }, ...Object.entries(attributes).map(([Name, Value]) => ({ Name, Value }))],
    }),
  );
}

export function cognitoClient(cloud: LocalCloudProcess): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint: cloud.cognitoEndpoint,
    region: cloud.config.region,
    // The data folder's administrator credentials: the local Cognito checks the signature, as IAM would.
    credentials: readAdminCredentials(cloud.dataDir),
  });
}

/**
 * A confirmed, signed-in account; with `name`, its apodo set through `PUT /me/name` as the site does
 * after registration (the API never reads a name from Cognito attributes).
 */
export async function createUser(cloud: LocalCloudProcess, options: { name?: string; email?: string } = {}): Promise<TestUser> {
  const client = cognitoClient(cloud);
  const email = options.email ?? `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = TEST_PASSWORD;
  await signUp(client, cloud, email);
  const code = await cloud.confirmationCode(email);
  await client.send(new ConfirmSignUpCommand({ ClientId: cloud.userPoolClientId, Username: email, ConfirmationCode: code }));
  client.destroy();
  const { idToken, accessToken } = await signIn(cloud, { email, password });
  if (options.name !== undefined) {
    const named = await call(cloud, '/me/name', { method: 'PUT', token: idToken, body: { name: options.name } });
    if (named.status !== 200) throw new Error(`PUT /me/name ${options.name}: ${named.status} ${JSON.stringify(named.body)}`);
  }
  return { email, password, name: options.name, idToken, accessToken };
}

export type SignedIn = { idToken: string; accessToken: string; refreshToken: string };

/** Signs in with email and password (USER_PASSWORD_AUTH, as the web app does locally). */
export async function signIn(
  cloud: LocalCloudProcess,
  user: { email: string; password: string },
  clientId = cloud.userPoolClientId,
): Promise<SignedIn> {
  const client = cognitoClient(cloud);
  try {
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
      }),
    );
    const { IdToken, AccessToken, RefreshToken } = auth.AuthenticationResult ?? {};
    if (!IdToken || !AccessToken || !RefreshToken) throw new Error('sign-in returned no tokens');
    return { idToken: IdToken, accessToken: AccessToken, refreshToken: RefreshToken };
  } finally {
    client.destroy();
  }
}
