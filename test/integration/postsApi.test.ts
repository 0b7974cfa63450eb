import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createPrivateKey } from 'node:crypto';
import { createRequire } from 'node:module';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { CreateUserPoolClientCommand } from '@aws-sdk/client-cognito-identity-provider';
import { SignJWT, decodeJwt, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/contract/common';
import { ERRORS, type ErrorBody } from '../../functions/contract/errors';
import { CATEGORIES, type OwnPost, type Post, type PostPage } from '../../functions/contract/posts';
import { call, listPosts, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, decide, publishApproved } from '../support/moderation';
import { cognitoClient, createUser, signIn, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;

beforeAll(async () => {
  cloud = await startLocalCloudProcess();
});
afterAll(async () => {
  await cloud?.stop();
});

/** A fresh signed-in user: each may publish five posts before the rate limit applies. */
const newUser = (name?: string) => createUser(cloud, { name });

let moderatorUser: Promise<TestUser> | undefined;
/** One moderator for the file, created when first needed. */
const moderator = () => (moderatorUser ??= createModerator(cloud));

function expectError(response: { status: number; body: unknown }, code: keyof typeof ERRORS) {
  expect(response.status).toBe(ERRORS[code].status);
  expect(response.body).toEqual({ error: { code, message: ERRORS[code].message } });
}

async function storedItems(): Promise<Record<string, unknown>[]> {
  const client = cloud.dynamodb();
  const { Items } = await client.send(new ScanCommand({ TableName: cloud.tables.posts }));
  client.destroy();
  return (Items ?? []).map((item) => unmarshall(item));
}

describe('GET /posts', () => {
  it('returns the published sample posts of a fresh local cloud, newest publishedAt first, and none of the pending ones', async () => {
    const response = await listPosts(cloud);
    expect(response.status).toBe(200);
    const page = response.body as PostPage;
    expect(page.items.length).toBe(10);
    const dates = page.items.map((post) => post.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const post of page.items) {
      expect(Object.keys(post).sort()).toEqual(['category', 'comments', 'createdAt', 'id', 'name', 'post', 'publishedAt', 'votes']);
      expect(post.comments).toBe(0);
    }
    // The newest three as just published; the older ones come with votes, so a fresh site's Top ranks them.
    expect(page.items.slice(0, 3).map((post) => post.votes)).toEqual(Array(3).fill({ agree: 0, deserved: 0 }));
    for (const post of page.items.slice(3)) expect(post.votes.agree + post.votes.deserved).toBeGreaterThan(0);
    expect((await storedItems()).filter((item) => item.status === 'pending').length).toBeGreaterThanOrEqual(3);
  });

  it('answers 400 INVALID_LIMIT for a limit outside 1–100 or not a whole number', async () => {
    for (const limit of ['0', '101', '-1', '2.5', 'abc', '', '1e2']) {
      expectError(await listPosts(cloud, `?limit=${limit}`), 'INVALID_LIMIT');
    }
  });

  it('answers 400 INVALID_CURSOR for a malformed or forged cursor, never 500', async () => {
    const forged = Buffer.from('not-a-sort-key').toString('base64url');
    for (const cursor of ['garbage', '!!!', forged, 'eyJ9', '%00']) {
      expectError(await listPosts(cloud, `?cursor=${cursor}`), 'INVALID_CURSOR');
    }
  });

  it('filters by each category and answers 400 UNKNOWN_CATEGORY for an unknown or uppercase one', async () => {
    for (const category of CATEGORIES) {
      const response = await listPosts(cloud, `?category=${category}`);
      expect(response.status).toBe(200);
      for (const post of (response.body as PostPage).items) expect(post.category).toBe(category);
    }
    expectError(await listPosts(cloud, '?category=deportes'), 'UNKNOWN_CATEGORY');
    expectError(await listPosts(cloud, '?category=AMOR'), 'UNKNOWN_CATEGORY');
  });

  it('allows the local web origin by CORS and no other', async () => {
    const webOrigin = cloud.webUrl;
    const allowed = await fetch(`${cloud.config.apiUrl}/posts`, {
      method: 'OPTIONS',
      headers: { origin: webOrigin, 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe(webOrigin);
    const other = await fetch(`${cloud.config.apiUrl}/posts`, { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('GET /posts/{id} and /posts/random', () => {
  it('returns a published post by id, and 404 POST_NOT_FOUND for an unknown id and for a post still in moderation', async () => {
    const user = await newUser();
    const pending = (await publish(cloud, user.idToken, { category: 'amistad', post: 'Todavía no' })).body as OwnPost;
    expectError(await call(cloud, `/posts/${pending.id}`), 'POST_NOT_FOUND');
    const created = await publishApproved(cloud, user, await moderator(), { category: 'amistad', post: 'Permalink' });
    const found = await call<Post>(cloud, `/posts/${created.id}`);
    expect(found.status).toBe(200);
    expect(found.body).toEqual(created);
    expectError(await call(cloud, '/posts/00000000-0000-4000-8000-000000000000'), 'POST_NOT_FOUND');
    expectError(await call(cloud, '/posts/no-such-thing'), 'POST_NOT_FOUND');
    expectError(await call(cloud, `/posts/${'a'.repeat(3000)}`), 'POST_NOT_FOUND');
  });

  it('returns a random published post, never one in moderation', async () => {
    const ids = new Set(((await listPosts(cloud, '?limit=100')).body as PostPage).items.map((post) => post.id));
    const seen = new Set<string>();
    for (let i = 0; i < 15; i++) {
      const response = await call<Post>(cloud, '/posts/random');
      expect(response.status).toBe(200);
      expect(ids.has(response.body.id)).toBe(true);
      seen.add(response.body.id);
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe('POST /posts', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await newUser('Rocío');
  });

  it('stores a post in moderation with the server time and the apodo from the names store, and returns 201 with its status', async () => {
    const before = Date.now();
    const response = await publish(cloud, user.idToken, { category: 'trabajo', post: 'Se me cayó el café en el teclado.' });
    expect(response.status).toBe(201);
    const post = response.body as OwnPost;
    expect(post).toEqual({
      id: expect.any(String),
      name: 'Rocío',
      category: 'trabajo',
      post: 'Se me cayó el café en el teclado.',
      createdAt: expect.any(String),
      publishedAt: null,
      votes: { agree: 0, deserved: 0 },
      comments: 0,
      status: 'pending',
      rejection: null,
      resent: false,
    });
    expect(Date.parse(post.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(post.createdAt).toMatch(/Z$/);
    expect(((await listPosts(cloud)).body as PostPage).items.map((p) => p.id)).not.toContain(post.id);
    // Once a moderator lets it in, it heads the feed, with the moment it entered it.
    const { status: _status, rejection: _rejection, resent: _resent, ...published } = post;
    expect((await decide(cloud, (await moderator()).idToken, post.id, 'publish')).status).toBe(200);
    const head = ((await listPosts(cloud)).body as PostPage).items[0];
    expect(head).toEqual({ ...published, publishedAt: expect.any(String) });
    expect(Date.parse(head!.publishedAt)).toBeGreaterThanOrEqual(Date.parse(post.createdAt));
  });

  it('publishes as «Anonimo» when the user has no apodo yet, never any part of the email', async () => {
    const anonymous = await newUser();
    const post = (await publish(cloud, anonymous.idToken, { category: 'varios', post: 'Sin nombre' })).body as Post;
    expect(post.name).toBe('Anonimo');
    expect(JSON.stringify(await storedItems())).not.toContain(anonymous.email.split('@')[0]);
    expect(JSON.stringify(await storedItems())).not.toContain(anonymous.email);
  });

  it('ignores name, createdAt and id in the body and never stores unknown fields', async () => {
    const author = await newUser('Auténtica');
    const response = await publish(cloud, author.idToken, {
      category: 'familia',
      post: 'Campos de más',
      name: 'Impostor',
      createdAt: '1999-01-01T00:00:00.000Z',
      id: 'my-own-id',
      admin: true,
      authorId: 'someone-else',
    });
    expect(response.status).toBe(201);
    const post = response.body as Post;
    expect(post.name).toBe('Auténtica');
    expect(post.createdAt).not.toBe('1999-01-01T00:00:00.000Z');
    expect(post.id).not.toBe('my-own-id');
    const stored = (await storedItems()).find((item) => item.id === post.id);
    expect(stored).toBeDefined();
    expect(stored).not.toHaveProperty('admin');
    expect(stored?.authorId).not.toBe('someone-else');
    expect(stored?.authorId).toBe(decodeJwt(author.idToken).sub);
  });

  it('accepts each category', async () => {
    let poster = await newUser();
    for (const [index, category] of CATEGORIES.entries()) {
      if (index === 5) poster = await newUser();
      const response = await publish(cloud, poster.idToken, { category, post: `En ${category}` });
      expect(response.status).toBe(201);
      expect((response.body as Post).category).toBe(category);
    }
  });

  it('accepts exactly 300 characters with accents and an emoji, and refuses 301 with POST_TOO_LONG', async () => {
    const poster = await newUser();
    const exactly300 = `${'á'.repeat(148)}${'ñ'.repeat(150)}😀`;
    expect(exactly300.length).toBe(300);
    expect((await publish(cloud, poster.idToken, { category: 'amor', post: exactly300 })).status).toBe(201);
    const before = (await storedItems()).length;
    expectError(await publish(cloud, poster.idToken, { category: 'amor', post: `${exactly300}é` }), 'POST_TOO_LONG');
    expect((await storedItems()).length).toBe(before);
  });

  it('refuses empty and whitespace-only text with EMPTY_POST and stores nothing', async () => {
    const poster = await newUser();
    const before = (await storedItems()).length;
    for (const text of ['', '   ', '\n\t  \n']) {
      expectError(await publish(cloud, poster.idToken, { category: 'varios', post: text }), 'EMPTY_POST');
    }
    expect((await storedItems()).length).toBe(before);
  });

  it('refuses personal data with PERSONAL_DATA and stores nothing: e-mails, phones, DNI and NIE; ordinary numbers pass', async () => {
    const poster = await newUser();
    const before = (await storedItems()).length;
    for (const text of [
      'Escribidme a lucia.perez@gmail.com',
      'Llamadme al 612345678',
      'Mi número es +34 612 34 56 78',
      'El fijo: 91 123 45 67',
      'Perdí el DNI 12345678Z',
      'Mi NIE es X1234567L',
    ]) {
      expectError(await publish(cloud, poster.idToken, { category: 'varios', post: text }), 'PERSONAL_DATA');
    }
    expect((await storedItems()).length).toBe(before);
    expect((await publish(cloud, poster.idToken, { category: 'varios', post: 'Me levanté a las 7 y esperé 3 horas' })).status).toBe(201);
  });

  it('refuses an unknown or uppercase category with UNKNOWN_CATEGORY', async () => {
    const poster = await newUser();
    expectError(await publish(cloud, poster.idToken, { category: 'deportes', post: 'x' }), 'UNKNOWN_CATEGORY');
    expectError(await publish(cloud, poster.idToken, { category: 'AMOR', post: 'x' }), 'UNKNOWN_CATEGORY');
  });

  it('refuses invalid JSON, a body of the wrong shape, and a body over 16 KiB', async () => {
    const poster = await newUser();
    expectError(await call(cloud, '/posts', { method: 'POST', token: poster.idToken, rawBody: '{"category":' }), 'INVALID_JSON');
    expectError(await publish(cloud, poster.idToken, ['amor', 'texto']), 'INVALID_REQUEST');
    expectError(await publish(cloud, poster.idToken, { category: 'amor', post: 42 }), 'INVALID_REQUEST');
    expectError(await publish(cloud, poster.idToken, { category: 'amor', post: 'x'.repeat(MAX_BODY_BYTES) }), 'PAYLOAD_TOO_LARGE');
  });

  it('lets exactly five of ten simultaneous posts by one user through', async () => {
    const poster = await newUser();
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        publish(cloud, poster.idToken, { category: 'varios', post: `A la vez ${i}` }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('does not count refused requests against the limit', async () => {
    const poster = await newUser();
    for (const body of [
      { category: 'varios', post: '  ' },
      { category: 'nada', post: 'x' },
      { category: 'varios', post: 'x'.repeat(301) },
    ]) {
      expect((await publish(cloud, poster.idToken, body)).status).toBe(400);
    }
    for (let i = 1; i <= 5; i++) {
      expect((await publish(cloud, poster.idToken, { category: 'varios', post: `Válido ${i}` })).status).toBe(201);
    }
  });

  it('answers 429 RATE_LIMITED on the sixth post in ten minutes and stores nothing for it', async () => {
    const poster = await newUser();
    for (let i = 1; i <= 5; i++) {
      expect((await publish(cloud, poster.idToken, { category: 'varios', post: `Post ${i}` })).status).toBe(201);
    }
    const before = (await storedItems()).length;
    expectError(await publish(cloud, poster.idToken, { category: 'varios', post: 'Post 6' }), 'RATE_LIMITED');
    expect((await storedItems()).length).toBe(before);
    // Another user is not affected.
    expect((await publish(cloud, (await newUser()).idToken, { category: 'varios', post: 'Otro' })).status).toBe(201);
  });
});

describe('POST /posts authorization', () => {
  const body = { category: 'amor', post: 'Sin permiso' };

  async function expectRefused(token: string | undefined) {
    const before = (await storedItems()).length;
    expectError(await call(cloud, '/posts', { method: 'POST', token, body }), 'UNAUTHORIZED');
    expect((await storedItems()).length).toBe(before);
  }

  it('refuses a request with no token or a token that is not a JWT', async () => {
    await expectRefused(undefined);
    await expectRefused('not-a-token');
  });

  /** The local pool's own signing key (made for its data folder: infra/local/aws/cognito/signingKey.ts). */
  const poolKey = () => {
    const jwk = JSON.parse(readFileSync(join(cloud.dataDir, 'cognito', 'signing-key.json'), 'utf8')) as import('node:crypto').JsonWebKey & {
      kid: string;
    };
    return { kid: jwk.kid, key: createPrivateKey({ key: jwk, format: 'jwk' }) };
  };

  it('accepts a token signed by the pool key (so the refusals below are for what they say)', async () => {
    const { kid, key } = poolKey();
    const claims = decodeJwt((await newUser('Con clave')).idToken);
    const resigned = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
    expect((await call(cloud, '/posts', { method: 'POST', token: resigned, body })).status).toBe(201);
  });

  it('refuses an expired token signed by the pool key', async () => {
    const { kid, key } = poolKey();
    const user = await newUser();
    const claims = decodeJwt(user.idToken);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 }).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
    await expectRefused(expired);
  });

  it('refuses a pool-signed token from another issuer, and one without an expiry', async () => {
    const { kid, key } = poolKey();
    const claims = decodeJwt((await newUser()).idToken);
    const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
    await expectRefused(await sign({ ...claims, iss: 'http://127.0.0.1:1/local_other' }));
    const { exp: _exp, ...withoutExpiry } = claims;
    await expectRefused(await sign(withoutExpiry));
  });

  it('refuses a token signed with the key cognito-local publishes in its package, a moderator group included', async () => {
    const require = createRequire(import.meta.url);
    const { pem } = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
    const claims = decodeJwt((await newUser()).idToken);
    const forged = await new SignJWT({ ...claims, 'cognito:groups': ['moderadores'] })
      .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
      .sign(createPrivateKey(pem));
    await expectRefused(forged);
    expectError(await call(cloud, '/moderation/next', { token: forged }), 'UNAUTHORIZED');
  });

  it('refuses an access token: it passes the authorizer but carries no name to publish under', async () => {
    await expectRefused((await newUser('Con acceso')).accessToken);
  });

  it('refuses a token signed by another key', async () => {
    const user = await newUser();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(user.idToken)).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(privateKey);
    await expectRefused(forged);
  });

  it('refuses a token issued to another app client', async () => {
    const user = await newUser();
    const client = cognitoClient(cloud);
    const other = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: cloud.userPoolId,
        ClientName: `other-${Date.now()}`,
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH'],
      }),
    );
    client.destroy();
    await expectRefused((await signIn(cloud, user, other.UserPoolClient?.ClientId)).idToken);
  });

  it('never logs tokens', async () => {
    const user = await newUser();
    await publish(cloud, user.idToken, { category: 'amor', post: 'Registro' });
    expect(cloud.output()).toContain('"route":"POST /posts"');
    expect(cloud.output()).not.toContain(user.idToken);
    expect(cloud.output()).not.toContain(user.idToken.split('.')[2]);
  });
});

describe('errors for programs', () => {
  it('answers an unknown route with 404 and the error shape', async () => {
    const response = await call<ErrorBody>(cloud, '/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('ROUTE_NOT_FOUND');
  });
});
