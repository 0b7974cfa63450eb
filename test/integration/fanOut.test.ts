/**
 * Live fan-out at a size that splits: several hundred WebSocket clients, so the broadcast divides the
 * connections table into parallel segments and invokes BroadcastPart asynchronously (through the
 * local Lambda API, with the real Lambda client) for every segment but the one it sends itself.
 */
import { GetItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { LiveMessage } from '../../functions/contract/live';
import { call } from '../support/api';
import { putGoneConnection } from '../support/live';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const CLIENTS = 600;
const STALE = 12;

let cloud: LocalCloudProcess;
let dynamo: DynamoDBClient;
let author: TestUser;
let moderator: TestUser;
type Client = { socket: WebSocket; messages: LiveMessage[] };
const clients: Client[] = [];

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  dynamo = cloud.dynamodb();
  author = await createUser(cloud, { name: 'Multitud' });
  moderator = await createModerator(cloud);
  for (let start = 0; start < CLIENTS; start += 50) {
    const batch = await Promise.all(
      Array.from(
        { length: Math.min(50, CLIENTS - start) },
        () =>
          new Promise<Client>((resolve, reject) => {
            const client: Client = { socket: new WebSocket(cloud.config.wsUrl), messages: [] };
            client.socket.on('message', (data) => client.messages.push(JSON.parse((data as Buffer).toString('utf8')) as LiveMessage));
            client.socket.once('open', () => resolve(client));
            client.socket.once('error', reject);
          }),
      ),
    );
    clients.push(...batch);
  }
}, 120_000);

afterAll(async () => {
  for (const client of clients) client.socket.terminate();
  dynamo?.destroy();
  await cloud?.stop();
});

/** Stored connections whose clients are long gone (their $disconnect never ran). */
const staleIds = Array.from({ length: STALE }, (_, index) => Buffer.from(`conexion-perdida-${index}`).toString('base64url'));

async function rowExists(connectionId: string): Promise<boolean> {
  const { Item } = await dynamo.send(
    new GetItemCommand({ TableName: cloud.tables.connections, Key: { connectionId: { S: connectionId } } }),
  );
  return Item !== undefined;
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const count = (client: Client, match: (message: LiveMessage) => boolean) => client.messages.filter(match).length;

describe('live fan-out split across parallel invocations', () => {
  it('delivers every message to every client exactly once, across several segments, and removes the gone connections', async () => {
    for (const connectionId of staleIds) await putGoneConnection(dynamo, cloud, connectionId);

    const post = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'Seiscientas personas leyendo a la vez.' });
    const published = (message: LiveMessage) => message.type === 'post.published' && message.post.id === post.id;
    await until(() => clients.every((client) => count(client, published) >= 1), `all ${CLIENTS} clients have post.published`);

    expect((await call(cloud, `/posts/${post.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    const removed = (message: LiveMessage) => message.type === 'post.removed' && message.id === post.id;
    await until(() => clients.every((client) => count(client, removed) >= 1), `all ${CLIENTS} clients have post.removed`);

    for (const client of clients) {
      expect(count(client, published)).toBe(1);
      expect(count(client, removed)).toBe(1);
      expect(client.messages.find(published)).toEqual({ type: 'post.published', post });
    }
    for (const connectionId of staleIds)
      await until(async () => !(await rowExists(connectionId)), `the gone connection ${connectionId} is deleted`);

    // The split happened: the broadcast planned several parts and BroadcastPart sent the others.
    const logLines = cloud
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { message?: string; parts?: number; totalSegments?: number; sent?: number });
    const plans = logLines.filter((line) => line.message === 'broadcast' && (line.parts ?? 0) > 0);
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans) expect(plan.parts).toBeGreaterThanOrEqual(2);
    const parts = logLines.filter((line) => line.message === 'broadcast part');
    expect(parts.length).toBe(plans.reduce((sum, plan) => sum + (plan.parts ?? 0) - 1, 0));
    const sent = [...plans, ...parts].reduce((sum, line) => sum + (line.sent ?? 0), 0);
    expect(sent).toBe(2 * CLIENTS);
  });
});
