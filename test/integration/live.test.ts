import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveMessage } from '../../functions/contract/live';
import type { OwnPost, Post } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { liveReader, publishedMessage, putGoneConnection, removedMessage, type LiveReader } from '../support/live';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, decide, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let dynamo: DynamoDBClient;
let author: TestUser;
let moderator: TestUser;
const opened: WebSocket[] = [];
const readers: LiveReader[] = [];

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  dynamo = cloud.dynamodb();
  author = await createUser(cloud, { name: 'Directo' });
  moderator = await createModerator(cloud);
});
afterAll(async () => {
  for (const socket of opened) socket.terminate();
  for (const reader of readers) reader.close();
  dynamo?.destroy();
  await cloud?.stop();
});

/** A WebSocket client that records every message it receives. */
async function connectClient(): Promise<{ socket: WebSocket; messages: LiveMessage[]; next(): Promise<LiveMessage> }> {
  const socket = new WebSocket(cloud.config.wsUrl);
  opened.push(socket);
  const messages: LiveMessage[] = [];
  const waiters: Array<(message: LiveMessage) => void> = [];
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString('utf8')) as LiveMessage; // text frames arrive as one Buffer
    messages.push(message);
    waiters.shift()?.(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    socket,
    messages,
    next: () =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no live message within 5 s')), 5000);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      }),
  };
}

async function connectionRowExists(connectionId: string): Promise<boolean> {
  const { Item } = await dynamo.send(
    new GetItemCommand({ TableName: cloud.tables.connections, Key: { connectionId: { S: connectionId } } }),
  );
  return Item !== undefined;
}

async function connectionCount(): Promise<number> {
  const { ScanCommand } = await import('@aws-sdk/client-dynamodb');
  return (await dynamo.send(new ScanCommand({ TableName: cloud.tables.connections, Select: 'COUNT' }))).Count ?? 0;
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting until ${what}`);
}

const idOf = (message: LiveMessage) =>
  message.type === 'post.published'
    ? message.post.id
    : message.type === 'comment.created'
      ? message.comment.id
      : message.type === 'notification.created'
        ? message.notification.id
        : message.id;

describe('live updates over the WebSocket', () => {
  it('sends nothing for a post in moderation, then post.published with the public post to every open client when it is published', async () => {
    const [a, b] = await Promise.all([liveReader(cloud), liveReader(cloud)]);
    readers.push(a, b);
    const created = await publish(cloud, author.idToken, { category: 'amor', post: 'En directo' });
    expect(created.status).toBe(201);
    const { id } = created.body as OwnPost;
    expect((await decide(cloud, moderator.idToken, id, 'publish')).status).toBe(200);
    const post = (await call<Post>(cloud, `/posts/${id}`)).body;
    const expected: LiveMessage = { type: 'post.published', post };
    expect(await a.waitFor(publishedMessage(id))).toEqual(expected);
    expect(await b.waitFor(publishedMessage(id))).toEqual(expected);
    // One message each and no more: the post's record in moderation comes before its publication's on the
    // same stream shard, so anything sent for it while pending would have reached the readers first.
    expect([...a.messages, ...b.messages].filter((message) => idOf(message) === id)).toHaveLength(2);
    expect(Object.keys(post).sort()).toEqual(['category', 'comments', 'createdAt', 'id', 'name', 'post', 'publishedAt', 'votes']);
  });

  it('sends post.removed when a published post is deleted', async () => {
    // Left open until the end, so the connection counts of the next tests do not move under them.
    const reader = await liveReader(cloud);
    readers.push(reader);
    const post = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'Me voy' });
    await reader.waitFor(publishedMessage(post.id));
    expect((await call(cloud, `/posts/${post.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    expect(await reader.waitFor(removedMessage(post.id))).toEqual({ type: 'post.removed', id: post.id });
  });

  it('removes the connection row of a client that closes', async () => {
    const before = await connectionCount();
    const client = await connectClient();
    await eventually(async () => (await connectionCount()) === before + 1, 'the new connection is stored');
    client.socket.close();
    await eventually(async () => (await connectionCount()) === before, 'the closed connection is removed');
  });

  it('deletes a stale connection row on 410 Gone while live clients still get the message', async () => {
    const live = await connectClient();
    const staleId = 'c3RhbGVjb25uZWN0aW9u';
    await putGoneConnection(dynamo, cloud, staleId);
    expect(await connectionRowExists(staleId)).toBe(true);
    const received = live.next();
    const post = await publishApproved(cloud, author, moderator, { category: 'trabajo', post: 'Con un fantasma conectado' });
    expect(await received).toEqual({ type: 'post.published', post });
    await eventually(async () => !(await connectionRowExists(staleId)), 'the stale row is deleted');
  });

  it('delivers nothing twice to one client for one post', async () => {
    const client = await connectClient();
    const received = client.next();
    const post = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'Una sola vez' });
    await received;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages.filter((message) => idOf(message) === post.id)).toHaveLength(1);
  });
});

describe('the @connections API', () => {
  it('is not on the public WebSocket port, and on its own port answers only calls signed with the local functions’ secret', async () => {
    const { ScanCommand } = await import('@aws-sdk/client-dynamodb');
    const ids = async () =>
      new Set(
        (
          (await dynamo.send(new ScanCommand({ TableName: cloud.tables.connections, ProjectionExpression: 'connectionId' }))).Items ?? []
        ).map((item) => item.connectionId!.S!),
      );
    const before = await ids();
    const reader = await liveReader(cloud);
    readers.push(reader);
    let target: string | undefined;
    await eventually(async () => {
      target = [...(await ids())].find((id) => !before.has(id));
      return target !== undefined;
    }, 'the new connection is recorded');
    const path = `/@connections/${encodeURIComponent(target!)}`;
    const forged = JSON.stringify({ type: 'post.published', post: { id: 'falsa', post: '¡Falsa!' } });

    // The public port serves WebSocket upgrades only.
    const publicPort = cloud.config.wsUrl.replace(/^ws:/, 'http:');
    expect((await fetch(`${publicPort}${path}`, { method: 'POST', body: forged })).status).toBe(426);
    expect((await fetch(`${publicPort}${path}`, { method: 'DELETE' })).status).toBe(426);
    // Its own port: unsigned, or signed with another secret, is forbidden.
    expect((await fetch(`${cloud.connectionsEndpoint}${path}`, { method: 'POST', body: forged })).status).toBe(403);
    expect((await fetch(`${cloud.connectionsEndpoint}${path}`, { method: 'DELETE' })).status).toBe(403);
    const { ApiGatewayManagementApiClient, PostToConnectionCommand } = await import('@aws-sdk/client-apigatewaymanagementapi');
    const impostor = new ApiGatewayManagementApiClient({
      endpoint: cloud.connectionsEndpoint,
      region: cloud.config.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'una-que-no-es' },
    });
    try {
      await expect(impostor.send(new PostToConnectionCommand({ ConnectionId: target!, Data: Buffer.from(forged) }))).rejects.toMatchObject({
        $metadata: { httpStatusCode: 403 },
      });
    } finally {
      impostor.destroy();
    }
    // The reader heard nothing forged and is still connected: a real publication still reaches it.
    const post = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'La de verdad, tras los intentos' });
    await reader.waitFor(publishedMessage(post.id));
    expect(reader.messages.some((message) => message.type === 'post.published' && message.post.id === 'falsa')).toBe(false);
  });
});
