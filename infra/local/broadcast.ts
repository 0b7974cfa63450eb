/**
 * Stream delivery to the broadcast handler, which runs on its own worker thread (broadcastWorker.ts).
 * Start it after the handlers' environment is set: the worker copies `process.env` when it starts.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { BroadcastWorkerMessage, BroadcastWorkerRequest } from './broadcastWorker';
import { tsWorker } from './worker';

export type BroadcastDelivery = {
  push(record: DynamoDBRecord): void;
  /** Waits until every record pushed so far has been handled, then stops the worker. */
  close(): Promise<void>;
};

export async function startBroadcastDelivery(): Promise<BroadcastDelivery> {
  const worker = tsWorker(new URL('./broadcastWorker.ts', import.meta.url));
  const send = (message: BroadcastWorkerRequest) => worker.postMessage(message);
  const waiting = new Map<number, () => void>();
  let nextId = 0;
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('error', (error) => console.error('local stream delivery (broadcast worker):', error));
  void exited.then(() => {
    if (!closing) console.error('local stream delivery: the broadcast worker stopped; live updates are off until the local cloud restarts');
  });

  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: BroadcastWorkerMessage) => {
      if (message.type === 'ready') resolve();
      else if (message.type === 'idle') waiting.get(message.id)?.();
    });
    void exited.then(() => reject(new Error('the broadcast worker exited before it was ready')));
  });

  return {
    push: (record) => send({ type: 'record', record }),
    close: async () => {
      closing = true;
      const id = nextId++;
      const idle = new Promise<void>((resolve) => waiting.set(id, resolve));
      send({ type: 'idle', id });
      await Promise.race([idle, exited]);
      await worker.terminate();
    },
  };
}
