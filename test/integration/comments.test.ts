/**
 * Comments against the real local cloud: paging, exact counts under concurrency, the rate limit,
 * deleting and reporting rules, moderators' decisions, and hostile input on every comment route.
 */
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_RATE_LIMIT, MAX_COMMENT_LENGTH, type Comment, type CommentPage } from '../../functions/contract/comments';
import { MAX_BODY_BYTES } from '../../functions/contract/common';
import { ERRORS, type ErrorCode } from '../../functions/contract/errors';
import { REPORTS_TO_HIDE, type ReportedItems } from '../../functions/contract/moderation';
import { type OwnPost, type Post } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { commentMessage, liveReader } from '../support/live';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let moderator: TestUser;
/** Authors take turns: each may send five posts in ten minutes. */
let authors: TestUser[];
let posted = 0;
/** Thirty commenters, signed up one after another (cognito-local does not take concurrent sign-ups well). */
let people: TestUser[];
/** How many comments each person has written: the rate limit allows COMMENT_RATE_LIMIT.count in its window. */
const written = new Map<TestUser, number>();

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  authors = [];
  for (let i = 0; i < 3; i++) authors.push(await createUser(cloud, { name: `Autora ${i}` }));
  people = [];
  for (let i = 0; i < 30; i++) people.push(await createUser(cloud, { name: `Comentarista ${i}` }));
});
afterAll(async () => {
  await cloud?.stop();
});

/** The author of the next post. */
const nextAuthor = () => authors[Math.floor(posted++ / 5) % authors.length]!;
const newPost = (text = `Comentadme ${Math.random().toString(36).slice(2)}`) =>
  publishApproved(cloud, nextAuthor(), moderator, { category: 'varios', post: text });
const comment = (user: TestUser, postId: string, body: unknown) => {
  written.set(user, (written.get(user) ?? 0) + 1);
  return call<Comment>(cloud, `/posts/${postId}/comments`, { method: 'POST', token: user.idToken, body });
};
const comments = (postId: string, query = '') => call<CommentPage>(cloud, `/posts/${postId}/comments${query}`);
const getPost = async (id: string) => (await call<Post>(cloud, `/posts/${id}`)).body;
const remove = (user: TestUser, id: string) => call(cloud, `/comments/${id}`, { method: 'DELETE', token: user.idToken });
const report = (user: TestUser, id: string, reason: unknown = 'ofensivo') =>
  call(cloud, `/comments/${id}/report`, { method: 'POST', token: user.idToken, body: { reason } });
const decide = (user: TestUser, id: string, decision: unknown) =>
  call(cloud, `/comments/${id}/decision`, { method: 'PUT', token: user.idToken, body: { decision } });
/** Someone who may still comment `count` times. */
const withRoom = (count = 1, skip: TestUser[] = []) => {
  const found = people.find((user) => !skip.includes(user) && (written.get(user) ?? 0) + count <= COMMENT_RATE_LIMIT.count);
  if (!found) throw new Error('no commenter has room left');
  return found;
};

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

async function allComments(postId: string, query = ''): Promise<Comment[]> {
  const seen: Comment[] = [];
  let cursor: string | null = null;
  do {
    const page: CommentPage = (await comments(postId, `?${query}${cursor ? `&cursor=${cursor}` : ''}`)).body;
    seen.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

async function commentRows(): Promise<Record<string, unknown>[]> {
  const client = cloud.dynamodb();
  try {
    return ((await client.send(new ScanCommand({ TableName: cloud.tables.comments, ConsistentRead: true }))).Items ?? []).map((item) =>
      unmarshall(item),
    );
  } finally {
    client.destroy();
  }
}

describe('comments', () => {
  it('are written by signed-in users and read by anyone, oldest first, as sent (text, name, date; no author id)', async () => {
    const post = await newPost();
    expect((await comments(post.id)).body).toEqual({ items: [], nextCursor: null });
    const user = withRoom(2);
    const first = await comment(user, post.id, { text: '<img src=x onerror=alert(1)> primero' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      postId: post.id,
      name: user.name,
      text: '<img src=x onerror=alert(1)> primero',
      createdAt: expect.any(String),
      parentId: null,
      votes: { up: 0, down: 0 },
      myVote: null,
      collapsed: false,
      replyCount: 0,
      replies: [],
    });
    const second = await comment(user, post.id, { text: 'segundo', authorId: 'alguien-más', name: 'Suplantada', id: 'mío' });
    expect(second.body).toMatchObject({ name: user.name, text: 'segundo' });
    expect(second.body.id).not.toBe('mío');
    expect((await comments(post.id)).body).toEqual({ items: [first.body, second.body], nextCursor: null });
    expect((await getPost(post.id)).comments).toBe(2);
    expect(JSON.stringify((await comments(post.id)).body)).not.toContain('authorId');
  });

  it('page 50 at a time, oldest first, without repeats or gaps while new comments arrive', async () => {
    const post = await newPost();
    const sent: Comment[] = [];
    // 120 comments, ten writers at a time.
    for (let round = 0; round < 12; round++) {
      const writers = people.filter((user) => (written.get(user) ?? 0) < COMMENT_RATE_LIMIT.count).slice(0, 10);
      const batch = await Promise.all(writers.map((user) => comment(user, post.id, { text: `Comentario ${round}` })));
      for (const response of batch) expect(response.status).toBe(201);
      sent.push(...batch.map((response) => response.body));
    }
    expect(sent).toHaveLength(120);
    const first = (await comments(post.id)).body;
    expect(first.items).toHaveLength(50);
    // Two more arrive between page reads: they are the newest, so they come last.
    const late = [await comment(withRoom(), post.id, { text: 'Llego tarde' }), await comment(withRoom(), post.id, { text: 'Yo también' })];
    const second = (await comments(post.id, `?cursor=${first.nextCursor}`)).body;
    expect(second.items).toHaveLength(50);
    const third = (await comments(post.id, `?cursor=${second.nextCursor}`)).body;
    expect(third.items).toHaveLength(22);
    expect(third.nextCursor).toBeNull();
    const read = [...first.items, ...second.items, ...third.items];
    expect(new Set(read.map((c) => c.id)).size).toBe(122);
    expect(new Set(read.map((c) => c.id))).toEqual(new Set([...sent, ...late.map((r) => r.body)].map((c) => c.id)));
    expect(read.slice(-2).map((c) => c.text)).toEqual(['Llego tarde', 'Yo también']);
    const times = read.map((c) => c.createdAt);
    expect([...times].sort()).toEqual(times);
    expect((await getPost(post.id)).comments).toBe(122);
    expect((await comments(post.id, '?limit=20')).body.items).toHaveLength(20);
  });

  it('count exactly when thirty people comment on one post at once', async () => {
    const post = await newPost();
    const everyone = people.filter((user) => (written.get(user) ?? 0) < COMMENT_RATE_LIMIT.count);
    expect(everyone.length).toBeGreaterThanOrEqual(20);
    const responses = await Promise.all(everyone.map((user, i) => comment(user, post.id, { text: `A la vez ${i}` })));
    for (const response of responses) expect(response.status).toBe(201);
    expect((await getPost(post.id)).comments).toBe(everyone.length);
    expect(await allComments(post.id)).toHaveLength(everyone.length);
  });

  it(`refuse the ${COMMENT_RATE_LIMIT.count + 1}th comment of one person in ten minutes (429, in Spanish), storing nothing`, async () => {
    const post = await newPost();
    const user = await createUser(cloud, { name: 'Charlatana' });
    const results = await Promise.all(
      Array.from({ length: COMMENT_RATE_LIMIT.count + 2 }, (_, i) => comment(user, post.id, { text: `Uno más ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(COMMENT_RATE_LIMIT.count);
    for (const refused of results.filter((r) => r.status !== 201)) expectError(refused, 'RATE_LIMITED');
    expect((await getPost(post.id)).comments).toBe(COMMENT_RATE_LIMIT.count);
    expect(await allComments(post.id)).toHaveLength(COMMENT_RATE_LIMIT.count);
  });

  it('are deleted by their author or a moderator only; a deleted comment stops counting and is gone', async () => {
    const post = await newPost();
    const writer = withRoom(2);
    const other = withRoom(1, [writer]);
    const mine = (await comment(writer, post.id, { text: 'Me arrepiento' })).body;
    const theirs = (await comment(other, post.id, { text: 'Esto lo borra la moderadora' })).body;
    expect((await getPost(post.id)).comments).toBe(2);
    expectError(await remove(other, mine.id), 'FORBIDDEN');
    expect((await remove(writer, mine.id)).status).toBe(204);
    expectError(await remove(writer, mine.id), 'COMMENT_NOT_FOUND');
    expect((await remove(moderator, theirs.id)).status).toBe(204);
    expect((await getPost(post.id)).comments).toBe(0);
    expect((await comments(post.id)).body.items).toEqual([]);
    expectError(await remove(writer, 'no-es-un-id'), 'COMMENT_NOT_FOUND');
    expectError(await remove(writer, '00000000-0000-4000-8000-000000000000'), 'COMMENT_NOT_FOUND');
    expect((await call(cloud, `/comments/${theirs.id}`, { method: 'DELETE' })).status).toBe(401);
  });

  it(`are hidden by ${REPORTS_TO_HIDE} distinct reporters until a moderator restores or removes them`, async () => {
    const post = await newPost();
    const target = (await comment(withRoom(), post.id, { text: 'Algo feo' })).body;
    const other = (await comment(withRoom(), post.id, { text: 'Algo que se queda' })).body;
    const reporters = people.slice(0, REPORTS_TO_HIDE);
    expect((await report(reporters[0]!, target.id, 'spam')).status).toBe(202);
    expectError(await report(reporters[0]!, target.id, 'spam'), 'ALREADY_REPORTED');
    expectError(await report(reporters[1]!, target.id, 'porque sí'), 'INVALID_REQUEST');
    const rest = await Promise.all(reporters.slice(1).map((user) => report(user, target.id)));
    for (const response of rest) expect(response.status).toBe(202);
    expect((await comments(post.id)).body.items.map((c) => c.id)).toEqual([other.id]);
    expect((await getPost(post.id)).comments).toBe(1);
    expectError(await report(people[5]!, target.id), 'COMMENT_NOT_FOUND');

    expectError(await call(cloud, '/moderation/reported', { token: people[0]!.idToken }), 'FORBIDDEN');
    const queue = (await call<ReportedItems>(cloud, '/moderation/reported', { token: moderator.idToken })).body;
    // Listed with how it was reported: the three reports, the reasons counted (one without a reason is «otro»).
    const listed = queue.comments.find((item) => item.id === target.id);
    expect(listed).toMatchObject({ ...target, reports: { count: REPORTS_TO_HIDE } });
    expectError(await decide(people[0]!, target.id, 'publish'), 'FORBIDDEN');
    expectError(await decide(moderator, target.id, 'tal vez'), 'INVALID_REQUEST');
    expect(await decide(moderator, target.id, 'publish')).toMatchObject({ status: 200, body: { status: 'visible' } });
    expect((await comments(post.id)).body.items.map((c) => c.id)).toEqual([target.id, other.id]);
    expect((await getPost(post.id)).comments).toBe(2);
    expectError(await decide(moderator, target.id, 'publish'), 'COMMENT_NOT_FOUND');
    expect(
      (await call<ReportedItems>(cloud, '/moderation/reported', { token: moderator.idToken })).body.comments.map((item) => item.id),
    ).not.toContain(target.id);
  });

  it('reach, live and once, the readers of that post’s page, and not the readers of another post or of the feeds', async () => {
    const [post, other] = [await newPost(), await newPost()];
    const [reading, readingOther, inFeed] = await Promise.all([
      liveReader(cloud, { post: post.id }),
      liveReader(cloud, { post: other.id }),
      liveReader(cloud),
    ]);
    try {
      const sent = (await comment(withRoom(), post.id, { text: 'En directo' })).body;
      expect(await reading.waitFor(commentMessage(sent.id))).toEqual({ type: 'comment.created', comment: sent });
      // A comment on the other post, after it: once its reader has it, the first one would have arrived too.
      const onOther = (await comment(withRoom(), other.id, { text: 'En la otra' })).body;
      await readingOther.waitFor(commentMessage(onOther.id));
      expect(readingOther.messages.some(commentMessage(sent.id))).toBe(false);
      expect(inFeed.messages.some((message) => message.type === 'comment.created')).toBe(false);
      expect(reading.messages.filter(commentMessage(sent.id))).toHaveLength(1);
      expect(reading.messages.some(commentMessage(onOther.id))).toBe(false);
    } finally {
      for (const reader of [reading, readingOther, inFeed]) reader.close();
    }
  });

  it('refuse hostile and broken input with the contract’s codes, storing nothing', async () => {
    const post = await newPost();
    const user = await createUser(cloud, { name: 'Traviesa' });
    const before = (await commentRows()).length;
    const send = (body: unknown, id = post.id) => call(cloud, `/posts/${id}/comments`, { method: 'POST', token: user.idToken, body });
    expectError(await send({ text: '' }), 'EMPTY_COMMENT');
    expectError(await send({ text: '  \n\t ' }), 'EMPTY_COMMENT');
    expectError(await send({ text: 'x'.repeat(MAX_COMMENT_LENGTH + 1) }), 'COMMENT_TOO_LONG');
    expectError(await send({ text: '😀'.repeat(MAX_COMMENT_LENGTH / 2 + 1) }), 'COMMENT_TOO_LONG');
    expectError(await send({ text: 42 }), 'INVALID_REQUEST');
    expectError(await send({}), 'INVALID_REQUEST');
    expectError(await send(['texto']), 'INVALID_REQUEST');
    expectError(
      await call(cloud, `/posts/${post.id}/comments`, { method: 'POST', token: user.idToken, rawBody: '{"text":' }),
      'INVALID_JSON',
    );
    expectError(await send({ text: 'x'.repeat(MAX_BODY_BYTES) }), 'PAYLOAD_TOO_LARGE');
    expectError(await send({ text: 'hola' }, '00000000-0000-4000-8000-000000000000'), 'POST_NOT_FOUND');
    expectError(await send({ text: 'hola' }, '..%2F..%2Fposts'), 'POST_NOT_FOUND');
    expect((await call(cloud, `/posts/${post.id}/comments`, { method: 'POST', body: { text: 'sin sesión' } })).status).toBe(401);
    expect((await call(cloud, `/posts/${post.id}/comments`, { method: 'POST', token: 'no.es.token', body: { text: 'hola' } })).status).toBe(
      401,
    );
    expectError(await comments(post.id, '?limit=0'), 'INVALID_LIMIT');
    expectError(await comments(post.id, '?limit=101'), 'INVALID_LIMIT');
    expectError(await comments(post.id, '?cursor=%00%00'), 'INVALID_CURSOR');
    expectError(await comments('00000000-0000-4000-8000-000000000000'), 'POST_NOT_FOUND');
    expect((await commentRows()).length).toBe(before);
    // The longest comment fits exactly.
    expect((await send({ text: 'x'.repeat(MAX_COMMENT_LENGTH) })).status).toBe(201);
  });

  it('are only on published posts: none on a pending post, and none readable once the post leaves the feeds', async () => {
    const pending = (await publish(cloud, nextAuthor().idToken, { category: 'amor', post: 'Aún en moderación' })).body as OwnPost;
    expectError(await comment(withRoom(), pending.id, { text: 'Primero' }), 'POST_NOT_FOUND');
    expectError(await comments(pending.id), 'POST_NOT_FOUND');
    const post = await newPost();
    expect((await comment(withRoom(), post.id, { text: 'Antes de borrarla' })).status).toBe(201);
    expect((await call(cloud, `/posts/${post.id}`, { method: 'DELETE', token: moderator.idToken })).status).toBe(204);
    expectError(await comments(post.id), 'POST_NOT_FOUND');
    expectError(await comment(withRoom(), post.id, { text: 'Tarde' }), 'POST_NOT_FOUND');
  });
});
