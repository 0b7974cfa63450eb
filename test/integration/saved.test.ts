/**
 * «Guardadas» (docs/api.md) against the real local cloud: saving and unsaving published
 * posts (twice, and twenty times at once, is once), the list newest saved first with removed posts
 * dropping out, the pressed state of a page of cards in one call, and one account never reading another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../functions/contract/errors';
import type { OwnPost, Post, PostPage } from '../../functions/contract/posts';
import type { SavedIds } from '../../functions/contract/saved';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let author: TestUser;
let author2: TestUser;
let moderator: TestUser;
let reader: TestUser;
let other: TestUser;
let posts: Post[];

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  author = await createUser(cloud, { name: 'Autora Guardada' });
  // A second author for what the first cannot publish within the rate limit (5 in 10 minutes).
  author2 = await createUser(cloud, { name: 'Otra Autora' });
  reader = await createUser(cloud, { name: 'Lectora' });
  other = await createUser(cloud, { name: 'Otra Lectora' });
  posts = [];
  for (let i = 0; i < 5; i++)
    posts.push(await publishApproved(cloud, author, moderator, { category: 'amistad', post: `Para releer, número ${i}.` }));
}, 600_000);

afterAll(async () => {
  await cloud?.stop();
});

const save = (user: TestUser, id: string) => call(cloud, `/posts/${id}/save`, { method: 'PUT', token: user.idToken });
const unsave = (user: TestUser, id: string) => call(cloud, `/posts/${id}/save`, { method: 'DELETE', token: user.idToken });
const saved = (user: TestUser, query = '') => call<PostPage>(cloud, `/me/saved${query}`, { token: user.idToken });
const savedIds = (user: TestUser, ids: string[]) => call<SavedIds>(cloud, `/me/saved/ids?ids=${ids.join(',')}`, { token: user.idToken });
const postNotFound = { status: 404, body: { error: { code: 'POST_NOT_FOUND', message: ERRORS.POST_NOT_FOUND.message } } };

describe('saving posts', () => {
  it('lists saved posts newest saved first; saving one again changes neither the list nor its place', async () => {
    for (const post of [posts[0]!, posts[2]!, posts[1]!]) expect((await save(reader, post.id)).status).toBe(204);
    expect((await save(reader, posts[0]!.id)).status).toBe(204);
    const list = await saved(reader);
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.id)).toEqual([posts[1]!.id, posts[2]!.id, posts[0]!.id]);
    expect(list.body.items[0]).toEqual(posts[1]);
  });

  it('keeps one row when the same post is saved twenty times at once', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => save(other, posts[3]!.id)));
    expect(results.map((result) => result.status)).toEqual(Array.from({ length: 20 }, () => 204));
    expect((await saved(other)).body.items.map((item) => item.id)).toEqual([posts[3]!.id]);
  });

  it('answers which of a page of cards are saved, in one call, and only for the caller', async () => {
    const ids = posts.map((post) => post.id);
    expect((await savedIds(reader, ids)).body.ids.sort()).toEqual([posts[0]!.id, posts[1]!.id, posts[2]!.id].sort());
    expect((await savedIds(other, ids)).body).toEqual({ ids: [posts[3]!.id] });
    // Another account never sees the reader's list.
    expect((await saved(other)).body.items.map((item) => item.id)).not.toContain(posts[0]!.id);
  });

  it('refuses more than 100 ids, malformed ids and no ids with 400', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    for (const query of [many.join(','), 'no-es-un-id', '', `${posts[0]!.id},'; DROP TABLE`]) {
      const response = await call(cloud, `/me/saved/ids?ids=${encodeURIComponent(query)}`, { token: reader.idToken });
      expect(response, query.slice(0, 40)).toMatchObject({ status: 400, body: { error: { code: 'INVALID_REQUEST' } } });
    }
  });

  it('pages through the list without repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof saved>> = await saved(reader, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((item) => item.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([posts[1]!.id, posts[2]!.id, posts[0]!.id]);
    expect((await saved(reader, '?cursor=nope')).body).toMatchObject({ error: { code: 'INVALID_CURSOR' } });
  });

  it('unsaves (also a post that was not saved)', async () => {
    expect((await unsave(reader, posts[2]!.id)).status).toBe(204);
    expect((await unsave(reader, posts[4]!.id)).status).toBe(204);
    expect((await saved(reader)).body.items.map((item) => item.id)).toEqual([posts[1]!.id, posts[0]!.id]);
  });

  it('drops a removed post out of the list', async () => {
    const doomed = await publishApproved(cloud, author2, moderator, { category: 'varios', post: 'Esta la borrará su autora.' });
    expect((await save(reader, doomed.id)).status).toBe(204);
    expect((await saved(reader)).body.items[0]?.id).toBe(doomed.id);
    expect((await call(cloud, `/posts/${doomed.id}`, { method: 'DELETE', token: author2.idToken })).status).toBe(204);
    expect((await saved(reader)).body.items.map((item) => item.id)).toEqual([posts[1]!.id, posts[0]!.id]);
    expect(await save(reader, doomed.id)).toMatchObject(postNotFound);
  });

  it('answers 404 POST_NOT_FOUND for a pending, unknown or malformed post', async () => {
    const created = await publish(cloud, author2.idToken, { category: 'varios', post: 'Todavía en moderación, no se puede guardar.' });
    const pending = created.body as OwnPost;
    for (const id of [pending.id, '00000000-0000-4000-8000-000000000000', 'nada', '..%2Fme']) {
      expect(await save(reader, id), id).toMatchObject(postNotFound);
      expect(await unsave(reader, id), id).toMatchObject(postNotFound);
    }
  });

  it('needs a token', async () => {
    expect((await call(cloud, `/posts/${posts[0]!.id}/save`, { method: 'PUT' })).status).toBe(401);
    expect((await call(cloud, '/me/saved')).status).toBe(401);
    expect((await call(cloud, `/me/saved/ids?ids=${posts[0]!.id}`)).status).toBe(401);
  });
});
