/**
 * The local cloud's start-up migration of the samples (infra/local/fixtures/migrations/samplesByName.ts):
 * a data folder whose samples are from before accountless authors — all signed by author `sample`,
 * with no fingerprints — gets an author page per sample name and the samples' fingerprints at the next
 * start, and a third start changes nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand, DynamoDBDocumentClient, paginateScan, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { AuthorProfile } from '../../functions/contract/authors';
import { fingerprintOf } from '../../functions/contract/fingerprint';
import { fingerprintKey } from '../../functions/store/dynamodb/postRepository';
import { OLD_SAMPLE_AUTHOR } from '../../infra/local/fixtures/migrations/samplesByName';
import { SAMPLES } from '../../infra/local/fixtures/samplePosts';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createUser } from '../support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-samples-'));
let cloud: LocalCloudProcess | undefined;

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Puts the samples back as older starts wrote them: author `sample`, no fingerprint rows. */
async function asBefore(running: LocalCloudProcess): Promise<number> {
  const documents = DynamoDBDocumentClient.from(running.dynamodb());
  let changed = 0;
  try {
    for await (const page of paginateScan({ client: documents }, { TableName: running.tables.posts })) {
      for (const item of page.Items ?? []) {
        if (!String(item.authorId).startsWith('name#')) continue;
        await documents.send(
          new UpdateCommand({
            TableName: running.tables.posts,
            Key: { id: item.id as string },
            UpdateExpression: 'SET authorId = :old',
            ExpressionAttributeValues: { ':old': OLD_SAMPLE_AUTHOR },
          }),
        );
        await documents.send(
          new DeleteCommand({ TableName: running.tables.moderation, Key: { key: fingerprintKey(fingerprintOf(item.post as string)) } }),
        );
        changed++;
      }
    }
  } finally {
    documents.destroy();
  }
  return changed;
}

describe('samples of an older data folder', () => {
  it('get their names’ author pages and their fingerprints at the next start', async () => {
    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    expect(await asBefore(cloud)).toBeGreaterThanOrEqual(SAMPLES.length);
    expect((await call(cloud, '/authors/David')).status).toBe(404);
    await cloud.stop();

    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    const david = await call<AuthorProfile>(cloud, '/authors/David');
    expect(david).toMatchObject({ status: 200, body: { name: 'David', posts: 1 } });
    const copier = await createUser(cloud, { name: 'Copia Antigua' });
    const { category, post } = SAMPLES[0]!;
    expect((await publish(cloud, copier.idToken, { category, post })).body).toMatchObject({ error: { code: 'DUPLICATE_POST' } });
    await cloud.stop();

    // Once moved, a start finds nothing left to move: the pages stay.
    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    expect((await call<AuthorProfile>(cloud, '/authors/david')).body).toMatchObject({ name: 'David', posts: 1 });
  }, 600_000);
});
