/** A WebSocket reader of the live feed that records every message, for tests. */
import { PutItemCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import WebSocket from 'ws';
import type { LiveMessage } from '../../functions/contract/live';
import type { LocalCloudProcess } from './localCloud';

export type LiveReader = {
  messages: LiveMessage[];
  /** When each message arrived (Date.now()), in the order of `messages`. */
  receivedAt: number[];
  /** Resolves with the first message (already received or to come) that matches, or fails after `timeoutMs`. */
  waitFor(match: (message: LiveMessage) => boolean, timeoutMs?: number): Promise<LiveMessage>;
  close(): void;
};

/** A reader of the live feed; with `post`, it reads that post's page (and so hears its new comments). */
export async function liveReader(cloud: LocalCloudProcess, options: { post?: string } = {}): Promise<LiveReader> {
  const socket = new WebSocket(options.post ? `${cloud.config.wsUrl}?post=${encodeURIComponent(options.post)}` : cloud.config.wsUrl);
  const messages: LiveMessage[] = [];
  const receivedAt: number[] = [];
  const waiters = new Set<(message: LiveMessage) => void>();
  socket.on('message', (data) => {
    const message = JSON.parse((data as Buffer).toString('utf8')) as LiveMessage; // text frames arrive as one Buffer
    messages.push(message);
    receivedAt.push(Date.now());
    for (const waiter of [...waiters]) waiter(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    messages,
    receivedAt,
    // Generous: the first message after a start waits for a cold local function, which takes seconds
    // when the whole suite's clouds share two cores.
    waitFor: (match, timeoutMs = 30_000) => {
      const seen = messages.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const waiter = (message: LiveMessage) => {
          if (!match(message)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(message);
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching live message within ${timeoutMs} ms (got ${JSON.stringify(messages)})`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => socket.terminate(),
  };
}

export const publishedMessage = (id: string) => (message: LiveMessage) => message.type === 'post.published' && message.post.id === id;
export const removedMessage = (id: string) => (message: LiveMessage) => message.type === 'post.removed' && message.id === id;
export const commentMessage = (id: string) => (message: LiveMessage) => message.type === 'comment.created' && message.comment.id === id;

/**
 * A connection row with no socket behind it, as a client that vanished without a $disconnect leaves
 * one: the gateway answers 410 Gone when a message is sent to it.
 */
export async function putGoneConnection(dynamo: DynamoDBClient, cloud: LocalCloudProcess, connectionId: string): Promise<void> {
  await dynamo.send(
    new PutItemCommand({
      TableName: cloud.tables.connections,
      Item: {
        connectionId: { S: connectionId },
        connectedAt: { S: new Date().toISOString() },
        expiresAt: { N: String(Math.floor(Date.now() / 1000) + 3600) },
      },
    }),
  );
}
