/**
 * DynamoDB for the local cloud: dynalite (data on disk) on a worker thread of its own
 * (dynamoWorker.ts), so LevelDB and dynalite's JSON and HTTP work use the second core rather than
 * queueing behind the gateways and handlers. dynalite has no Streams: the worker watches its HTTP
 * server and posts every successful PutItem on the posts table as an INSERT stream record, which the
 * local cloud hands to the broadcast handler the way the event source mapping would.
 */
import { mkdirSync } from 'node:fs';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { TableDescription } from '../../functions/store/tables';
import type { DynamoWorkerData, DynamoWorkerMessage } from './dynamoWorker';
import { LOOPBACK } from './net';
import { tsWorker } from './worker';

export type LocalDynamo = { endpoint: string; close: () => Promise<void> };

export type LocalDynamoOptions = {
  dataDir: string;
  port: number;
  region: string;
  /** Table whose inserts are streamed. */
  streamedTable: string;
  onInsert(record: DynamoDBRecord): void;
};

export async function startDynamo(options: LocalDynamoOptions): Promise<LocalDynamo> {
  mkdirSync(options.dataDir, { recursive: true });
  const data: DynamoWorkerData = { dataDir: options.dataDir, port: options.port, region: options.region, streamedTable: options.streamedTable };
  const worker = tsWorker(new URL('./dynamoWorker.ts', import.meta.url), { workerData: data });
  let closed: (() => void) | undefined;
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));

  const port = await new Promise<number>((resolve, reject) => {
    worker.on('message', (message: DynamoWorkerMessage) => {
      if (message.type === 'insert') options.onInsert(message.record);
      else if (message.type === 'ready') resolve(message.port);
      else if (message.type === 'failed') reject(new Error(message.message));
      else if (message.type === 'closed') closed?.();
    });
    worker.on('error', (error) => {
      console.error('local DynamoDB (dynalite worker):', error);
      reject(error);
    });
    void exited.then(() => reject(new Error('the dynalite worker exited')));
  }).catch(async (error: Error) => {
    await worker.terminate();
    if (/already in use/.test(error.message)) throw error;
    throw new Error(`dynalite could not open ${options.dataDir} (is another local cloud running?): ${error.message}`);
  });

  void exited.then(() => {
    if (!closing) console.error('local DynamoDB: the dynalite worker stopped; restart the local cloud');
  });
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    close: async () => {
      closing = true;
      // dynalite closes its LevelDB (releasing the lock) when its server closes.
      const done = new Promise<void>((resolve) => (closed = resolve));
      worker.postMessage({ type: 'close' });
      await Promise.race([done, exited]);
      await worker.terminate();
    },
  };
}

export async function ensureTables(client: DynamoDBClient, tables: Array<{ name: string; description: TableDescription }>): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? []);
  for (const { name, description } of tables) {
    if (existing.has(name)) continue;
    await client.send(new CreateTableCommand(createTableInput(name, description)));
  }
}

function createTableInput(name: string, description: TableDescription): CreateTableCommandInput {
  const attributes = new Map<string, 'S' | 'N'>();
  const keySchema = (partition: { name: string; type: 'S' | 'N' }, sort?: { name: string; type: 'S' | 'N' }) => {
    attributes.set(partition.name, partition.type);
    if (sort) attributes.set(sort.name, sort.type);
    return [
      { AttributeName: partition.name, KeyType: 'HASH' as const },
      ...(sort ? [{ AttributeName: sort.name, KeyType: 'RANGE' as const }] : []),
    ];
  };
  const input: CreateTableCommandInput = {
    TableName: name,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: keySchema(description.partitionKey, description.sortKey),
  };
  if (description.indexes.length > 0) {
    input.GlobalSecondaryIndexes = description.indexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: keySchema(index.partitionKey, index.sortKey),
      Projection: { ProjectionType: 'ALL' },
    }));
  }
  input.AttributeDefinitions = [...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }));
  return input;
}
