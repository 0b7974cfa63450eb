/**
 * Vitest global setup: one DynamoDB Local (a JVM: about 2 s and a few hundred MB to start) for the
 * whole run. Every local cloud a test starts uses it through DYNAMODB_ENDPOINT, each with an access
 * key of its own, so each has its own database in it (DynamoDB Local keeps one per access key).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDynamo } from '../../infra/local/aws/dynamodb/dynamoDbLocal';

export const SHARED_DYNAMODB_ENV = 'TEST_DYNAMODB_ENDPOINT';

export default async function setup(): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-dynamodb-'));
  const dynamo = await startDynamo({ dataDir, port: 0 });
  // Read by test/support/localCloud.ts in the test workers, which start after this.
  process.env[SHARED_DYNAMODB_ENV] = dynamo.endpoint;
  return async () => {
    await dynamo.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
