import { DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveMessage, Post } from '../../functions/contract';
import { publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let dynamo: DynamoDBClient;
let author: TestUser;
const opened: WebSocket[] = [];

beforeAll(async () => {
  cloud = await startLocalCloudProcess();
  dynamo = cloud.dynamodb();
  author = await createUser(cloud, { name: 'Directo' });
});
afterAll(async () => {
  for (const socket of opened) socket.terminate();
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
  const { Item } = await dynamo.send(new GetItemCommand({ TableName: cloud.tables.connections, Key: { connectionId: { S: connectionId } } }));
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

describe('live updates over the WebSocket', () => {
  it('sends post.created with the stored post to every open client', async () => {
    const [a, b] = await Promise.all([connectClient(), connectClient()]);
    const receivedA = a.next();
    const receivedB = b.next();
    const response = await publish(cloud, author.idToken, { category: 'amor', post: 'En directo' });
    expect(response.status).toBe(201);
    const expected: LiveMessage = { type: 'post.created', post: response.body as Post };
    expect(await receivedA).toEqual(expected);
    expect(await receivedB).toEqual(expected);
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
    await dynamo.send(
      new PutItemCommand({
        TableName: cloud.tables.connections,
        Item: { connectionId: { S: staleId }, connectedAt: { S: new Date().toISOString() }, expiresAt: { N: String(Math.floor(Date.now() / 1000) + 3600) } },
      }),
    );
    expect(await connectionRowExists(staleId)).toBe(true);
    const received = live.next();
    const response = await publish(cloud, author.idToken, { category: 'trabajo', post: 'Con un fantasma conectado' });
    expect((await received).post).toEqual(response.body);
    await eventually(async () => !(await connectionRowExists(staleId)), 'the stale row is deleted');
  });

  it('delivers nothing twice to one client for one post', async () => {
    const client = await connectClient();
    const received = client.next();
    const response = await publish(cloud, author.idToken, { category: 'varios', post: 'Una sola vez' });
    await received;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(client.messages.filter((message) => message.post.id === (response.body as Post).id)).toHaveLength(1);
  });
});
