/**
 * `npm run copy-table -- --from <table> --to <table> [--aws]`: makes the `--to` table hold exactly the
 * items of the `--from` table — each item of `--from` put into `--to`, and each item of `--to` that
 * `--from` lacks deleted. It is the second half of a point-in-time restore on AWS
 * (docs/deploy-and-operate.md, "Backups and restore"): DynamoDB restores into a new table, and this
 * brings that table's items back into the stack's own, which keeps its name, stream, indexes, alarms
 * and grants. An item put unchanged writes no stream record, so only what the restore changes reaches
 * the stream functions. Both tables must have the same key schema.
 *
 * Locally it talks to the local cloud's DynamoDB (DYNAMODB_ENDPOINT, else DYNAMODB_PORT on 127.0.0.1,
 * 8000; access key DYNAMODB_ACCESS_KEY_ID or `local`); with `--aws`, to DynamoDB with the operator's own
 * credentials (AWS_REGION / AWS_PROFILE as the AWS CLI).
 */
import {
  BatchWriteItemCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ScanCommand,
  type AttributeValue,
  type WriteRequest,
} from '@aws-sdk/client-dynamodb';
import { pathToFileURL } from 'node:url';

type Item = Record<string, AttributeValue>;

/** Every item of a table, one Scan page after another. */
async function* scan(client: DynamoDBClient, table: string, projection?: string[]): AsyncGenerator<Item> {
  let start: Item | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: table,
        ExclusiveStartKey: start,
        ...(projection
          ? {
              ProjectionExpression: projection.map((_, i) => `#k${i}`).join(', '),
              ExpressionAttributeNames: Object.fromEntries(projection.map((name, i) => [`#k${i}`, name])),
            }
          : {}),
      }),
    );
    yield* page.Items ?? [];
    start = page.LastEvaluatedKey;
  } while (start);
}

async function write(client: DynamoDBClient, table: string, requests: WriteRequest[]): Promise<void> {
  for (let i = 0; i < requests.length; i += 25) {
    let pending: Record<string, WriteRequest[]> | undefined = { [table]: requests.slice(i, i + 25) };
    for (let attempt = 0; pending && Object.keys(pending).length > 0; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * 2 ** attempt)));
      pending = (await client.send(new BatchWriteItemCommand({ RequestItems: pending }))).UnprocessedItems;
    }
  }
}

async function keyNames(client: DynamoDBClient, table: string): Promise<string[]> {
  const { Table } = await client.send(new DescribeTableCommand({ TableName: table }));
  return (Table?.KeySchema ?? []).map((key) => key.AttributeName ?? '');
}

/** Makes `to` hold exactly the items of `from`; returns how many items were put and how many deleted. */
export async function copyTable(client: DynamoDBClient, from: string, to: string): Promise<{ put: number; deleted: number }> {
  const keys = await keyNames(client, from);
  const targetKeys = await keyNames(client, to);
  if (keys.join(',') !== targetKeys.join(','))
    throw new Error(`${from} is keyed by ${keys.join(' + ')} and ${to} by ${targetKeys.join(' + ')}: they are not copies of one table`);
  const keyOf = (item: Item) => JSON.stringify(keys.map((name) => item[name]));
  const kept = new Set<string>();
  let batch: WriteRequest[] = [];
  let put = 0;
  for await (const item of scan(client, from)) {
    kept.add(keyOf(item));
    batch.push({ PutRequest: { Item: item } });
    if (batch.length === 100) {
      await write(client, to, batch);
      put += batch.length;
      batch = [];
    }
  }
  await write(client, to, batch);
  put += batch.length;
  const stale: WriteRequest[] = [];
  for await (const key of scan(client, to, keys)) if (!kept.has(keyOf(key))) stale.push({ DeleteRequest: { Key: key } });
  await write(client, to, stale);
  return { put, deleted: stale.length };
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const from = option('--from');
  const to = option('--to');
  const onAws = process.argv.includes('--aws');
  if (!from || !to || from === to) {
    console.error('Usage: npm run copy-table -- --from <restored table> --to <the stack’s table> [--aws]');
    process.exit(2);
  }
  const endpoint = onAws ? undefined : process.env.DYNAMODB_ENDPOINT || `http://127.0.0.1:${process.env.DYNAMODB_PORT || '8000'}`;
  const client = onAws
    ? new DynamoDBClient({})
    : new DynamoDBClient({
        endpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: process.env.DYNAMODB_ACCESS_KEY_ID || 'local', secretAccessKey: 'local' },
      });
  try {
    const done = await copyTable(client, from, to);
    console.log(`${to} now holds the items of ${from}: ${done.put} put (unchanged ones write nothing), ${done.deleted} deleted.`);
  } catch (error) {
    console.error(
      `The copy failed (${onAws ? 'AWS' : `DynamoDB at ${endpoint}`}): ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exitCode = 1;
  } finally {
    client.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
