/**
 * The Top's rank rows are derived data (docs/decisions/0006-top-reconcile.md): they heal. Locally the
 * stream pollers keep checkpoints, so votes whose stream batch a kill -9 cut off are ranked after the
 * restart; and `rebuildTop` (npm run rebuild -- top, the scheduled ReconcileTop on AWS) makes wrong
 * rows what the posts' counts say.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../../functions/contract/posts';
import { rankKey, rebuildTop } from '../../functions/domain/rankings';
import { bucketsOf } from '../../functions/domain/periods';
import { DynamoTopRebuildStore } from '../../functions/store/dynamodb/topRebuildStore';
import { DEMO_MODERATOR } from '../../infra/local/fixtures/demoModerator';
import { call } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { publishApproved } from '../support/moderation';
import { createUser, signIn, type TestUser } from '../support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-top-'));
let cloud: LocalCloudProcess | undefined;

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const vote = (running: LocalCloudProcess, user: TestUser, id: string) =>
  call(running, `/posts/${id}/vote`, { method: 'PUT', token: user.idToken, body: { vote: 'agree' } });

/** The ids of the all-time «¡Vaya día!» ranking, best first. */
const ranking = async (running: LocalCloudProcess) =>
  ((await call<PostPage>(running, '/posts/top?period=all&by=agree&limit=50')).body.items ?? []).map((post) => post.id);

async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`still not so after ${ms / 1000} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('the Top heals', () => {
  let first: Post;
  let second: Post;

  it('ranks, after a kill -9 and a restart, the votes whose stream batch the kill cut off', async () => {
    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true, env: { SEED: '0' } });
    const author = await createUser(cloud, { name: 'Autora del Top' });
    const moderator = { ...DEMO_MODERATOR, ...(await signIn(cloud, DEMO_MODERATOR)) };
    first = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'La que tuvo dos votos primero.' });
    second = await publishApproved(cloud, author, moderator, { category: 'varios', post: 'La que tuvo cinco votos al final.' });
    const voters: TestUser[] = [];
    for (let i = 0; i < 5; i++) voters.push(await createUser(cloud));
    for (const voter of voters.slice(0, 2)) expect((await vote(cloud, voter, first.id)).status).toBe(200);
    const running = cloud;
    await until(async () => (await ranking(running))[0] === first.id, 'the first post leads with its two votes');

    // Five votes, answered, and the local cloud killed before its stream batch (a 1 s window) is applied.
    const answers = await Promise.all(voters.map((voter) => vote(running, voter, second.id)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    process.kill(running.pid, 'SIGKILL');
    await until(async () => {
      try {
        process.kill(running.pid, 0);
        return false;
      } catch {
        return true;
      }
    }, 'the killed local cloud is gone');

    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true, env: { SEED: '0' } });
    const restarted = cloud;
    await until(async () => (await ranking(restarted)).slice(0, 2).join() === [second.id, first.id].join(), 'five votes rank above two');
    // Two starts of a local cloud with a DynamoDB Local of its own and a kill between: ~50 s on a busy CI host.
  }, 180_000);

  it('rebuilds wrong rank rows from the posts’ counts, and changes nothing when run again', async () => {
    const running = cloud!;
    // A rank row saying the five-vote post has none in the all-time Top (as a lost batch would leave it).
    const client = running.dynamodb();
    try {
      await client.send(
        new PutItemCommand({
          TableName: running.tables.top,
          Item: {
            postId: { S: second.id },
            period: { S: 'all' },
            bucket: { S: bucketsOf(new Date(second.publishedAt)).all },
            agreeRank: { S: rankKey(0, second.publishedAt, second.id) },
            deservedRank: { S: rankKey(0, second.publishedAt, second.id) },
          },
        }),
      );
      // With no vote on its row, the five-vote post has left the all-time Top (which lists only posts with a vote).
      const wrong = await ranking(running);
      expect(wrong[0]).toBe(first.id);
      expect(wrong).not.toContain(second.id);
      const store = new DynamoTopRebuildStore(DynamoDBDocumentClient.from(client), {
        posts: running.tables.posts,
        top: running.tables.top,
      });
      const done = await rebuildTop(store);
      expect(done).toMatchObject({ published: 2, rewritten: 1, removed: 0, changedMeanwhile: 0 });
      expect((await ranking(running)).slice(0, 2)).toEqual([second.id, first.id]);
      expect(await rebuildTop(store)).toMatchObject({ published: 2, rewritten: 0, removed: 0 });
    } finally {
      client.destroy();
    }
  });
});
