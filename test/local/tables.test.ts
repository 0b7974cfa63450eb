/**
 * The local cloud's tables against the run's DynamoDB Local: data kept from an older version (a
 * table without an index added since) gets the index at the next start, and its items are in it.
 */
import { DynamoDBClient, PutItemCommand, QueryCommand } from '@aws-sdk/client-dynamodb';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableDescription } from '../../functions/store/tables';
import { ensureTables } from '../../infra/local/aws/dynamodb/dynamoDbLocal';
import { SHARED_DYNAMODB_ENV } from '../support/sharedDynamo';

let client: DynamoDBClient;

beforeAll(() => {
  const endpoint = process.env[SHARED_DYNAMODB_ENV];
  if (!endpoint) throw new Error(`${SHARED_DYNAMODB_ENV} is not set: run through vitest's global setup`);
  // An access key of its own: a database of its own in the shared DynamoDB Local.
  const accessKeyId = `tables${randomBytes(6).toString('hex')}`;
  client = new DynamoDBClient({ endpoint, region: 'eu-west-1', credentials: { accessKeyId, secretAccessKey: 'local' } });
});
afterAll(() => client?.destroy());

describe('local tables', () => {
  it('adds to a table kept from an older version the index it lacks, with the items already stored', async () => {
    const before: TableDescription = { logicalName: 'connections', partitionKey: { name: 'connectionId', type: 'S' }, indexes: [] };
    const after: TableDescription = {
      ...before,
      indexes: [{ indexName: 'watching-index', partitionKey: { name: 'watching', type: 'S' } }],
    };
    await ensureTables(client, [{ name: 'connections', description: before }]);
    await client.send(new PutItemCommand({ TableName: 'connections', Item: { connectionId: { S: 'c1' }, watching: { S: 'p1' } } }));

    await ensureTables(client, [{ name: 'connections', description: after }]);
    await ensureTables(client, [{ name: 'connections', description: after }]);
    const { Items } = await client.send(
      new QueryCommand({
        TableName: 'connections',
        IndexName: 'watching-index',
        KeyConditionExpression: 'watching = :p',
        ExpressionAttributeValues: { ':p': { S: 'p1' } },
      }),
    );
    expect(Items?.map((item) => item.connectionId?.S)).toEqual(['c1']);
  });
});

describe('DynamoDB Local ports', () => {
  it('runs on a port below the ephemeral range when it picks its own, so no outgoing connection takes it while the JVM starts', () => {
    const port = Number(new URL(process.env[SHARED_DYNAMODB_ENV] ?? '').port);
    expect(port).toBeGreaterThanOrEqual(1024);
    expect(port).toBeLessThan(32_768);
  });
});
