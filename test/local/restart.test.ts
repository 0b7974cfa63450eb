import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { MODERATORS_GROUP } from '../../functions/contract/moderation';
import { type Post, type PostPage } from '../../functions/contract/posts';
import { DEMO_MODERATOR } from '../../infra/local/fixtures/demoModerator';
import { call, listPosts, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { publishApproved } from '../support/moderation';
import { createUser, signIn } from '../support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-restart-'));
let cloud: LocalCloudProcess | undefined;

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Two cold starts of the whole local cloud, each with a DynamoDB Local of its own (a JVM): ~30 s on a quiet
 * machine, and past the suite's 60 s when the machine is busy.
 */
const TWO_COLD_STARTS_MS = 180_000;

describe('local cloud restart', () => {
  it(
    'keeps users, moderators and posts, and does not seed the samples twice',
    async () => {
      cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
      const user = await createUser(cloud, { name: 'Persistente' });
      const moderator = { ...DEMO_MODERATOR, ...(await signIn(cloud, DEMO_MODERATOR)) };
      const post = await publishApproved(cloud, user, moderator, { category: 'familia', post: 'Antes del reinicio' });
      const countBefore = ((await listPosts(cloud, '?limit=100')).body as PostPage).items.length;
      await cloud.stop();

      cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
      expect((await call<Post>(cloud, `/posts/${post.id}`)).body).toEqual(post);
      expect(((await listPosts(cloud, '?limit=100')).body as PostPage).items).toHaveLength(countBefore);
      const { idToken } = await signIn(cloud, user);
      expect((await publish(cloud, idToken, { category: 'familia', post: 'Después del reinicio' })).status).toBe(201);
      // The demo moderator is still one: the group travels in the token.
      const again = await signIn(cloud, DEMO_MODERATOR);
      expect(decodeJwt(again.idToken)['cognito:groups']).toEqual([MODERATORS_GROUP]);
    },
    TWO_COLD_STARTS_MS,
  );
});
