/**
 * Account state on every signed-in route (docs/api.md, "Account state"): a token outlives its account's
 * deletion or suspension by up to an hour, so the API reads the account's state on every route, in
 * one place. The routes are walked from the function manifest, so a route added later is covered.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../functions/contract/errors';
import { allRoutes, routeKey, routes, type Route } from '../../functions/contract/routes';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let documents: DynamoDBDocumentClient;
let postId: string;
let commentId: string;

/** Every route behind the authorizer, `DELETE /me` last (it ends the account it is called with). */
const signedInRoutes: Route[] = allRoutes()
  .map(({ route }) => route)
  .filter((route) => route.auth !== 'public')
  .sort((a, b) => Number(a === routes.accounts.remove) - Number(b === routes.accounts.remove));

const PUSH_ENDPOINT = `http://127.0.0.1:9/push/${randomUUID()}`;
const PUSH_KEY = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey().toString('base64url');
})();

const label = routeKey;

/** The route's path with real ids in it, and a body that would pass validation where one is needed. */
function request(route: Route): { path: string; body?: unknown } {
  const path = route.path
    .replace('{id}', route.path.startsWith('/comments/') ? commentId : postId)
    .replace('{name}', encodeURIComponent('Autora ajena'));
  const bodies: Record<string, unknown> = {
    'POST /posts': { category: 'varios', post: `Desde una cuenta que no debería poder (${randomUUID()}).` },
    'POST /posts/{id}/comments': { text: 'No debería quedar.' },
    'POST /posts/{id}/report': { reason: 'spam' },
    'PUT /posts/{id}': { category: 'varios', post: `Reenviada desde una cuenta que no debería (${randomUUID()}).` },
    'POST /comments/{id}/report': { reason: 'spam' },
    'PUT /moderation/{id}/vote': { vote: 'publish' },
    'PUT /moderation/{id}/skip': undefined,
    'PUT /moderation/{id}/decision': { decision: 'publish' },
    'PUT /comments/{id}/decision': { decision: 'publish' },
    'PUT /posts/{id}/vote': { vote: 'agree' },
    'PUT /comments/{id}/vote': { vote: 'up' },
    'PUT /me/name': { name: `Nombre ${randomUUID().slice(0, 6)}` },
    // A subscription that would be kept (an endpoint on the local cloud's loopback receiver list, real keys).
    'PUT /me/push-subscriptions': { endpoint: PUSH_ENDPOINT, keys: { p256dh: PUSH_KEY, auth: randomBytes(16).toString('base64url') } },
    'DELETE /me/push-subscriptions': { endpoint: PUSH_ENDPOINT },
  };
  const ids = route === routes.votes.mine ? `?ids=${postId}` : route === routes.comments.myVotes ? `?ids=${commentId}` : '';
  return { path: `${path}${ids}`, body: bodies[label(route)] };
}

async function callRoute(route: Route, user: TestUser) {
  const { path, body } = request(route);
  return call<ErrorBody | undefined>(cloud, path, { method: route.method, token: user.idToken, body });
}

/** Writes a suspension straight onto the account's row, as a moderator's suspension will. */
async function suspend(user: TestUser, until: Date): Promise<void> {
  const { sub } = decodeJwt(user.idToken);
  await documents.send(
    new UpdateCommand({
      TableName: cloud.tables.names,
      Key: { key: `user#${sub}` },
      UpdateExpression: 'SET suspendedUntil = :until',
      ExpressionAttributeValues: { ':until': until.toISOString() },
    }),
  );
}

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  documents = DynamoDBDocumentClient.from(cloud.dynamodb());
  const moderator = await createModerator(cloud);
  const author = await createUser(cloud, { name: 'Autora ajena' });
  const post = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'Una anécdota publicada de otra persona.' });
  postId = post.id;
  const comment = await call<{ id: string }>(cloud, `/posts/${postId}/comments`, {
    method: 'POST',
    token: author.idToken,
    body: { text: 'Un comentario de otra persona.' },
  });
  commentId = comment.body.id;
}, 300_000);

afterAll(async () => {
  documents?.destroy();
  await cloud?.stop();
});

describe('a deleted account', () => {
  it('gets 401 ACCOUNT_DELETED on every signed-in route of the manifest, reads included', async () => {
    // No name: the account has called no route before its deletion, so no container remembers it alive.
    const user = await createUser(cloud);
    expect(await call(cloud, '/me', { method: 'DELETE', token: user.idToken })).toMatchObject({ status: 204 });

    const answers: Record<string, unknown> = {};
    for (const route of signedInRoutes) {
      const { status, body } = await callRoute(route, user);
      answers[label(route)] = { status, code: body?.error.code };
    }
    const expected = Object.fromEntries(
      signedInRoutes.map((route) => [
        label(route),
        // Only a deletion cut short may be finished with the old token: it changes nothing but the account's own traces.
        label(route) === 'DELETE /me' ? { status: 204, code: undefined } : { status: 401, code: 'ACCOUNT_DELETED' },
      ]),
    );
    expect(answers).toEqual(expected);
    expect(signedInRoutes.length).toBeGreaterThanOrEqual(18);
  }, 180_000); // every signed-in route, each function started cold once
});

describe('a suspended account', () => {
  it('gets 403 ACCOUNT_SUSPENDED on every write, and keeps its reads and the deletion of its own things', async () => {
    const user = await createUser(cloud);
    await suspend(user, new Date(Date.now() + 24 * 60 * 60 * 1000));

    const refused: string[] = [];
    const allowed: string[] = [];
    for (const route of signedInRoutes) {
      const { status, body } = await callRoute(route, user);
      if (status === 403 && body?.error.code === 'ACCOUNT_SUSPENDED') refused.push(label(route));
      else allowed.push(label(route));
    }
    const kept = [
      'DELETE /posts/{id}',
      'DELETE /comments/{id}',
      'DELETE /me',
      'POST /me/notifications/read',
      'DELETE /me/push-subscriptions',
      'POST /me/appeal',
    ];
    expect(allowed.sort()).toEqual(
      signedInRoutes
        .filter((route) => route.method === 'GET' || kept.includes(label(route)))
        .map(label)
        .sort(),
    );
    expect(refused.sort()).toEqual(
      signedInRoutes
        .filter((route) => route.method !== 'GET' && !kept.includes(label(route)))
        .map(label)
        .sort(),
    );
  }, 180_000);

  it('sees when the suspension ends in GET /me', async () => {
    const user = await createUser(cloud);
    const until = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await suspend(user, until);
    expect(await call(cloud, '/me', { token: user.idToken })).toMatchObject({ status: 200, body: { suspendedUntil: until.toISOString() } });
  });

  it('writes again once the suspension is over', async () => {
    const user = await createUser(cloud);
    await suspend(user, new Date(Date.now() - 1000));
    expect((await publish(cloud, user.idToken, { category: 'varios', post: 'Ya puedo volver a escribir.' })).status).toBe(201);
    expect(await call(cloud, '/me', { token: user.idToken })).toMatchObject({ status: 200, body: { suspendedUntil: null } });
  });
});
