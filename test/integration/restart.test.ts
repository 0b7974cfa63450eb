import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../../functions/contract';
import { call, listPosts, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createUser, signIn } from '../support/users';

const dataDir = mkdtempSync(join(tmpdir(), 'vaya-dia-restart-'));
let cloud: LocalCloudProcess | undefined;

afterAll(async () => {
  await cloud?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local cloud restart', () => {
  it('keeps users and posts, and does not seed the samples twice', async () => {
    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    const user = await createUser(cloud, { name: 'Persistente' });
    const post = (await publish(cloud, user.idToken, { category: 'familia', post: 'Antes del reinicio' })).body as Post;
    const countBefore = ((await listPosts(cloud, '?limit=100')).body as PostPage).items.length;
    await cloud.stop();

    cloud = await startLocalCloudProcess({ dataDir, ownDynamoDb: true });
    expect((await call<Post>(cloud, `/posts/${post.id}`)).body).toEqual(post);
    expect(((await listPosts(cloud, '?limit=100')).body as PostPage).items).toHaveLength(countBefore);
    const { idToken } = await signIn(cloud, user);
    expect((await publish(cloud, idToken, { category: 'familia', post: 'Después del reinicio' })).status).toBe(201);
  });
});
