/**
 * dynalite on its own thread (see dynamo.ts): LevelDB and dynalite's JSON and HTTP work run beside
 * the gateways and handlers instead of on their core. One thread of one process opens the data
 * folder, so LevelDB's single-process lock holds. Its own HTTP server is watched, not proxied:
 * every PutItem on the streamed table that dynalite answers 200 is posted to the parent as the
 * INSERT stream record AWS would send.
 */
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { closeServer, listen } from './net';

export type DynamoWorkerData = { dataDir: string; port: number; region: string; streamedTable: string };
export type DynamoWorkerMessage =
  | { type: 'ready'; port: number }
  | { type: 'failed'; message: string }
  | { type: 'insert'; record: DynamoDBRecord }
  | { type: 'closed' };

const require = createRequire(import.meta.url);
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Server;
closeIteratorsOnReturn();

const options = workerData as DynamoWorkerData;
const parent = parentPort;
if (!parent) throw new Error('dynamoWorker.ts runs as a worker thread (see dynamo.ts)');
const post = (message: DynamoWorkerMessage) => parent.postMessage(message);

const engine = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
let sequence = Date.now() * 1000;
watchPutItems(engine, (input) => {
  if (input.TableName === options.streamedTable && input.Item) {
    post({ type: 'insert', record: insertRecord(input.TableName, input.Item, options.region, String(++sequence)) });
  }
});
parent.on('message', (message: { type: 'close' }) => {
  if (message.type === 'close') void closeServer(engine).then(() => post({ type: 'closed' }));
});
listen(engine, options.port).then(
  (port) => post({ type: 'ready', port }),
  (error: Error) => post({ type: 'failed', message: error.message }),
);

type PutItemInput = { TableName?: string; Item?: Record<string, AttributeValue> };

/**
 * Calls `onPut` with the input of every PutItem that dynalite answers 200, after the answer is sent.
 * The request body is observed alongside dynalite's own reader (every 'data' listener sees every
 * chunk), never re-sent: a PutItem is only answered 200 once its whole body was read.
 */
function watchPutItems(server: Server, onPut: (input: PutItemInput) => void): void {
  const [handle] = server.listeners('request') as RequestListener[];
  if (!handle) throw new Error('dynalite server has no request handler');
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.headers['x-amz-target'] === 'DynamoDB_20120810.PutItem') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('finish', () => {
        if (res.statusCode !== 200) return;
        try {
          onPut(JSON.parse(Buffer.concat(chunks).toString('utf8')) as PutItemInput);
        } catch (error) {
          console.error('local DynamoDB stream:', error);
        }
      });
    }
    handle.call(server, req, res);
  });
}

/** The record AWS would send for an insert on a NEW_IMAGE stream. */
function insertRecord(table: string, item: Record<string, AttributeValue>, region: string, sequenceNumber: string): DynamoDBRecord {
  return {
    eventID: sequenceNumber,
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    eventSourceARN: `arn:aws:dynamodb:${region}:000000000000:table/${table}/stream/local`,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(Date.now() / 1000),
      Keys: { id: item.id as never },
      NewImage: item as never,
      SequenceNumber: sequenceNumber,
      SizeBytes: JSON.stringify(item).length,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

/**
 * dynalite 4 wraps each LevelDB iterator in a stream and, when a Query or Scan stops early (Limit,
 * 1 MB pages), ends it through `iterator.return()`, which abstract-level 3 iterators lack: the
 * iterator was never closed, and every feed page leaked it with the items it had read ahead
 * (hundreds of MB under load; see docs/benchmarks.md, figure 6). Give them the method dynalite expects.
 */
function closeIteratorsOnReturn(): void {
  const level = createRequire(require.resolve('dynalite'));
  const classicLevel = createRequire(level.resolve('level'));
  const abstractLevel = createRequire(classicLevel.resolve('classic-level'))('abstract-level') as Record<string, { prototype: Record<string, unknown> }>;
  for (const name of ['AbstractIterator', 'AbstractKeyIterator', 'AbstractValueIterator']) {
    const prototype = abstractLevel[name]?.prototype;
    if (!prototype || typeof prototype.return === 'function') continue;
    prototype.return = async function (this: { close(): Promise<void> }) {
      await this.close();
      return { done: true, value: undefined };
    };
  }
}

