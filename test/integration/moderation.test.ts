/**
 * The community loop against the real local cloud: moderation votes, moderators, reports, deletes,
 * «Mis anécdotas», and what readers see live. Users are real cognito-local accounts; the moderator is
 * in the `moderadores` group the local cloud creates.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../functions/contract/common';
import { ERRORS, type ErrorCode } from '../../functions/contract/errors';
import { MODERATION_MARGIN, REPORTS_TO_HIDE, type PendingPost, type ReportedItems } from '../../functions/contract/moderation';
import { type OwnPost, type OwnPostPage, type Post, type PostPage } from '../../functions/contract/posts';
import { call, listPosts, publish } from '../support/api';
import { liveReader, publishedMessage, removedMessage, type LiveReader } from '../support/live';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, decide, publishApproved, voteOn } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let moderator: TestUser;
let voters: TestUser[];
let reader: LiveReader;
const authors: TestUser[] = [];

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  // Twenty voters, signed up one after another (cognito-local's store does not take concurrent sign-ups well).
  voters = [];
  for (let i = 0; i < 20; i++) voters.push(await createUser(cloud, { name: `Votante ${i}` }));
  reader = await liveReader(cloud);
});
afterAll(async () => {
  reader?.close();
  await cloud?.stop();
});

/** A new author (each may send five posts in ten minutes). */
async function newAuthor(): Promise<TestUser> {
  const author = await createUser(cloud, { name: `Autora ${authors.length}` });
  authors.push(author);
  return author;
}

async function send(author: TestUser, post = `Anécdota ${Math.random().toString(36).slice(2)}`): Promise<OwnPost> {
  const response = await publish(cloud, author.idToken, { category: 'trabajo', post });
  expect(response.status).toBe(201);
  return response.body as OwnPost;
}

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

const get = (id: string) => call<Post>(cloud, `/posts/${id}`);
const feedIds = async (query = '?limit=100') => ((await listPosts(cloud, query)).body as PostPage).items.map((post) => post.id);
const myPosts = async (user: TestUser) => (await call<OwnPostPage>(cloud, '/me/posts', { token: user.idToken })).body;
const report = (user: TestUser, id: string, reason: unknown = 'spam') =>
  call(cloud, `/posts/${id}/report`, { method: 'POST', token: user.idToken, body: { reason } });
const remove = (user: TestUser, id: string) => call(cloud, `/posts/${id}`, { method: 'DELETE', token: user.idToken });

async function scan(table: string): Promise<Record<string, unknown>[]> {
  const client = cloud.dynamodb();
  try {
    return ((await client.send(new ScanCommand({ TableName: table, ConsistentRead: true }))).Items ?? []).map((item) => unmarshall(item));
  } finally {
    client.destroy();
  }
}

/** A published post, reported by `count` distinct voters. */
async function reported(count: number): Promise<Post> {
  const post = await publishApproved(cloud, await newAuthor(), moderator, {
    category: 'varios',
    // Each its own text: a published post's text is not accepted twice (DUPLICATE_POST).
    post: `Denúnciame (${randomUUID()})`,
  });
  for (const voter of voters.slice(0, count)) expect((await report(voter, post.id)).status).toBe(202);
  return post;
}

describe('community moderation', () => {
  it(`keeps a post out of every feed until ${MODERATION_MARGIN} other users vote it up; then it is in the feed and arrives live`, async () => {
    const author = await newAuthor();
    const sent = await send(author, 'Invisible hasta que la comunidad quiera');
    expect(sent.status).toBe('pending');
    expect((await myPosts(author)).items[0]).toEqual(sent);

    for (const [index, voter] of voters.slice(0, MODERATION_MARGIN).entries()) {
      expectError(await get(sent.id), 'POST_NOT_FOUND');
      expect(await feedIds()).not.toContain(sent.id);
      expect(await feedIds('?category=trabajo')).not.toContain(sent.id);
      const voted = await voteOn(cloud, voter.idToken, sent.id, 'publish');
      expect(voted).toMatchObject({ status: 200, body: { status: index === MODERATION_MARGIN - 1 ? 'published' : 'pending' } });
    }

    const live = await reader.waitFor(publishedMessage(sent.id));
    const found = await get(sent.id);
    expect(found.status).toBe(200);
    expect(live).toEqual({ type: 'post.published', post: found.body });
    // The author's own fields (status, rejection, resent) are never in the public post.
    const { status: _status, publishedAt: _never, rejection: _rejection, resent: _resent, ...unchanged } = sent;
    expect(found.body).toMatchObject(unchanged);
    expect(Date.parse(found.body.publishedAt)).toBeGreaterThanOrEqual(Date.parse(sent.createdAt));
    expect((await feedIds('?limit=1'))[0]).toBe(sent.id);
    expect(await feedIds('?category=trabajo')).toContain(sent.id);
    expect((await myPosts(author)).items[0]).toMatchObject({ id: sent.id, status: 'published', publishedAt: found.body.publishedAt });
    // Decided: nobody votes on it any more.
    expectError(await voteOn(cloud, voters[MODERATION_MARGIN]!.idToken, sent.id, 'reject'), 'POST_NOT_FOUND');
  });

  it(`rejects a post at ${MODERATION_MARGIN} net votes against, and it never reaches a feed or a reader`, async () => {
    const author = await newAuthor();
    const sent = await send(author);
    const statuses = [];
    for (const voter of voters.slice(0, MODERATION_MARGIN)) statuses.push((await voteOn(cloud, voter.idToken, sent.id, 'reject')).body);
    expect(statuses).toEqual([
      { status: 'pending', tally: { publish: 0, reject: 1 } },
      { status: 'pending', tally: { publish: 0, reject: 2 } },
      { status: 'rejected', tally: { publish: 0, reject: 3 } },
    ]);
    expectError(await get(sent.id), 'POST_NOT_FOUND');
    expect((await myPosts(author)).items[0]).toMatchObject({ id: sent.id, status: 'rejected', publishedAt: null });
    expect(reader.messages.some((message) => JSON.stringify(message).includes(sent.id))).toBe(false);
  });

  it('refuses the author’s own vote (403 OWN_POST) and a second vote (409 ALREADY_VOTED), changing nothing', async () => {
    const author = await newAuthor();
    const sent = await send(author);
    expectError(await voteOn(cloud, author.idToken, sent.id, 'publish'), 'OWN_POST');
    expect((await voteOn(cloud, voters[0]!.idToken, sent.id, 'publish')).status).toBe(200);
    expectError(await voteOn(cloud, voters[0]!.idToken, sent.id, 'publish'), 'ALREADY_VOTED');
    expectError(await voteOn(cloud, voters[0]!.idToken, sent.id, 'reject'), 'ALREADY_VOTED');
    const stored = (await scan(cloud.tables.posts)).find((item) => item.id === sent.id);
    expect(stored).toMatchObject({ status: 'pending', modScore: 1, modVotes: 1 });
    expect((await scan(cloud.tables.moderation)).filter((row) => row.itemId === sent.id)).toHaveLength(1);
  });

  it('settles twenty voters voting at once on one post to exactly one state change, with a tally equal to the stored votes', async () => {
    const author = await newAuthor();
    const sent = await send(author, 'Veinte a la vez');
    // 14 for, 6 against, in whatever order the races settle: the running net reaches +3 or -3 (three
    // rejections may land first) exactly once, and every vote after that finds the post decided.
    const results = await Promise.all(voters.map((voter, i) => voteOn(cloud, voter.idToken, sent.id, i % 10 < 7 ? 'publish' : 'reject')));
    const accepted = results.filter((result) => result.status === 200).map((result) => (result.body as { status: string }).status);
    for (const result of results) expect([200, 404]).toContain(result.status);
    const decisions = accepted.filter((status) => status !== 'pending');
    expect(decisions).toHaveLength(1);
    const decided = decisions[0]!;
    expect(['published', 'rejected']).toContain(decided);

    const stored = (await scan(cloud.tables.posts)).find((item) => item.id === sent.id)!;
    const rows = (await scan(cloud.tables.moderation)).filter((row) => row.itemId === sent.id && row.kind === 'vote');
    expect(stored.status).toBe(decided);
    expect(rows).toHaveLength(accepted.length);
    expect(stored.modVotes).toBe(rows.length);
    expect(stored.modScore).toBe(rows.reduce((sum, row) => sum + (row.vote === 'publish' ? 1 : -1), 0));
    expect(stored.modScore).toBe(decided === 'published' ? MODERATION_MARGIN : -MODERATION_MARGIN);

    if (decided === 'published') await reader.waitFor(publishedMessage(sent.id));
    // A second message, were there one, would follow within the broadcast's 1 s batching window.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(reader.messages.filter(publishedMessage(sent.id))).toHaveLength(decided === 'published' ? 1 : 0);
  });

  it('offers one pending post at a time, never the caller’s own or one they voted on, without its author, until the queue is empty', async () => {
    const me = await newAuthor();
    const mine = await send(me, 'La mía no me sale');
    const seen = new Set<string>();
    for (;;) {
      const next = await call<PendingPost>(cloud, '/moderation/next', { token: me.idToken });
      if (next.status === 404) {
        expectError(next, 'QUEUE_EMPTY');
        break;
      }
      expect(next.status).toBe(200);
      expect(Object.keys(next.body).sort()).toEqual(['category', 'createdAt', 'id', 'post', 'similar']);
      expect(next.body.id).not.toBe(mine.id);
      expect(seen.has(next.body.id)).toBe(false);
      seen.add(next.body.id);
      expect((await voteOn(cloud, me.idToken, next.body.id, 'reject')).status).toBe(200);
      expect(seen.size).toBeLessThan(100);
    }
    // Someone else still gets the caller's own post.
    const other = await call<PendingPost>(cloud, '/moderation/next', { token: voters[19]!.idToken });
    expect(other.status).toBe(200);
  });
});

describe('moderators', () => {
  it('publish a pending post at once, and it arrives live', async () => {
    const sent = await send(await newAuthor());
    expect((await decide(cloud, moderator.idToken, sent.id, 'publish')).body).toEqual({ status: 'published' });
    await reader.waitFor(publishedMessage(sent.id));
    expect((await get(sent.id)).status).toBe(200);
  });

  it('reject a pending post at once', async () => {
    const author = await newAuthor();
    const sent = await send(author);
    expect((await decide(cloud, moderator.idToken, sent.id, 'reject')).body).toEqual({ status: 'rejected' });
    expectError(await get(sent.id), 'POST_NOT_FOUND');
    expectError(await decide(cloud, moderator.idToken, sent.id, 'publish'), 'POST_NOT_FOUND');
    expect((await myPosts(author)).items[0]).toMatchObject({ status: 'rejected' });
  });

  it('restore a post hidden by reports to its place in the feed, or remove it', async () => {
    const hidden = await reported(REPORTS_TO_HIDE);
    expect((await decide(cloud, moderator.idToken, hidden.id, 'publish')).body).toEqual({ status: 'published' });
    await reader.waitFor(
      (message) => message.type === 'post.published' && message.post.id === hidden.id && reader.messages.some(removedMessage(hidden.id)),
    );
    expect((await get(hidden.id)).body).toEqual(hidden);
    // Its reports were cleared: one more report does not hide it again, and old reporters cannot report twice.
    expect((await report(voters[REPORTS_TO_HIDE]!, hidden.id)).status).toBe(202);
    expect((await get(hidden.id)).status).toBe(200);
    expectError(await report(voters[0]!, hidden.id), 'ALREADY_REPORTED');

    const other = await reported(REPORTS_TO_HIDE);
    expect((await decide(cloud, moderator.idToken, other.id, 'reject')).body).toEqual({ status: 'removed' });
    expectError(await get(other.id), 'POST_NOT_FOUND');
    expectError(await decide(cloud, moderator.idToken, other.id, 'publish'), 'POST_NOT_FOUND');
  });

  it('cannot decide on their own post, pending or hidden: 403 OWN_POST, nothing changes', async () => {
    const own = await send(moderator);
    expectError(await decide(cloud, moderator.idToken, own.id, 'publish'), 'OWN_POST');
    expectError(await decide(cloud, moderator.idToken, own.id, 'reject'), 'OWN_POST');
    expect((await myPosts(moderator)).items.find((post) => post.id === own.id)).toMatchObject({ status: 'pending' });
    // Another moderator decides it as for anyone.
    const colleague = await createModerator(cloud);
    expect((await decide(cloud, colleague.idToken, own.id, 'publish')).body).toEqual({ status: 'published' });
  });

  it('are the only ones who may decide or list what reports hid: 403 FORBIDDEN for anyone else', async () => {
    const sent = await send(await newAuthor());
    expectError(await decide(cloud, voters[0]!.idToken, sent.id, 'publish'), 'FORBIDDEN');
    expectError(await call(cloud, '/moderation/reported', { token: voters[0]!.idToken }), 'FORBIDDEN');
    expect((await scan(cloud.tables.posts)).find((item) => item.id === sent.id)?.status).toBe('pending');
  });
});

describe('reports', () => {
  it(`hide a post at the ${REPORTS_TO_HIDE}rd distinct reporter: it leaves the feed live and waits for moderators`, async () => {
    const post = await reported(REPORTS_TO_HIDE - 1);
    expect((await get(post.id)).status).toBe(200);
    expect(reader.messages.some(removedMessage(post.id))).toBe(false);
    expect((await report(voters[REPORTS_TO_HIDE - 1]!, post.id, 'datos-personales')).status).toBe(202);
    await reader.waitFor(removedMessage(post.id));
    expectError(await get(post.id), 'POST_NOT_FOUND');
    expect(await feedIds()).not.toContain(post.id);
    const list = await call<ReportedItems>(cloud, '/moderation/reported', { token: moderator.idToken });
    expect(list.status).toBe(200);
    expect(list.body.comments).toEqual([]);
    expect(list.body.posts.find((item) => item.id === post.id)).toMatchObject({ status: 'hidden', post: post.post });
    const stored = (await scan(cloud.tables.posts)).find((item) => item.id === post.id)!;
    expect(stored.reports).toBe(REPORTS_TO_HIDE);
    expect((await scan(cloud.tables.moderation)).filter((row) => row.itemId === post.id && row.kind === 'report')).toHaveLength(
      REPORTS_TO_HIDE,
    );
  });

  it('take one report per user (409 ALREADY_REPORTED), a known reason (400 INVALID_REQUEST), and only published posts (404)', async () => {
    const post = await reported(1);
    expectError(await report(voters[0]!, post.id, 'otro'), 'ALREADY_REPORTED');
    for (const reason of ['aburrido', '', null, 3, ['spam']]) expectError(await report(voters[5]!, post.id, reason), 'INVALID_REQUEST');
    expect((await scan(cloud.tables.posts)).find((item) => item.id === post.id)?.reports).toBe(1);
    const pending = await send(await newAuthor());
    expectError(await report(voters[5]!, pending.id), 'POST_NOT_FOUND');
  });
});

describe('deleting', () => {
  it('lets the author delete a published post: 204, it leaves the feed live, «Mis anécdotas» says removed', async () => {
    const author = await newAuthor();
    const post = await publishApproved(cloud, author, moderator, { category: 'amor', post: 'Me arrepiento' });
    expect((await remove(author, post.id)).status).toBe(204);
    await reader.waitFor(removedMessage(post.id));
    expectError(await get(post.id), 'POST_NOT_FOUND');
    expect((await myPosts(author)).items.find((item) => item.id === post.id)?.status).toBe('removed');
    expectError(await remove(author, post.id), 'POST_NOT_FOUND');
  });

  it('lets the author delete a post still in moderation, and a moderator any post', async () => {
    const author = await newAuthor();
    const pending = await send(author);
    expect((await remove(author, pending.id)).status).toBe(204);
    expectError(await voteOn(cloud, voters[0]!.idToken, pending.id, 'publish'), 'POST_NOT_FOUND');
    const post = await publishApproved(cloud, author, moderator, { category: 'amor', post: 'Fuera' });
    expect((await remove(moderator, post.id)).status).toBe(204);
    await reader.waitFor(removedMessage(post.id));
  });

  it('refuses anyone else: 403 FORBIDDEN on a published post, 404 on one they cannot see', async () => {
    const author = await newAuthor();
    const post = await publishApproved(cloud, author, moderator, { category: 'amor', post: 'No es tuya' });
    expectError(await remove(voters[0]!, post.id), 'FORBIDDEN');
    expect((await get(post.id)).status).toBe(200);
    const pending = await send(author);
    expectError(await remove(voters[0]!, pending.id), 'POST_NOT_FOUND');
  });
});

describe('«Mis anécdotas»', () => {
  it('lists only the caller’s posts, newest first, every status, paged by cursor', async () => {
    const author = await newAuthor();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await send(author, `Mía ${i}`));
    await remove(author, sent[1]!.id);
    await decide(cloud, moderator.idToken, sent[2]!.id, 'publish');
    const first = await call<OwnPostPage>(cloud, '/me/posts?limit=3', { token: author.idToken });
    expect(first.status).toBe(200);
    const second = await call<OwnPostPage>(cloud, `/me/posts?limit=3&cursor=${first.body.nextCursor}`, { token: author.idToken });
    expect(second.body.nextCursor).toBeNull();
    const all = [...first.body.items, ...second.body.items];
    expect(all.map((post) => post.post)).toEqual(['Mía 4', 'Mía 3', 'Mía 2', 'Mía 1', 'Mía 0']);
    expect(all.map((post) => post.status)).toEqual(['pending', 'pending', 'published', 'removed', 'pending']);
    for (const post of all)
      expect(Object.keys(post).sort()).toEqual([
        'category',
        'comments',
        'createdAt',
        'id',
        'name',
        'post',
        'publishedAt',
        'rejection',
        'resent',
        'status',
        'votes',
      ]);
    expect((await myPosts(voters[0]!)).items.some((post) => all.some((mine) => mine.id === post.id))).toBe(false);
  });
});

describe('hostile input to the new endpoints', () => {
  const ids = [
    'not-a-uuid',
    '00000000-0000-4000-8000-000000000000',
    'A'.repeat(2000),
    '..%2F..%2Fposts',
    '%00',
    'AAAAAAAA-0000-4000-8000-000000000000',
  ];

  it('answers malformed and unknown ids with 404 POST_NOT_FOUND, never 500', async () => {
    const user = voters[1]!;
    for (const id of ids) {
      expectError(await voteOn(cloud, user.idToken, id, 'publish'), 'POST_NOT_FOUND');
      expectError(await decide(cloud, moderator.idToken, id, 'publish'), 'POST_NOT_FOUND');
      expectError(await report(user, id), 'POST_NOT_FOUND');
      expectError(await remove(user, id), 'POST_NOT_FOUND');
    }
  });

  it('answers bad bodies with 400, oversized ones with 413, and changes nothing', async () => {
    const sent = await send(await newAuthor());
    const user = voters[2]!;
    const raw = (path: string, method: string, rawBody: string) =>
      call(cloud, path, { method, token: user.idToken, rawBody, headers: { 'content-type': 'application/json' } });
    for (const [path, method] of [
      [`/moderation/${sent.id}/vote`, 'PUT'],
      [`/posts/${sent.id}/report`, 'POST'],
    ] as const) {
      expectError(await raw(path, method, '{"vote":'), 'INVALID_JSON');
      expectError(await raw(path, method, ''), 'INVALID_JSON');
      for (const body of [
        '[]',
        '"publish"',
        'null',
        '{"__proto__":{"vote":"publish"}}',
        '{"vote":"PUBLISH","reason":"SPAM"}',
        '{"vote":{"S":"publish"}}',
      ]) {
        expectError(await raw(path, method, body), 'INVALID_REQUEST');
      }
      expectError(
        await raw(path, method, JSON.stringify({ vote: 'publish', reason: 'spam', pad: 'x'.repeat(MAX_BODY_BYTES) })),
        'PAYLOAD_TOO_LARGE',
      );
    }
    expectError(await decide(cloud, moderator.idToken, sent.id, { S: 'publish' }), 'INVALID_REQUEST');
    const stored = (await scan(cloud.tables.posts)).find((item) => item.id === sent.id);
    expect(stored).toMatchObject({ status: 'pending', modScore: 0, modVotes: 0, reports: 0 });
    expect((await scan(cloud.tables.moderation)).filter((row) => row.itemId === sent.id)).toEqual([]);
  });

  it('answers every new endpoint without a token, or with a bad one, with 401', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [path, method] of [
      ['/me/posts', 'GET'],
      [`/posts/${id}`, 'DELETE'],
      [`/posts/${id}/report`, 'POST'],
      ['/moderation/next', 'GET'],
      [`/moderation/${id}/vote`, 'PUT'],
      [`/moderation/${id}/decision`, 'PUT'],
      ['/moderation/reported', 'GET'],
    ] as const) {
      expect((await call(cloud, path, { method })).status, `${method} ${path}`).toBe(401);
      expect((await call(cloud, path, { method, token: 'garbage' })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers a bad cursor or limit on «Mis anécdotas» with 400', async () => {
    expectError(await call(cloud, '/me/posts?cursor=garbage', { token: voters[3]!.idToken }), 'INVALID_CURSOR');
    expectError(await call(cloud, '/me/posts?limit=0', { token: voters[3]!.idToken }), 'INVALID_LIMIT');
  });

  it('logged no 500 and no failed function for any of it', () => {
    expect(cloud.output()).not.toContain('"status":500');
    expect(cloud.output()).not.toContain('local http gateway:');
    expect(cloud.output()).not.toMatch(/"level":"error"/i);
  });
});
