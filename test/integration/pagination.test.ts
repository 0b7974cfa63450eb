import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Post, PostPage } from '../../functions/contract/posts';
import { listPosts } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let moderator: TestUser;
let published: Post[] = [];

/** Publishes `count` posts through the API (a moderator lets each in), five per user so the rate limit never applies. */
async function publishMany(count: number, category: (i: number) => Post['category'] = () => 'varios', label = 'Anécdota'): Promise<Post[]> {
  const posts: Post[] = [];
  let user = await createUser(cloud);
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 5 === 0) user = await createUser(cloud);
    posts.push(await publishApproved(cloud, user, moderator, { category: category(i), post: `${label} ${i}` }));
  }
  return posts;
}

async function page(query: string): Promise<PostPage> {
  const response = await listPosts(cloud, query);
  expect(response.status).toBe(200);
  return response.body as PostPage;
}

function expectNewestFirst(posts: Post[]) {
  for (let i = 1; i < posts.length; i++) {
    const [a, b] = [posts[i - 1] as Post, posts[i] as Post];
    expect(`${a.publishedAt}#${a.id}` > `${b.publishedAt}#${b.id}`).toBe(true);
  }
}

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  published = await publishMany(45, (i) => (i % 3 === 0 ? 'amor' : 'trabajo'));
});
afterAll(async () => {
  await cloud?.stop();
});

describe('feed pagination', () => {
  it('serves 45 posts as pages of 20, 20 and 5, newest first, with no duplicates and no gaps', async () => {
    const first = await page('');
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await page(`?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(20);
    const third = await page(`?cursor=${second.nextCursor}`);
    expect(third.items).toHaveLength(5);
    expect(third.nextCursor).toBeNull();

    const all = [...first.items, ...second.items, ...third.items];
    expectNewestFirst(all);
    expect(new Set(all.map((post) => post.id)).size).toBe(45);
    expect(all.map((post) => post.id).sort()).toEqual(published.map((post) => post.id).sort());
  });

  it('neither repeats nor skips a post when new posts arrive between page reads', async () => {
    const first = await page('');
    const arrivedAfterFirst = await publishMany(3, () => 'familia', 'Nueva');
    const second = await page(`?cursor=${first.nextCursor}`);
    const arrivedAfterSecond = await publishMany(2, () => 'familia', 'Más nueva');
    const rest: Post[] = [];
    let cursor = second.nextCursor;
    while (cursor) {
      const next = await page(`?cursor=${cursor}`);
      rest.push(...next.items);
      cursor = next.nextCursor;
    }
    const read = [...first.items, ...second.items, ...rest];
    expectNewestFirst(read);
    const ids = read.map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Exactly what existed when the first page was read: the newcomers belong above it.
    const newcomers = new Set([...arrivedAfterFirst, ...arrivedAfterSecond].map((post) => post.id));
    expect(ids.some((id) => newcomers.has(id))).toBe(false);
    expect(ids).toHaveLength(45);
    // A fresh first page starts with them (posts stored in the same millisecond are ordered by id).
    const fresh = await page('?limit=5');
    expect(new Set(fresh.items.map((post) => post.id))).toEqual(newcomers);
  });

  it('pages one category with a custom limit', async () => {
    const amor = published.filter((post) => post.category === 'amor');
    const read: Post[] = [];
    let cursor: string | null = null;
    do {
      const next: PostPage = await page(`?category=amor&limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      expect(next.items.length).toBeLessThanOrEqual(4);
      read.push(...next.items);
      cursor = next.nextCursor;
    } while (cursor);
    expect(read.every((post) => post.category === 'amor')).toBe(true);
    expect(read.map((post) => post.id).sort()).toEqual(amor.map((post) => post.id).sort());
    expectNewestFirst(read);
  });
});
