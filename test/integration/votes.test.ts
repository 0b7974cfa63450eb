/**
 * Votes («¡Vaya día!» / «Te lo mereces») and the Top against the real local cloud: real accounts in
 * cognito-local, real concurrent requests through the HTTP gateway, the posts stream feeding the
 * Top's rank rows and the broadcasts (its two readers, PostsAtOnce and PostsBatched). The cloud
 * starts without samples, so the Top holds only what these tests write.
 */
import { randomUUID } from 'node:crypto';
import { ScanCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/contract/common';
import { ERRORS, type ErrorCode } from '../../functions/contract/errors';
import { type OwnPost, type Post, type PostVotes } from '../../functions/contract/posts';
import { MAX_VOTE_IDS, type MyVotes, type TopPage, type VoteKind, type VoteResult } from '../../functions/contract/votes';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { readTop } from '../../functions/domain/votes';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import { DynamoRankingStore } from '../../functions/store/dynamodb/rankingStore';
import { call, publish } from '../support/api';
import { liveReader, type LiveReader } from '../support/live';
import { cloudPerFile } from '../support/cloudPerFile';
import { publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { publishedPost } from '../support/posts';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: true });
let dynamo: DynamoDBClient;
let posts: DynamoPostRepository;
let voters: TestUser[];
let author: TestUser;
let reader: LiveReader;

const VOTERS = 50;

beforeAll(async () => {
  dynamo = site.cloud.dynamodb();
  posts = new DynamoPostRepository(site.documents, site.cloud.tables.posts);
  author = await createUser(site.cloud, { name: 'Autora' });
  // One after another: cognito-local's store does not take concurrent sign-ups well. They vote at once later.
  voters = [];
  for (let i = 0; i < VOTERS; i++) voters.push(await createUser(site.cloud, { name: `Votante ${i}` }));
  reader = await liveReader(site.cloud);
}, 600_000);
afterAll(async () => {
  reader?.close();
  dynamo?.destroy();
});

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

const vote = (user: TestUser, id: string, kind: unknown) =>
  call<VoteResult>(site.cloud, `/posts/${id}/vote`, { method: 'PUT', token: user.idToken, body: { vote: kind } });
const unvote = (user: TestUser, id: string) => call<VoteResult>(site.cloud, `/posts/${id}/vote`, { method: 'DELETE', token: user.idToken });
const myVotes = (user: TestUser, ids: string[]) => call<MyVotes>(site.cloud, `/me/votes?ids=${ids.join(',')}`, { token: user.idToken });
const top = (query: string) => call<TopPage>(site.cloud, `/posts/top${query}`);

/** A published post written straight to the table (as the moderation path leaves one), by someone else. */
async function storedPost(overrides: Partial<StoredPost> = {}): Promise<StoredPost> {
  const post = publishedPost(overrides);
  await posts.insert(post);
  return post;
}

async function scan(table: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, never> | undefined;
  do {
    const page = await dynamo.send(new ScanCommand({ TableName: table, ConsistentRead: true, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []).map((item) => unmarshall(item)));
    start = page.LastEvaluatedKey as Record<string, never> | undefined;
  } while (start);
  return items;
}

/** The post's stored counts, and the counts of its stored vote rows: always equal. */
async function countsAndRows(id: string): Promise<{ stored: PostVotes; rows: PostVotes }> {
  const stored = (await posts.get(id, { consistent: true }))!.votes;
  const rows = { agree: 0, deserved: 0 };
  for (const row of await scan(site.cloud.tables.votes)) if (row.postId === id) rows[row.vote as VoteKind]++;
  return { stored, rows };
}

/** Polls `check` until it passes (the Top follows the posts stream within about a second). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

describe('voting', () => {
  it(`counts ${VOTERS} accounts voting at once on one post exactly, and each sees its own vote`, async () => {
    const post = await storedPost();
    const results = await Promise.all(voters.map((voter, i) => vote(voter, post.id, i < 30 ? 'agree' : 'deserved')));
    for (const [i, result] of results.entries()) {
      expect(result.status).toBe(200);
      expect(result.body.myVote).toBe(i < 30 ? 'agree' : 'deserved');
    }
    expect(await countsAndRows(post.id)).toEqual({ stored: { agree: 30, deserved: 20 }, rows: { agree: 30, deserved: 20 } });
    expect((await call<Post>(site.cloud, `/posts/${post.id}`)).body.votes).toEqual({ agree: 30, deserved: 20 });
    expect((await myVotes(voters[0]!, [post.id])).body).toEqual({ votes: { [post.id]: 'agree' } });
    expect((await myVotes(voters[40]!, [post.id])).body).toEqual({ votes: { [post.id]: 'deserved' } });
  });

  it('keeps counts equal to the stored votes while accounts switch, repeat and remove their votes at once', async () => {
    const post = await storedPost();
    for (const result of await Promise.all(voters.map((voter) => vote(voter, post.id, 'agree')))) expect(result.status).toBe(200);
    // Each account sends two conflicting requests at once: a switch and a removal, a switch and the
    // same vote again, or the same switch twice. Whatever wins, each account counts once or not at all.
    const requests = voters.flatMap((voter, i) => {
      if (i % 3 === 0) return [vote(voter, post.id, 'deserved'), unvote(voter, post.id)];
      if (i % 3 === 1) return [vote(voter, post.id, 'deserved'), vote(voter, post.id, 'agree')];
      return [vote(voter, post.id, 'deserved'), vote(voter, post.id, 'deserved')];
    });
    for (const result of await Promise.all(requests)) expect(result.status).toBe(200);
    const { stored, rows } = await countsAndRows(post.id);
    expect(stored).toEqual(rows);
    expect(stored.agree + stored.deserved).toBeLessThanOrEqual(VOTERS);
    // Every account whose requests were a switch and a re-vote still counts once.
    expect(stored.agree + stored.deserved).toBeGreaterThanOrEqual(Math.ceil((VOTERS * 2) / 3) - 1);
    const mine = await Promise.all(voters.map((voter) => myVotes(voter, [post.id])));
    const fromAccounts = { agree: 0, deserved: 0 };
    for (const answer of mine) {
      const kind = answer.body.votes[post.id];
      if (kind) fromAccounts[kind]++;
    }
    expect(fromAccounts).toEqual(stored);

    // Everyone removes theirs at once: back to zero.
    for (const result of await Promise.all(voters.map((voter) => unvote(voter, post.id))))
      expect(result.body).toMatchObject({ myVote: null });
    expect(await countsAndRows(post.id)).toEqual({ stored: { agree: 0, deserved: 0 }, rows: { agree: 0, deserved: 0 } });
  });

  it('replaces a vote, ignores the same vote again, and removes it, answering the counts each time', async () => {
    const post = await storedPost({ votes: { agree: 4, deserved: 2 } });
    const voter = voters[0]!;
    expect((await vote(voter, post.id, 'agree')).body).toEqual({ votes: { agree: 5, deserved: 2 }, myVote: 'agree' });
    expect((await vote(voter, post.id, 'agree')).body).toEqual({ votes: { agree: 5, deserved: 2 }, myVote: 'agree' });
    expect((await vote(voter, post.id, 'deserved')).body).toEqual({ votes: { agree: 4, deserved: 3 }, myVote: 'deserved' });
    expect((await unvote(voter, post.id)).body).toEqual({ votes: { agree: 4, deserved: 2 }, myVote: null });
    expect((await unvote(voter, post.id)).body).toEqual({ votes: { agree: 4, deserved: 2 }, myVote: null });
  });

  it('refuses a vote on one’s own post (403 OWN_POST) and on a post that is not published (404), changing nothing', async () => {
    const own = await publishApproved(site.cloud, author, site.moderator, { category: 'trabajo', post: 'La mía' });
    expectError(await vote(author, own.id, 'agree'), 'OWN_POST');
    const pending = (await publish(site.cloud, author.idToken, { category: 'trabajo', post: 'Pendiente' })).body as OwnPost;
    expectError(await vote(voters[0]!, pending.id, 'agree'), 'POST_NOT_FOUND');
    expectError(await unvote(voters[0]!, pending.id), 'POST_NOT_FOUND');
    const removed = await storedPost();
    expect((await vote(voters[1]!, removed.id, 'deserved')).status).toBe(200);
    expect((await call(site.cloud, `/posts/${removed.id}`, { method: 'DELETE', token: site.moderator.idToken })).status).toBe(204);
    expectError(await vote(voters[0]!, removed.id, 'agree'), 'POST_NOT_FOUND');
    expectError(await unvote(voters[1]!, removed.id), 'POST_NOT_FOUND');
    expect(await countsAndRows(own.id)).toEqual({ stored: { agree: 0, deserved: 0 }, rows: { agree: 0, deserved: 0 } });
    expect(await countsAndRows(removed.id)).toEqual({ stored: { agree: 0, deserved: 1 }, rows: { agree: 0, deserved: 1 } });
  });

  it('answers hostile input on the vote routes with the contract’s errors and stores nothing', async () => {
    const post = await storedPost();
    const voter = voters[2]!;
    const put = (init: { body?: unknown; rawBody?: string; token?: string }, id = post.id) =>
      call(site.cloud, `/posts/${id}/vote`, { method: 'PUT', token: voter.idToken, ...init });
    for (const body of [{ vote: 'like' }, { vote: 'AGREE' }, { vote: 1 }, {}, [], 'agree', null, { vote: ['agree'] }]) {
      expectError(await put({ body }), 'INVALID_REQUEST');
    }
    expectError(await put({ rawBody: '{"vote":' }), 'INVALID_JSON');
    expectError(await put({ rawBody: JSON.stringify({ vote: 'agree', padding: 'x'.repeat(MAX_BODY_BYTES) }) }), 'PAYLOAD_TOO_LARGE');
    for (const id of ['no-es-un-id', randomUUID(), `${post.id}x`, '..%2F..%2Fme']) {
      expectError(await put({ body: { vote: 'agree' } }, id), 'POST_NOT_FOUND');
      expectError(await call(site.cloud, `/posts/${id}/vote`, { method: 'DELETE', token: voter.idToken }), 'POST_NOT_FOUND');
    }
    expect((await call(site.cloud, `/posts/${post.id}/vote`, { method: 'PUT', body: { vote: 'agree' } })).status).toBe(401);
    expect(
      (await call(site.cloud, `/posts/${post.id}/vote`, { method: 'PUT', body: { vote: 'agree' }, token: 'not.a.token' })).status,
    ).toBe(401);
    expect((await call(site.cloud, `/posts/${post.id}/vote`, { method: 'DELETE' })).status).toBe(401);
    // An unknown field is dropped, never stored.
    expect((await put({ body: { vote: 'agree', userId: 'someone', agree: 1000 } })).body).toEqual({
      votes: { agree: 1, deserved: 0 },
      myVote: 'agree',
    });
    expect(await countsAndRows(post.id)).toEqual({ stored: { agree: 1, deserved: 0 }, rows: { agree: 1, deserved: 0 } });
    const row = (await scan(site.cloud.tables.votes)).find((item) => item.postId === post.id);
    expect(Object.keys(row!).sort()).toEqual(['at', 'postId', 'userId', 'vote']);
  });
});

describe('GET /me/votes', () => {
  it(`answers the caller’s votes on ${MAX_VOTE_IDS} posts in one call, and nobody else’s`, async () => {
    const many = await Promise.all(Array.from({ length: MAX_VOTE_IDS }, () => storedPost()));
    const [me, other] = [voters[3]!, voters[4]!];
    const expected: Record<string, VoteKind> = {};
    await Promise.all(
      many.map(async (post, i) => {
        if (i % 3 === 2) return;
        const kind = i % 3 === 0 ? 'agree' : 'deserved';
        expected[post.id] = kind;
        expect((await vote(me, post.id, kind)).status).toBe(200);
      }),
    );
    expect((await vote(other, many[2]!.id, 'agree')).status).toBe(200);
    const ids = many.map((post) => post.id);
    expect((await myVotes(me, ids)).body).toEqual({ votes: expected });
    expect((await myVotes(other, ids)).body).toEqual({ votes: { [many[2]!.id]: 'agree' } });
    // Repeats are fine; an id nobody voted on is simply absent.
    expect((await myVotes(me, [ids[0]!, ids[0]!, randomUUID()])).body).toEqual({ votes: { [ids[0]!]: 'agree' } });
  });

  it('refuses a missing, empty, oversized or malformed id list with 400 INVALID_REQUEST, and no token with 401', async () => {
    const me = voters[3]!;
    const ids = Array.from({ length: MAX_VOTE_IDS + 1 }, () => randomUUID());
    expectError(await call(site.cloud, '/me/votes', { token: me.idToken }), 'INVALID_REQUEST');
    for (const query of [
      '',
      ',',
      `${ids[0]},`,
      'a,b',
      ids.join(','),
      `${ids[0]},${'x'.repeat(5000)}`,
      `${ids[0]}%00`,
      ids[0]!.toUpperCase(),
    ]) {
      expectError(await call(site.cloud, `/me/votes?ids=${query}`, { token: me.idToken }), 'INVALID_REQUEST');
    }
    expect((await call(site.cloud, `/me/votes?ids=${ids[0]}`)).status).toBe(401);
  });
});

describe('the Top', () => {
  it('ranks each calendar period by either count, ties newest first, only posts with a vote of that kind, across a Madrid midnight (injected clock)', async () => {
    // 2020-03-31 22:00 UTC is midnight in Madrid (summer time), between March and April, in the week
    // that began on Monday 30 March; 29 March was the Sunday of the week before.
    const at = (iso: string, agree: number, deserved: number) =>
      storedPost({ publishedAt: iso, createdAt: iso, votes: { agree, deserved } });
    const a = await at('2020-03-31T21:59:59.000Z', 5, 0);
    const b = await at('2020-03-31T22:00:00.000Z', 1, 4);
    const c = await at('2020-04-01T10:00:00.000Z', 3, 0);
    const d = await at('2020-03-29T21:59:00.000Z', 9, 9);
    const e = await at('2020-03-30T00:30:00.000Z', 3, 2);
    const store = new DynamoRankingStore(site.documents, { posts: site.cloud.tables.posts, top: site.cloud.tables.top });
    const ids = async (period: string, by: string, now: string) =>
      (await readTop({ top: store, now: () => new Date(now) }, { period, by, limit: '100' })).items.map((post) => post.id);
    await eventually(async () => expect(await ids('week', 'agree', '2020-04-01T12:00:00Z')).toHaveLength(4));

    expect(await ids('day', 'agree', '2020-03-31T21:00:00Z')).toEqual([a.id]);
    expect(await ids('day', 'agree', '2020-03-31T22:00:00Z')).toEqual([c.id, b.id]);
    expect(await ids('day', 'agree', '2020-04-01T21:59:59Z')).toEqual([c.id, b.id]);
    // c has no «Te lo mereces»: it is not in that ranking at all.
    expect(await ids('day', 'deserved', '2020-04-01T12:00:00Z')).toEqual([b.id]);
    expect(await ids('week', 'agree', '2020-04-01T12:00:00Z')).toEqual([a.id, c.id, e.id, b.id]);
    expect(await ids('week', 'deserved', '2020-04-01T12:00:00Z')).toEqual([b.id, e.id]);
    expect(await ids('week', 'agree', '2020-03-29T21:59:30Z')).toEqual([d.id]);
    expect(await ids('month', 'agree', '2020-03-31T21:59:59Z')).toEqual([d.id, a.id, e.id]);
    expect(await ids('month', 'agree', '2020-04-01T00:00:00Z')).toEqual([c.id, b.id]);
    const all = await ids('all', 'agree', '2020-04-01T12:00:00Z');
    expect(all.filter((id) => [a.id, b.id, c.id, d.id, e.id].includes(id))).toEqual([d.id, a.id, c.id, e.id, b.id]);
    expect(await ids('day', 'agree', '2020-04-02T12:00:00Z')).toEqual([]);
  });

  it('moves a post up today’s Top as it gets votes, and pages through every period without repeats', async () => {
    const today = await Promise.all(Array.from({ length: 11 }, () => storedPost()));
    // Post i gets i «¡Vaya día!» votes (through the API), and 10 − i «Te lo mereces».
    await Promise.all(
      today.flatMap((post, i) => voters.slice(0, 10).map((voter, j) => vote(voter, post.id, j < i ? 'agree' : 'deserved'))),
    );
    // Newest and most voted first; post 0 has no «¡Vaya día!», so it is not ranked by them (nor post 10 by «Te lo mereces»).
    const expected = [...today].reverse().map((post) => post.id);
    const expectedAgree = expected.slice(0, -1);
    const expectedDeserved = [...expected].reverse().slice(0, -1);
    const pages = async (query: string, limit: number): Promise<Post[]> => {
      const seen: Post[] = [];
      let cursor: string | null = null;
      do {
        const response: Awaited<ReturnType<typeof top>> = await top(`${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.status).toBe(200);
        expect(response.body.items.length).toBeLessThanOrEqual(limit);
        seen.push(...response.body.items);
        cursor = response.body.nextCursor;
      } while (cursor);
      return seen;
    };
    await eventually(async () => {
      const ranked = (await pages('?period=day&by=agree', 4)).map((post) => post.id);
      expect(ranked.filter((id) => expected.includes(id))).toEqual(expectedAgree);
    });
    const day = await pages('?period=day&by=agree', 4);
    expect(new Set(day.map((post) => post.id)).size).toBe(day.length);
    const mine = day.filter((post) => expected.includes(post.id));
    expect(mine.map((post) => post.votes)).toEqual(expectedAgree.map((_, i) => ({ agree: 10 - i, deserved: i })));
    expect(Object.keys(mine[0]!).sort()).toEqual(['category', 'comments', 'createdAt', 'id', 'name', 'post', 'publishedAt', 'votes']);
    const deserved = (await pages('?period=day&by=deserved', 3)).map((post) => post.id).filter((id) => expected.includes(id));
    expect(deserved).toEqual(expectedDeserved);

    for (const period of ['day', 'week', 'month', 'all']) {
      for (const by of ['agree', 'deserved'] as const) {
        const ranked = await pages(`?period=${period}&by=${by}`, 3);
        const keys = ranked.map((post) => [post.votes[by], post.publishedAt, post.id] as const);
        expect(new Set(ranked.map((post) => post.id)).size, `${period} ${by}`).toBe(ranked.length);
        expect(
          keys.filter(([count]) => count === 0),
          `${period} ${by}: posts without a vote of that kind`,
        ).toEqual([]);
        for (let i = 1; i < keys.length; i++) {
          const [count, publishedAt] = keys[i]!;
          const [previousCount, previousAt] = keys[i - 1]!;
          expect(count < previousCount || (count === previousCount && publishedAt <= previousAt), `${period} ${by} at ${i}`).toBe(true);
        }
      }
    }
    // Votes move a post to the top of today's ranking (above the earlier tests' 30).
    const last = today[0]!;
    await Promise.all(voters.slice(10).map((voter) => vote(voter, last.id, 'agree')));
    await eventually(async () =>
      expect((await top('?period=day&by=agree&limit=1')).body.items[0]).toMatchObject({ id: last.id, votes: { agree: VOTERS - 10 } }),
    );
    // A post that leaves the feeds leaves the Top.
    expect((await call(site.cloud, `/posts/${last.id}`, { method: 'DELETE', token: site.moderator.idToken })).status).toBe(204);
    await eventually(async () =>
      expect((await top('?period=all&by=agree&limit=100')).body.items.map((post) => post.id)).not.toContain(last.id),
    );
  });

  it('answers hostile Top queries with the contract’s errors', async () => {
    const feedCursor = Buffer.from(`${new Date().toISOString()}#${randomUUID()}`).toString('base64url');
    expectError(await top('?period=year'), 'INVALID_PERIOD');
    expectError(await top('?period=DAY'), 'INVALID_PERIOD');
    expectError(await top('?period='), 'INVALID_PERIOD');
    expectError(await top('?by=likes'), 'INVALID_RANKING');
    expectError(await top('?period=week&by='), 'INVALID_RANKING');
    for (const limit of ['0', '101', '-1', '1.5', 'abc', '1e2']) expectError(await top(`?limit=${limit}`), 'INVALID_LIMIT');
    for (const cursor of ['', 'abc', '!!!', feedCursor, Buffer.from('0000000001#x#y').toString('base64url')]) {
      expectError(await top(`?period=all&cursor=${cursor}`), 'INVALID_CURSOR');
    }
    // A well-formed cursor at a post without votes (no page ever hands one out) has nothing after it.
    const belowEveryVote = Buffer.from(`0000000000#2026-01-01T00:00:00.000Z#${randomUUID()}`).toString('base64url');
    const afterNothing = await top(`?period=all&by=agree&cursor=${belowEveryVote}`);
    expect(afterNothing.status).toBe(200);
    expect(afterNothing.body).toEqual({ period: 'all', items: [], nextCursor: null });
    const page = await top('?period=all&by=deserved');
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toContain('s-maxage');
  });
});

describe('live counts', () => {
  it('coalesces a burst of 20 votes into at most one post.updated a second, ending on the exact counts', async () => {
    const post = await storedPost();
    const started = Date.now();
    await Promise.all(voters.slice(0, 20).map((voter, i) => vote(voter, post.id, i < 15 ? 'agree' : 'deserved')));
    await reader.waitFor(
      (message) => message.type === 'post.updated' && message.id === post.id && message.votes.agree === 15 && message.votes.deserved === 5,
    );
    const times = reader.messages.flatMap((message, i) =>
      message.type === 'post.updated' && message.id === post.id ? [reader.receivedAt[i]!] : [],
    );
    const updates = reader.messages.filter((message) => message.type === 'post.updated' && message.id === post.id);
    expect(updates.at(-1)).toEqual({ type: 'post.updated', id: post.id, votes: { agree: 15, deserved: 5 }, comments: 0 });
    expect(times.length).toBeGreaterThanOrEqual(1);
    expect(times.length).toBeLessThan(20);
    for (const time of times) expect(time).toBeGreaterThanOrEqual(started);
    // Any two seconds hold at most two of them.
    for (const [i, time] of times.entries())
      expect(times.filter((other) => other >= time && other < time + 2000).length, `from message ${i}`).toBeLessThanOrEqual(2);
  });
});
