/**
 * The local Lambda runtime and event source mapping behave as AWS's do: a function sees only its own
 * declared environment, and stream records reach a function in order, filtered, batched, retried
 * with bisection, and the poison record ends in the failure destination.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DeleteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  PutItemCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBStreamsClient } from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { FUNCTIONS, type FunctionDeclaration, type StreamTrigger } from '../../infra/functions';
import { routes } from '../../functions/contract/routes';
import { InvocationError, localFunction } from '../../infra/local/aws/lambda/runtime';
import { startStreamPoller } from '../../infra/local/aws/lambda/streamPoller';
import { streamHandler } from '../../functions/handlers/triggers';
import { SHARED_DYNAMODB_ENV } from '../support/sharedDynamo';
import { startDynamo } from '../../infra/local/aws/dynamodb/dynamoDbLocal';
import { descendants } from '../support/processes';

const REGION = 'eu-west-1';
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

const declaration = (id: string): FunctionDeclaration => {
  const found = (FUNCTIONS as readonly FunctionDeclaration[]).find((fn) => fn.id === id);
  if (!found) throw new Error(`no ${id}`);
  return found;
};

/** A stream trigger on the posts table as the tests below vary it: inserts, no batching window, no retries. */
const streamTrigger = (overrides: Partial<StreamTrigger> = {}): StreamTrigger => ({
  type: 'stream',
  table: 'posts',
  batchSize: 10,
  maxBatchingWindowSeconds: 0,
  retryAttempts: 0,
  bisectBatchOnError: false,
  maxRecordAgeSeconds: 3600,
  filters: [{ eventName: ['INSERT'] }],
  ...overrides,
});

/** A table with a stream, in a database of its own in the run's shared DynamoDB Local. */
async function streamedTable(TableName: string) {
  const endpoint = process.env[SHARED_DYNAMODB_ENV];
  if (!endpoint) throw new Error('the shared DynamoDB Local is not running (test/support/sharedDynamo.ts)');
  const credentials = { accessKeyId: `poller${randomUUID().replaceAll('-', '')}`, secretAccessKey: 'x' };
  return tableWithStream({ endpoint, region: REGION, credentials }, TableName);
}

/** Clients of `config`'s DynamoDB (closed after the file) and a new table with a stream in it. */
async function tableWithStream(config: ConstructorParameters<typeof DynamoDBClient>[0] & object, TableName: string) {
  const dynamo = new DynamoDBClient(config);
  const streams = new DynamoDBStreamsClient(config);
  closers.push(async () => {
    dynamo.destroy();
    streams.destroy();
  });
  await dynamo.send(
    new CreateTableCommand({
      TableName,
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      StreamSpecification: { StreamEnabled: true, StreamViewType: 'NEW_AND_OLD_IMAGES' },
    }),
  );
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName }));
  return { dynamo, streams, TableName, Table };
}

describe('local functions', () => {
  it('fail to start, as on AWS, when their declared environment lacks a variable their handler reads', async () => {
    // GetPost reads POSTS_TABLE; given every other variable but that one, it cannot start.
    const fn = localFunction(declaration('GetPost'), { AWS_REGION: REGION, RATE_LIMITS_TABLE: 'rate-limits' }, REGION);
    closers.push(() => fn.close());
    const failure = await fn.invoke({ pathParameters: { id: 'x' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InvocationError);
    expect(failure).toMatchObject({ kind: 'init', message: expect.stringContaining('POSTS_TABLE') });
  });

  it('run their handler with exactly their own environment', async () => {
    const fn = localFunction(declaration('GetPost'), { AWS_REGION: REGION, POSTS_TABLE: 'posts' }, REGION);
    closers.push(() => fn.close());
    // An id that cannot exist is answered without a database call.
    const result = (await fn.invoke({ pathParameters: { id: 'not-a-uuid' }, requestContext: {} })) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body)).toMatchObject({ error: { code: 'POST_NOT_FOUND' } });
  });
});

describe('a function past its timeout', () => {
  it('fails and is stopped there, as Lambda stops it: the handler writes nothing more, and the next call starts afresh', async () => {
    const slow: FunctionDeclaration = {
      id: 'SlowWriter',
      entry: 'test/local/fixtures/slowHandler.ts',
      trigger: { type: 'http', route: { ...routes.posts.create, path: '/slow', auth: 'public' } },
      tables: {},
      timeoutSeconds: 1,
    };
    const fn = localFunction(slow, { AWS_REGION: REGION }, REGION);
    closers.push(() => fn.close());
    const file = join(mkdtempSync(join(tmpdir(), 'vaya-dia-timeout-')), 'writes.txt');
    const failure = await fn.invoke({ file, forMs: 5_000 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'timeout', message: expect.stringContaining('Task timed out after 1 seconds') });
    const linesAt = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);
    const atTimeout = linesAt();
    expect(atTimeout).toBeGreaterThan(5);
    // Ten of the handler's 50 ms steps later: a handler still running would have written ten lines more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(linesAt()).toBeLessThanOrEqual(atTimeout + 1);
    expect(await fn.invoke({ file, forMs: 0 })).toEqual({ wrote: 0 });
  });
});

/**
 * A table with a stream in a DynamoDB Local of its own, whose JVM the test kills (the run's shared one
 * serves the other tests); `kill` resolves once the local cloud's supervisor has started it again.
 * Clients make one attempt a call: a call fails while the JVM is down instead of waiting in the SDK's retries.
 */
async function killableDynamo(TableName: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-poller-kill-'));
  let restarted = () => {};
  const dynamoDb = await startDynamo({ dataDir, port: 0, onRestarted: () => restarted() });
  closers.push(async () => {
    await dynamoDb.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const port = new URL(dynamoDb.endpoint).port;
  const config = {
    endpoint: dynamoDb.endpoint,
    region: REGION,
    credentials: { accessKeyId: 'killed', secretAccessKey: 'x' },
    maxAttempts: 1,
  };
  const table = await tableWithStream(config, TableName);
  const kill = async () => {
    const jvm = descendants(process.pid).find(
      (child) => child.command.startsWith('java') && child.command.includes('DynamoDBLocal.jar') && child.command.includes(`-port ${port}`),
    );
    if (!jvm) throw new Error(`no DynamoDB Local JVM on port ${port}`);
    const back = new Promise<void>((resolve) => (restarted = resolve));
    process.kill(jvm.pid, 'SIGKILL');
    await back;
  };
  return { ...table, kill };
}

describe('the local event source mapping', () => {
  it('delivers matching records in order, bisects a failing batch and sends only the poison record to the failure destination', async () => {
    const { dynamo, streams, TableName, Table } = await streamedTable('items');

    const trigger = streamTrigger({
      maxBatchingWindowSeconds: 1,
      retryAttempts: 1,
      bisectBatchOnError: true,
      // Inserts, and changes whose new image says "published"; never removals.
      filters: [{ eventName: ['INSERT'] }, { eventName: ['MODIFY'], dynamodb: { NewImage: { status: { S: ['published'] } } } }],
    });
    const delivered: DynamoDBRecord[] = [];
    const batches: number[] = [];
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const poller = await startStreamPoller({
      client: streams,
      streamArn: Table!.LatestStreamArn!,
      region: REGION,
      functionId: 'Test',
      trigger,
      invoke: async (event) => {
        batches.push(event.Records.length);
        if (event.Records.some((record) => record.dynamodb?.Keys?.id?.S === 'poison')) throw new Error('poison');
        delivered.push(...event.Records);
      },
    });
    closers.push(() => poller.close());

    const ids = ['a', 'b', 'poison', 'c', 'd'];
    for (const id of ids) await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: id }, status: { S: 'pending' } } }));
    const setStatus = (id: string, status: string) =>
      dynamo.send(
        new UpdateItemCommand({
          TableName,
          Key: { id: { S: id } },
          UpdateExpression: 'SET #s = :s',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': { S: status } },
        }),
      );
    await setStatus('a', 'rejected'); // filtered out
    await setStatus('b', 'published'); // delivered
    await dynamo.send(new DeleteItemCommand({ TableName, Key: { id: { S: 'c' } } })); // filtered out

    const deadline = Date.now() + 15_000;
    while (delivered.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await poller.close();
    const failed = failures.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('on-failure destination'));
    failures.mockRestore();

    expect(delivered.map((record) => `${record.eventName} ${record.dynamodb?.Keys?.id?.S}`)).toEqual([
      'INSERT a',
      'INSERT b',
      'INSERT c',
      'INSERT d',
      'MODIFY b',
    ]);
    const modified = delivered.at(-1)!;
    expect(modified.dynamodb?.OldImage?.status).toEqual({ S: 'pending' });
    expect(modified.eventSourceARN).toBe(Table!.LatestStreamArn);
    expect(typeof modified.dynamodb?.ApproximateCreationDateTime).toBe('number');
    // The first batch held all six matching records; it was split until the poison record stood alone.
    expect(batches[0]).toBe(6);
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0]!)).toMatchObject({ reason: 'RetryAttemptsExhausted', DDBStreamBatchInfo: { batchSize: 1 } });
  });

  it('keeps a checkpoint: a batch cut off by a stop is delivered again by the next poller, a handled one never', async () => {
    const { dynamo, streams, TableName, Table } = await streamedTable('checkpointed');
    const trigger = streamTrigger({ retryAttempts: 100 });
    const checkpoints = join(mkdtempSync(join(tmpdir(), 'vaya-dia-checkpoints-')), 'Test.json');
    const put = (id: string) => dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: id } } }));
    const ids = (records: DynamoDBRecord[]) => records.map((record) => record.dynamodb?.Keys?.id?.S);
    const poll = async (condition: () => boolean, what: string) => {
      const end = Date.now() + 15_000;
      while (!condition()) {
        if (Date.now() > end) throw new Error(`not so after 15 s: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const start = (invoke: (records: DynamoDBRecord[]) => Promise<void>) =>
      startStreamPoller({
        client: streams,
        streamArn: Table!.LatestStreamArn!,
        region: REGION,
        functionId: 'Test',
        trigger,
        checkpoints,
        invoke: (event) => invoke(event.Records),
      });

    // First run: «a» is handled; «b» reaches a function that keeps failing, and the poller is stopped meanwhile.
    const first: DynamoDBRecord[] = [];
    let failing = 0;
    const poller1 = await start(async (records) => {
      if (ids(records).includes('b')) {
        failing++;
        throw new Error('down');
      }
      first.push(...records);
    });
    await put('a');
    await poll(() => first.length === 1, '«a» delivered');
    await put('b');
    await poll(() => failing > 0, '«b» attempted');
    await poller1.close();

    // Second run, from the checkpoint: «b» again (it was never handled), then «c»; «a» never again.
    const second: DynamoDBRecord[] = [];
    const poller2 = await start(async (records) => void second.push(...records));
    closers.push(() => poller2.close());
    await put('c');
    await poll(() => second.length >= 2, '«b» and «c» delivered');
    expect(ids(first)).toEqual(['a']);
    expect(ids(second)).toEqual(['b', 'c']);
  });

  it('retries only the record a stream handler reports failed: in a batch of ten, the other nine are handled once', async () => {
    const { dynamo, streams, TableName, Table } = await streamedTable('partial');
    const trigger = streamTrigger({
      maxBatchingWindowSeconds: 2,
      retryAttempts: 2,
      bisectBatchOnError: true,
    });
    // A part that works on its records as a whole (as the Top's does), isolating a failure by item, and
    // whose first two tries of «bad» fail (with the batch, then alone): the wrapper reports «bad», the poller retries from it.
    const handled: string[] = [];
    const runs: string[][] = [];
    // A second part of the same reader, which never fails: «bad» neither blocks nor repeats its work.
    const other: string[] = [];
    let badTries = 0;
    const handler = streamHandler({
      route: 'test',
      decode: (record) => record.dynamodb?.Keys?.id?.S ?? '',
      parts: [
        {
          name: 'whole',
          keyOf: (id) => id,
          async run(ids) {
            runs.push(ids);
            if (ids.includes('bad') && badTries++ < 2) throw new Error('bad, twice');
            handled.push(...ids);
          },
        },
        { name: 'other', run: (ids) => Promise.resolve(void other.push(...ids)) },
      ],
    });
    const invocations: Array<{ ids: string[]; failures: string[] }> = [];
    const poller = await startStreamPoller({
      client: streams,
      streamArn: Table!.LatestStreamArn!,
      region: REGION,
      functionId: 'Test',
      trigger,
      invoke: async (event) => {
        const response = await handler(event);
        invocations.push({
          ids: event.Records.map((r) => r.dynamodb?.Keys?.id?.S ?? ''),
          failures: response.batchItemFailures.map((f) => f.itemIdentifier),
        });
        return response;
      },
    });
    closers.push(() => poller.close());

    const ids = ['r1', 'r2', 'r3', 'bad', 'r5', 'r6', 'r7', 'r8', 'r9', 'r10'];
    for (const id of ids) await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: id } } }));
    const deadline = Date.now() + 15_000;
    while (handled.length < ids.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await poller.idle();

    // Each record handled exactly once by each part, «bad» included (on its retry).
    expect([...handled].sort()).toEqual([...ids].sort());
    expect(other).toEqual(ids);
    // The batch of ten answered with «bad» failed; the retry started at «bad», the three before it never came again…
    expect(invocations).toHaveLength(2);
    expect(invocations[0]!.ids).toEqual(ids);
    expect(invocations[0]!.failures).toHaveLength(1);
    expect(invocations[1]!.ids).toEqual(ids.slice(3));
    expect(invocations[1]!.failures).toEqual([]);
    // …and the part, which remembers what it handled, ran «bad» alone.
    expect(runs.at(-1)).toEqual(['bad']);
  });

  it('warns of a batch handled late, with how long it waited to be read and how long the function took', async () => {
    const { dynamo, streams, TableName, Table } = await streamedTable('late');
    const trigger = streamTrigger();
    const warnings: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((line: unknown) => void warnings.push(String(line)));
    const handled: string[] = [];
    // A function that takes 4 s on «slow» (a cold start, a slow dependency) and no time on «quick».
    const poller = await startStreamPoller({
      client: streams,
      streamArn: Table!.LatestStreamArn!,
      region: REGION,
      functionId: 'Slow',
      trigger,
      lateAfterMs: 3_000,
      invoke: async (event) => {
        const ids = event.Records.map((record) => record.dynamodb?.Keys?.id?.S ?? '');
        if (ids.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 4_000));
        handled.push(...ids);
      },
    });
    closers.push(() => poller.close());
    try {
      await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: 'slow' } } }));
      await expect.poll(() => handled, { timeout: 15_000 }).toContain('slow');
      // Once the shard has been read again: «quick» is written after the slow batch, not while it ran.
      await poller.idle();
      await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: 'quick' } } }));
      await expect.poll(() => handled, { timeout: 15_000 }).toContain('quick');
      await poller.idle();
    } finally {
      warn.mockRestore();
    }
    const late = warnings.map((line) => JSON.parse(line) as Record<string, unknown>);
    // One warning, the slow batch's: read at once, late because of the function.
    expect(late, warnings.join('\n')).toHaveLength(1);
    expect(late[0]).toMatchObject({ level: 'warn', message: 'local stream poller: batch handled late', function: 'Slow', records: 1 });
    expect(late[0]!.sincePreviousReadMs).toBeLessThan(3_000);
    expect(late[0]!.functionMs).toBeGreaterThanOrEqual(4_000);
  });

  it('refuses a third reader of one stream, naming the stream and its readers', async () => {
    const { streams, Table } = await streamedTable('threeReaders');
    const trigger = streamTrigger({ filters: [] });
    const start = (functionId: string) =>
      startStreamPoller({
        client: streams,
        streamArn: Table!.LatestStreamArn!,
        region: REGION,
        functionId,
        trigger,
        invoke: () => Promise.resolve(),
      });
    const first = await start('First');
    const second = await start('Second');
    closers.push(() => second.close());
    const refused = await start('Third').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toContain(
      `The posts table's stream (${Table!.LatestStreamArn!}) has 2 readers already (First, Second): Third would be one more.`,
    );
    // One reader gone, another may take its place.
    await first.close();
    const third = await start('Third');
    closers.push(() => third.close());
  });

  it('reads a batch again when DynamoDB Local is killed while the batch is gathered: its records come after the restart, none skipped', async () => {
    const { dynamo, streams, TableName, Table, kill } = await killableDynamo('gathered');
    // The records the poller has read from the stream, seen as the database answers them.
    const read: string[] = [];
    streams.middlewareStack.add(
      (next) => async (args) => {
        const output = await next(args);
        const records =
          (output.output as { Records?: Array<{ dynamodb?: { Keys?: { id?: { S?: string } } } }> } | undefined)?.Records ?? [];
        for (const record of records) read.push(record.dynamodb?.Keys?.id?.S ?? '');
        return output;
      },
      { step: 'initialize' },
    );
    const delivered: string[] = [];
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const poller = await startStreamPoller({
      client: streams,
      streamArn: Table!.LatestStreamArn!,
      region: REGION,
      functionId: 'Test',
      // A batching window long enough that the kill falls inside it, as PostsBatched's one second can.
      trigger: streamTrigger({
        maxBatchingWindowSeconds: 5,
        retryAttempts: 2,
        filters: [],
      }),
      invoke: (event) => Promise.resolve(void delivered.push(...event.Records.map((record) => record.dynamodb?.Keys?.id?.S ?? ''))),
    });
    closers.push(() => poller.close());
    const until = async (condition: () => boolean, what: string) => {
      const end = Date.now() + 60_000;
      while (!condition()) {
        if (Date.now() > end) throw new Error(`not so after 60 s: ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: 'before' } } }));
    await until(() => read.includes('before'), '«before» read into a batch');
    await kill();
    await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: 'after' } } }));
    await until(() => delivered.includes('after'), '«after» delivered');
    failures.mockRestore();

    // «before» was read but never handled when the JVM died: it comes again, first, rather than being skipped.
    expect(delivered).toEqual(['before', 'after']);
    // A JVM's start again on a loaded machine takes tens of seconds.
  }, 120_000);

  it('does not count an attempt that failed while DynamoDB Local was down: the batch is handled after the restart, not discarded', async () => {
    const { dynamo, streams, TableName, Table, kill } = await killableDynamo('outage');
    const trigger = streamTrigger({
      // Two tries in a few hundred milliseconds: far less than DynamoDB Local takes to start again.
      retryAttempts: 1,
    });
    let killed: Promise<void> | undefined;
    const handled: string[] = [];
    const failures = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const poller = await startStreamPoller({
      client: streams,
      streamArn: Table!.LatestStreamArn!,
      region: REGION,
      functionId: 'Test',
      trigger,
      // As a part of a stream reader does: its work is a write to the database, which fails while it is down.
      invoke: async (event) => {
        if (!killed) {
          killed = kill();
          // Until the JVM is gone: the work below meets the outage.
          const answers = () =>
            dynamo.send(new DescribeTableCommand({ TableName })).then(
              () => true,
              () => false,
            );
          while (await answers()) await new Promise((resolve) => setTimeout(resolve, 20));
        }
        for (const record of event.Records) {
          const id = record.dynamodb?.Keys?.id?.S ?? '';
          await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: `done-${id}` } } }));
          handled.push(id);
        }
      },
    });
    closers.push(() => poller.close());

    await dynamo.send(new PutItemCommand({ TableName, Item: { id: { S: 'vote' } } }));
    const end = Date.now() + 60_000;
    while (!handled.includes('vote') && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
    await killed;
    const discarded = failures.mock.calls.map(([line]) => String(line)).filter((line) => line.includes('on-failure destination'));
    failures.mockRestore();

    expect(discarded).toEqual([]);
    expect(handled).toEqual(['vote']);
  }, 120_000);
});
