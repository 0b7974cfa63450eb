/**
 * `npm start` starts the functions a first visitor reaches before it prints its banner, so the first
 * post page after a start, asked for by many at once, is served (it timed out once, a cold start under load).
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../../functions/contract/posts';
import { call } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';

let cloud: LocalCloudProcess | undefined;
afterAll(async () => {
  await cloud?.stop();
});

describe('a warm start', () => {
  it('names the warm functions in its banner, and serves the first post page to ten readers at once', async () => {
    cloud = await startLocalCloudProcess({ env: { WARM: '1' } });
    const banner = /Functions\s+warm: ([^\n]+)/.exec(cloud.output())?.[1] ?? '';
    for (const id of ['Pages', 'ListPosts', 'GetPost', 'ListTop', 'GetMe']) expect(banner).toContain(id);
    const running = cloud;
    const { items } = (await call<PostPage>(running, '/posts?limit=1')).body;
    const post = items[0] as Post;
    const pages = await Promise.all(Array.from({ length: 10 }, () => fetch(`${running.webUrl}/post/${post.id}`)));
    expect(pages.map((page) => page.status)).toEqual(Array<number>(10).fill(200));
  });
});
