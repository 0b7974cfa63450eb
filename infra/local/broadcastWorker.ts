/**
 * The broadcast handler on a worker thread of its own (see broadcast.ts), as on AWS where it is a
 * separate Lambda: its SDK calls (Scan, then one PostToConnection per connection) run beside the
 * WebSocket gateway that answers them instead of on the same core. Records arrive in stream order
 * and are delivered through `streamDelivery`, like one shard's event source mapping.
 */
import { parentPort } from 'node:worker_threads';
import type { DynamoDBRecord } from 'aws-lambda';
import { streamDelivery } from './streams';

export type BroadcastWorkerRequest = { type: 'record'; record: DynamoDBRecord } | { type: 'idle'; id: number };
export type BroadcastWorkerMessage = { type: 'ready' } | { type: 'idle'; id: number };

const parent = parentPort;
if (!parent) throw new Error('broadcastWorker.ts runs as a worker thread (see broadcast.ts)');
const post = (message: BroadcastWorkerMessage) => parent.postMessage(message);

// Loaded here, after the worker started with the handler's environment.
const { handler } = await import('../../functions/handlers/ws/broadcast');
const delivery = streamDelivery(handler);
parent.on('message', (message: BroadcastWorkerRequest) => {
  if (message.type === 'record') delivery.push(message.record);
  else if (message.type === 'idle') void delivery.idle().then(() => post({ type: 'idle', id: message.id }));
});
post({ type: 'ready' });
