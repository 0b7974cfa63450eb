/**
 * Accounts against the real local cloud: the apodo (stored by the API, unique, never a token claim),
 * hostile names (look-alikes, invisible characters, e-mail addresses), invisible posts, and deleting an account.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { AdminGetUserCommand, UpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { describe, expect, it } from 'vitest';
import { type Me } from '../../functions/contract/accounts';
import { type Comment, type CommentPage } from '../../functions/contract/comments';
import { ERRORS, type ErrorCode } from '../../functions/contract/errors';
import { type OwnPost, type OwnPostPage, type Post } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { decide } from '../support/moderation';
import { cognitoClient, createUser, signIn, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: true });

const me = (user: TestUser) => call<Me>(site.cloud, '/me', { token: user.idToken });
const rename = (user: TestUser, name: unknown) =>
  call<{ name: string }>(site.cloud, '/me/name', { method: 'PUT', token: user.idToken, body: { name } });

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

/** A new anecdote each time (the same text twice is a duplicate, 409 DUPLICATE_POST). */
async function send(user: TestUser, post = `Hoy se me ha roto el paraguas dos veces (${randomUUID().slice(0, 8)}).`): Promise<OwnPost> {
  const response = await publish(site.cloud, user.idToken, { category: 'varios', post });
  expect(response.status).toBe(201);
  return response.body as OwnPost;
}

/** Every item of every table of this cloud's database, as JSON text. */
async function everything(): Promise<string> {
  const client = site.cloud.dynamodb();
  try {
    const { TableNames = [] } = await client.send(new ListTablesCommand({}));
    const items: unknown[] = [];
    for (const TableName of TableNames) {
      const { Items = [] } = await client.send(new ScanCommand({ TableName, ConsistentRead: true }));
      items.push(...Items.map((item) => unmarshall(item)));
    }
    return JSON.stringify(items);
  } finally {
    client.destroy();
  }
}

describe('GET /me and PUT /me/name', () => {
  it('has no apodo until one is chosen, then returns it with the email and role', async () => {
    const user = await createUser(site.cloud);
    expect(await me(user)).toMatchObject({ status: 200, body: { name: null, email: user.email, moderator: false } });
    expect(await rename(user, '  Begoña  ')).toMatchObject({ status: 200, body: { name: 'Begoña' } });
    expect((await me(user)).body).toEqual({
      name: 'Begoña',
      email: user.email,
      moderator: false,
      suspendedUntil: null,
      suspensionReason: null,
      unreadNotifications: 0,
      appeal: null,
    });
    expect((await me(site.moderator)).body.moderator).toBe(true);
  });

  it('refuses every hostile name with INVALID_NAME, and a look-alike of a taken one with NAME_TAKEN', async () => {
    const alice = await createUser(site.cloud, { name: 'Alice' });
    const other = await createUser(site.cloud);
    for (const name of [
      'Alice\u200b',
      'Alice\u202Eecila',
      'alice＠example.com',
      'alice@example.com',
      'Ａｌｉｃｅ',
      'Moderador oficial de Vaya día',
      'Al',
    ]) {
      expectError(await rename(other, name), 'INVALID_NAME');
    }
    for (const name of ['alice', 'ÁLICE', 'Álíce']) expectError(await rename(other, name), 'NAME_TAKEN');
    expect((await me(other)).body.name).toBeNull();
    expect((await me(alice)).body.name).toBe('Alice');
  });

  it('refuses the red team’s look-alike names: reserved words behind confusable letters, and «Alıce» beside «Alice»', async () => {
    const alice = await createUser(site.cloud, { name: 'Alice Lookalike' });
    const other = await createUser(site.cloud);
    // U+0251 Latin alpha, U+1D0F small capital O, dotless ı, a small capital A, a Cyrillic а among Latin letters.
    for (const name of ['Moderɑdora', 'Mᴏderadora', 'Anónımo', 'Vɑya día', 'Admınistrador', 'ᴀlice', 'Mаrta Latina']) {
      expectError(await rename(other, name), 'INVALID_NAME');
    }
    // The same letters as a held name, up to the confusable skeleton (UTS #39).
    for (const name of ['Alıce Lookalike', 'A1ice Lookalike', 'ALICE LOOKALıKE']) expectError(await rename(other, name), 'NAME_TAKEN');
    expect((await me(other)).body.name).toBeNull();
    expect((await me(alice)).body.name).toBe('Alice Lookalike');
  });

  it('gives a name to exactly one of twenty accounts claiming it at once', async () => {
    const users: TestUser[] = [];
    for (let i = 0; i < 20; i++) users.push(await createUser(site.cloud));
    const responses = await Promise.all(users.map((user) => rename(user, 'Solo Una')));
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const response of responses.filter((r) => r.status === 409)) expectError(response, 'NAME_TAKEN');
    const holders = await Promise.all(users.map(async (user) => (await me(user)).body.name));
    expect(holders.filter((name) => name === 'Solo Una')).toHaveLength(1);
  });

  it('ends ten renames sent at once with exactly the hour’s limit claimed, every post and comment signed by the name held, no freed name on anything', async () => {
    const user = await createUser(site.cloud, { name: 'Carrera 0' });
    const posts = [
      await send(user, 'Una carrera de nombres, primera anécdota.'),
      await send(user, 'Una carrera de nombres, segunda anécdota.'),
    ];
    expect((await decide(site.cloud, site.moderator.idToken, posts[0]!.id, 'publish')).status).toBe(200);
    const comments = await Promise.all(
      ['uno', 'dos', 'tres'].map((text) =>
        call<Comment>(site.cloud, `/posts/${posts[0]!.id}/comments`, { method: 'POST', token: user.idToken, body: { text } }),
      ),
    );
    expect(comments.map((comment) => comment.status)).toEqual([201, 201, 201]);
    const names = Array.from({ length: 10 }, (_, i) => `Carrera 1-${i}`);
    const responses = await Promise.all(names.map((name) => rename(user, name)));
    // The claim at sign-up was the first of the hour's RENAME_RATE_LIMIT: exactly the other four go through.
    expect(responses.map((response) => response.status).sort()).toEqual([...Array<number>(4).fill(200), ...Array<number>(6).fill(429)]);
    for (const response of responses.filter((r) => r.status === 429)) expectError(response, 'TOO_MANY_RENAMES');
    const held = (await me(user)).body.name;
    expect(names).toContain(held);
    const own = (await call<OwnPostPage>(site.cloud, '/me/posts', { token: user.idToken })).body.items;
    expect(own.map((post) => post.name)).toEqual([held, held]);
    const signed = (await call<CommentPage>(site.cloud, `/posts/${posts[0]!.id}/comments`)).body.items.map((comment) => comment.name);
    expect(signed).toEqual([held, held, held]);
    // Every name but the one held is free again: another account can take it.
    const freed = names.find((name) => name !== held)!;
    const newcomer = await createUser(site.cloud);
    expect(await rename(newcomer, freed)).toMatchObject({ status: 200, body: { name: freed } });
  });

  it('signs the old posts with the new name and frees the old name for someone else', async () => {
    const user = await createUser(site.cloud, { name: 'Antes' });
    const post = await send(user);
    expect((await decide(site.cloud, site.moderator.idToken, post.id, 'publish')).status).toBe(200);
    const comment = await call<Comment>(site.cloud, `/posts/${post.id}/comments`, {
      method: 'POST',
      token: user.idToken,
      body: { text: 'Firmado' },
    });
    expect(comment.body.name).toBe('Antes');
    expect(await rename(user, 'Después')).toMatchObject({ status: 200 });
    const own = (await call<OwnPostPage>(site.cloud, '/me/posts', { token: user.idToken })).body.items;
    expect(own.find((item) => item.id === post.id)?.name).toBe('Después');
    const comments = (await call<CommentPage>(site.cloud, `/posts/${post.id}/comments`)).body.items;
    expect(comments.map((c) => [c.id, c.name])).toEqual([[comment.body.id, 'Después']]);
    const newcomer = await createUser(site.cloud);
    expect(await rename(newcomer, 'antes')).toMatchObject({ status: 200, body: { name: 'antes' } });
  });
});

describe('the published name', () => {
  it('is not changed by the rename attack: UpdateUserAttributes name=… with the user’s own access token', async () => {
    const user = await createUser(site.cloud, { name: 'Honrada' });
    const client = cognitoClient(site.cloud);
    try {
      await client.send(
        new UpdateUserAttributesCommand({ AccessToken: user.accessToken, UserAttributes: [{ Name: 'name', Value: 'Moderadora' }] }),
      );
    } finally {
      client.destroy();
    }
    // A fresh ID token now carries name=Moderadora (the local cloud adds it as Cognito does).
    const fresh = await signIn(site.cloud, user);
    const post = await send({ ...user, idToken: fresh.idToken });
    expect(post.name).toBe('Honrada');
    expect((await decide(site.cloud, site.moderator.idToken, post.id, 'publish')).status).toBe(200);
    expect((await call<Post>(site.cloud, `/posts/${post.id}`)).body.name).toBe('Honrada');
  });

  it('refuses a post of only invisible characters with EMPTY_POST', async () => {
    const user = await createUser(site.cloud, { name: 'Invisible' });
    for (const text of ['\u200b\u200b\u200b', '\u200d\u2060\ufeff', '\u0000\u0000', '\u3164 \u2800']) {
      expectError(await publish(site.cloud, user.idToken, { category: 'varios', post: text }), 'EMPTY_POST');
    }
  });
});

describe('DELETE /me', () => {
  it('deletes the Cognito user, frees the apodo and leaves the posts signed «Anonimo», the email nowhere', async () => {
    const user = await createUser(site.cloud, { name: 'Efímera' });
    const pending = await send(user, 'Una que queda pendiente.');
    const published = await send(user, 'Una que se publica.');
    expect((await decide(site.cloud, site.moderator.idToken, published.id, 'publish')).status).toBe(200);
    const comment = await call<Comment>(site.cloud, `/posts/${published.id}/comments`, {
      method: 'POST',
      token: user.idToken,
      body: { text: 'Me voy' },
    });
    expect(comment.body.name).toBe('Efímera');

    expect(await call(site.cloud, '/me', { method: 'DELETE', token: user.idToken })).toMatchObject({ status: 204 });
    expect((await call<CommentPage>(site.cloud, `/posts/${published.id}/comments`)).body.items).toEqual([
      { ...comment.body, name: 'Anonimo' },
    ]);

    expect((await call<Post>(site.cloud, `/posts/${published.id}`)).body).toMatchObject({ id: published.id, name: 'Anonimo' });
    const stored = JSON.parse(await everything()) as Array<Record<string, unknown>>;
    expect(stored.find((item) => item.id === pending.id)).toMatchObject({ name: 'Anonimo' });
    expect(JSON.stringify(stored)).not.toContain(user.email);
    expect(JSON.stringify(stored)).not.toContain('Efímera');
    const client = cognitoClient(site.cloud);
    try {
      await expect(client.send(new AdminGetUserCommand({ UserPoolId: site.cloud.userPoolId, Username: user.email }))).rejects.toMatchObject(
        {
          name: 'UserNotFoundException',
        },
      );
    } finally {
      client.destroy();
    }
    await expect(signIn(site.cloud, user)).rejects.toBeTruthy();
    // Its ID token is still valid for a while: it can neither squat a name nor publish.
    expect((await rename(user, 'Okupa')).status).toBe(401);
    expect((await publish(site.cloud, user.idToken, { category: 'varios', post: 'Desde una cuenta borrada' })).status).toBe(401);
    const newcomer = await createUser(site.cloud);
    expect(await rename(newcomer, 'Efímera')).toMatchObject({ status: 200 });
  });
});
