/**
 * DynamoDB for the local cloud: dynalite (data on disk). dynalite has no Streams, so its own HTTP
 * server is watched in-process: every successful PutItem on the posts table is reported as an
 * INSERT stream record, which the local cloud hands to the broadcast handler the way the event
 * source mapping would. Watching (not proxying) keeps each DynamoDB call to one loopback request.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  type AttributeValue,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import type { TableDescription } from '../../functions/store/tables';
import { LOOPBACK, closeServer, listen } from './net';

const require = createRequire(import.meta.url);
const dynalite = require('dynalite') as (options: Record<string, unknown>) => import('node:http').Server;
closeIteratorsOnReturn();

export type LocalDynamo = { endpoint: string; close(): Promise<void> };

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
  const engine = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  let sequence = Date.now() * 1000;
  watchPutItems(engine, (input) => {
    if (input.TableName === options.streamedTable && input.Item) {
      options.onInsert(insertRecord(input.TableName, input.Item, options.region, String(++sequence)));
    }
  });
  const port = await listen(engine, options.port).catch((error: Error) => {
    if (/already in use/.test(error.message)) throw error;
    throw new Error(`dynalite could not open ${options.dataDir} (is another local cloud running?): ${error.message}`);
  });
  return { endpoint: `http://${LOOPBACK}:${port}`, close: () => closeServer(engine) };
}

type PutItemInput = { TableName?: string; Item?: Record<string, AttributeValue> };

/**
 * Calls `onPut` with the input of every PutItem that dynalite answers 200, after the answer is sent.
 * The request body is observed alongside dynalite's own reader (every 'data' listener sees every
 * chunk), never re-sent: a PutItem is only answered 200 once its whole body was read.
 */
function watchPutItems(engine: import('node:http').Server, onPut: (input: PutItemInput) => void): void {
  const [handle] = engine.listeners('request') as RequestListener[];
  if (!handle) throw new Error('dynalite server has no request handler');
  engine.removeAllListeners('request');
  engine.on('request', (req: IncomingMessage, res: ServerResponse) => {
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
    handle.call(engine, req, res);
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

/** Creates each described table that does not exist yet (TTL cannot be set: dynalite lacks it). */
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

