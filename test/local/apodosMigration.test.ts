/**
 * The local cloud's start-up migration (infra/local/fixtures/migrations/apodosForOldData.ts): data written before apodos existed —
 * posts signed with the Cognito `name` attribute or the email's local part — gets an apodo or
 * «Anonimo» at the next start; and apodos claimed before keys were confusable skeletons move to
 * today's key (infra/local/fixtures/migrations/nameKeysToSkeletons.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { ConfirmSignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DeleteItemCommand, PutItemCommand, UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { type Me } from '../../functions/contract/accounts';
import { nameKey } from '../../functions/contract/apodos';
import type { OwnPost, OwnPostPage } from '../../functions/contract/posts';
import { DEMO_MODERATOR } from '../../infra/local/fixtures/demoModerator';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { cognitoClient, createUser, signIn, signUp, TEST_PASSWORD } from '../support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-names-'));
let cloud: LocalCloudProcess | undefined;

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An account as the old site made it: the name as a Cognito attribute, nothing in the names table. */
async function oldAccount(running: LocalCloudProcess, email: string, name: string) {
  const client = cognitoClient(running);
  const password = TEST_PASSWORD;
  try {
    await signUp(client, running, email, { name });
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: running.userPoolClientId,
        Username: email,
        ConfirmationCode: await running.confirmationCode(email),
      }),
    );
  } finally {
    client.destroy();
  }
  return { email, password };
}

/** Signs a stored post as the old site did (a name, and no version of the account row it came from). */
async function signAsBefore(running: LocalCloudProcess, id: string, name: string) {
  const client = running.dynamodb();
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: running.tables.posts,
        Key: { id: { S: id } },
        UpdateExpression: 'SET #n = :n REMOVE #v',
        ExpressionAttributeNames: { '#n': 'name', '#v': 'nameVersion' },
        ExpressionAttributeValues: { ':n': { S: name } },
      }),
    );
  } finally {
    client.destroy();
  }
}

describe('apodos for data from before them', () => {
  it('gives each old author their name attribute as apodo when it is valid and not their email, else «Anonimo»', async () => {
    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    const tag = randomUUID().slice(0, 6);
    const named = await oldAccount(cloud, `begona-${tag}@example.com`, `Begoña ${tag}`);
    const localPart = `juan.perez.${tag}`;
    const emailNamed = await oldAccount(cloud, `${localPart}@example.com`, localPart);
    const posts: Record<string, OwnPost> = {};
    for (const [key, account, oldName] of [
      ['named', named, `Begoña ${tag}`],
      ['emailNamed', emailNamed, localPart],
    ] as const) {
      const { idToken } = await signIn(cloud, account);
      posts[key] = (await publish(cloud, idToken, { category: 'varios', post: `De antes (${key})` })).body as OwnPost;
      await signAsBefore(cloud, posts[key].id, oldName);
    }
    await cloud.stop();

    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    const running = cloud;
    const after = async (account: { email: string; password: string }) => {
      const { idToken } = await signIn(running, account);
      const me = (await call<Me>(running, '/me', { token: idToken })).body;
      const own = (await call<OwnPostPage>(running, '/me/posts', { token: idToken })).body.items;
      return { me, names: own.map((post) => post.name) };
    };
    expect(await after(named)).toEqual({
      me: {
        name: `Begoña ${tag}`,
        email: named.email,
        moderator: false,
        suspendedUntil: null,
        suspensionReason: null,
        appeal: null,
        unreadNotifications: 0,
      },
      names: [`Begoña ${tag}`],
    });
    expect(await after(emailNamed)).toEqual({
      me: {
        name: null,
        email: emailNamed.email,
        moderator: false,
        suspendedUntil: null,
        suspensionReason: null,
        appeal: null,
        unreadNotifications: 0,
      },
      names: ['Anonimo'],
    });
    // The demo moderator signs as «Moderadora», a name others may not take.
    const moderator = await signIn(running, DEMO_MODERATOR);
    expect((await call<Me>(running, '/me', { token: moderator.idToken })).body.name).toBe('Moderadora');
    // Two starts of a local cloud on the same data folder: ~45 s on a busy CI host.
  }, 180_000);

  it('moves an apodo claimed under the old key (case and accents only) to its confusable skeleton, so look-alikes are taken', async () => {
    cloud ??= await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    const tag = randomUUID().slice(0, 6);
    const name = `Marta ${tag}`;
    const holder = await createUser(cloud, { name });
    // As the site stored it before: the name row under the old key (no «m» → «rn»), the account pointing at it.
    const oldKey = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
    expect(oldKey).not.toBe(nameKey(name));
    const client = cloud.dynamodb();
    const { sub } = JSON.parse(Buffer.from(holder.idToken.split('.')[1]!, 'base64url').toString()) as { sub: string };
    try {
      await client.send(new DeleteItemCommand({ TableName: cloud.tables.names, Key: { key: { S: `name#${nameKey(name)}` } } }));
      await client.send(
        new PutItemCommand({
          TableName: cloud.tables.names,
          Item: { key: { S: `name#${oldKey}` }, userId: { S: sub }, name: { S: name } },
        }),
      );
      await client.send(
        new UpdateItemCommand({
          TableName: cloud.tables.names,
          Key: { key: { S: `user#${sub}` } },
          UpdateExpression: 'SET nameKey = :old REMOVE version',
          ExpressionAttributeValues: { ':old': { S: oldKey } },
        }),
      );
    } finally {
      client.destroy();
    }
    await cloud.stop();

    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    const other = await createUser(cloud);
    const lookalike = await call(cloud, '/me/name', { method: 'PUT', token: other.idToken, body: { name: `rnarta ${tag}` } });
    expect(lookalike).toMatchObject({ status: 409, body: { error: { code: 'NAME_TAKEN' } } });
    const { idToken } = await signIn(cloud, holder);
    expect((await call<Me>(cloud, '/me', { token: idToken })).body.name).toBe(name);
  });
});
