/**
 * Replies and «+1 / −1» on comments against the real local cloud: threading rules, reply counts and
 * paging, the reply notice, exact counts under concurrent votes, the best order, the fold, and live
 * delivery of replies and of counts.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { UpdateItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BURIED_AT,
  REPLIES_SHOWN,
  type Comment,
  type CommentPage,
  type CommentVoteResult,
  type ReplyPage,
} from '../../functions/contract/comments';
import { ERRORS, type ErrorCode } from '../../functions/contract/errors';
import { COMMENTS_KEYS, ENV } from '../../functions/store/tables';
import type { NotificationPage } from '../../functions/contract/notifications';
import type { Post } from '../../functions/contract/posts';
import type { AccountExport } from '../../functions/contract/accountData';
import { call } from '../support/api';
import { commentMessage, liveReader } from '../support/live';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let moderator: TestUser;
let writer: TestUser;
/** Writers take turns: each may send five posts in ten minutes. */
let writers: TestUser[];
/** Twenty-two readers who comment and vote; each comments at most a few times (10 in 10 minutes allowed). */
let readers: TestUser[];

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  writers = [];
  for (let i = 0; i < 3; i++) writers.push(await createUser(cloud, { name: `Escritora ${i}` }));
  writer = writers[0]!;
  readers = [];
  for (let i = 0; i < 22; i++) readers.push(await createUser(cloud, { name: `Lectora ${i}` }));
}, 300_000);
afterAll(async () => {
  await cloud?.stop();
});

let posts = 0;
const newPost = () =>
  publishApproved(cloud, writers[Math.floor(posts++ / 5)]!, moderator, {
    category: 'varios',
    post: `Conversad sobre esto, número ${posts} ${Math.random()}`,
  });
const reader = (index: number) => readers[index]!;
const write = (user: TestUser, postId: string, body: unknown) =>
  call<Comment>(cloud, `/posts/${postId}/comments`, { method: 'POST', token: user.idToken, body });
const list = (postId: string, query = '') => call<CommentPage>(cloud, `/posts/${postId}/comments${query}`);
const replies = (id: string, query = '') => call<ReplyPage>(cloud, `/comments/${id}/replies${query}`);
const vote = (user: TestUser, id: string, value: unknown) =>
  call<CommentVoteResult>(cloud, `/comments/${id}/vote`, { method: 'PUT', token: user.idToken, body: { vote: value } });
const unvote = (user: TestUser, id: string) =>
  call<CommentVoteResult>(cloud, `/comments/${id}/vote`, { method: 'DELETE', token: user.idToken });
const getPost = async (id: string) => (await call<Post>(cloud, `/posts/${id}`)).body;

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

async function created(user: TestUser, postId: string, body: unknown): Promise<Comment> {
  const response = await write(user, postId, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

/** Reads until `check` holds (the counts and notices are written by stream-fed functions), or fails after 30 s. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not as expected: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('replies', () => {
  it('file a reply to a reply under the same top-level comment, counted, and keep replies out of the top-level list', async () => {
    const post = await newPost();
    const top = await created(reader(0), post.id, { text: 'Me pasó lo mismo.' });
    expect(top).toMatchObject({ parentId: null, votes: { up: 0, down: 0 }, myVote: null, collapsed: false });
    const first = await created(reader(1), post.id, { text: '¿En serio?', parentId: top.id });
    const second = await created(reader(2), post.id, { text: '@Lectora 1 sí, en serio.', parentId: first.id });
    expect(first.parentId).toBe(top.id);
    expect(second.parentId).toBe(top.id);

    const page = (await list(post.id)).body;
    expect(page.items.map((comment) => comment.id)).toEqual([top.id]);
    expect(page.items[0]).toMatchObject({ replyCount: 2, replies: [{ id: first.id }, { id: second.id }] });
    expect((await getPost(post.id)).comments).toBe(3);
  });

  it('refuse a parent of another post, a removed or hidden parent and a made-up one (404), storing nothing', async () => {
    const [post, other] = [await newPost(), await newPost()];
    const elsewhere = await created(reader(3), other.id, { text: 'En la otra anécdota.' });
    expectError(await write(reader(4), post.id, { text: 'Respuesta perdida', parentId: elsewhere.id }), 'COMMENT_NOT_FOUND');
    const removed = await created(reader(3), post.id, { text: 'Lo borraré.' });
    expect((await call(cloud, `/comments/${removed.id}`, { method: 'DELETE', token: reader(3).idToken })).status).toBe(204);
    expectError(await write(reader(4), post.id, { text: 'A nadie', parentId: removed.id }), 'COMMENT_NOT_FOUND');
    const hidden = await created(reader(3), post.id, { text: 'Me van a denunciar.' });
    for (const by of [5, 6, 7]) {
      const reported = await call(cloud, `/comments/${hidden.id}/report`, {
        method: 'POST',
        token: reader(by).idToken,
        body: { reason: 'spam' },
      });
      expect(reported.status).toBe(202);
    }
    expectError(await write(reader(4), post.id, { text: 'A una oculta', parentId: hidden.id }), 'COMMENT_NOT_FOUND');
    for (const parentId of ['no-es-un-id', '00000000-0000-4000-8000-000000000000', 42]) {
      const answer = await write(reader(4), post.id, { text: 'Raro', parentId });
      expect([400, 404]).toContain(answer.status);
    }
    expect((await getPost(post.id)).comments).toBe(0);
  });

  it(`show the first ${REPLIES_SHOWN} in the list, page the rest oldest first, and leave with their top-level comment`, async () => {
    const post = await newPost();
    const top = await created(reader(8), post.id, { text: 'Contadme más.' });
    const sent: Comment[] = [];
    for (let i = 0; i < 5; i++) sent.push(await created(reader(9 + i), post.id, { text: `Respuesta ${i}`, parentId: top.id }));
    const listed = (await list(post.id)).body.items[0]!;
    expect(listed.replyCount).toBe(5);
    expect(listed.replies?.map((reply) => reply.id)).toEqual(sent.slice(0, REPLIES_SHOWN).map((reply) => reply.id));

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ReplyPage = (await replies(top.id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...page.items.map((reply) => reply.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(sent.map((reply) => reply.id));
    expectError(await replies(sent[0]!.id), 'COMMENT_NOT_FOUND');
    expectError(await replies('00000000-0000-4000-8000-000000000000'), 'COMMENT_NOT_FOUND');
    expectError(await replies(top.id, '?cursor=basura'), 'INVALID_CURSOR');

    // A reply that leaves is counted out; the top-level comment that leaves takes the others with it.
    expect((await call(cloud, `/comments/${sent[4]!.id}`, { method: 'DELETE', token: reader(13).idToken })).status).toBe(204);
    expect((await list(post.id)).body.items[0]?.replyCount).toBe(4);
    expect((await call(cloud, `/comments/${top.id}`, { method: 'DELETE', token: reader(8).idToken })).status).toBe(204);
    expect((await getPost(post.id)).comments).toBe(0);
    expect((await list(post.id)).body.items).toEqual([]);
  });

  it('tell the replied-to author in «Avisos» (comment.reply), never for a reply to oneself', async () => {
    const post = await newPost();
    const author = reader(14);
    const top = await created(author, post.id, { text: '¿A alguien más le pasa?' });
    await created(author, post.id, { text: 'Me contesto a mí misma.', parentId: top.id });
    const answer = await created(reader(15), post.id, { text: 'A mí también.', parentId: top.id });
    const notices = () => call<NotificationPage>(cloud, '/me/notifications', { token: author.idToken });
    const page = await eventually(notices, (response) => response.body.items.some((item) => item.type === 'comment.reply'));
    const mine = page.body.items.filter((item) => item.type === 'comment.reply');
    expect(mine).toEqual([
      expect.objectContaining({ type: 'comment.reply', name: 'Lectora 15', postId: post.id, id: `reply#${answer.id}` }),
    ]);
  });

  it('tell the author of the reply a reply to a reply answers, not the thread’s author', async () => {
    const post = await newPost();
    const [top, answered, answering] = [reader(18), reader(19), reader(20)];
    const first = await created(top, post.id, { text: 'Empiezo yo.' });
    const middle = await created(answered, post.id, { text: 'Te contesto.', parentId: first.id });
    const last = await created(answering, post.id, { text: 'Y yo a ti.', parentId: middle.id });
    expect(last.parentId).toBe(first.id);
    const notices = (user: TestUser) => call<NotificationPage>(cloud, '/me/notifications', { token: user.idToken });
    const page = await eventually(
      () => notices(answered),
      (response) => response.body.items.some((item) => item.type === 'comment.reply'),
    );
    expect(page.body.items.filter((item) => item.type === 'comment.reply')).toEqual([
      expect.objectContaining({ type: 'comment.reply', name: answering.name, postId: post.id, id: `reply#${last.id}` }),
    ]);
    // The thread's author heard of the reply to their comment, and of nothing else.
    const topPage = await eventually(
      () => notices(top),
      (response) => response.body.items.some((item) => item.type === 'comment.reply'),
    );
    expect(topPage.body.items.filter((item) => item.type === 'comment.reply').map((item) => item.id)).toEqual([`reply#${middle.id}`]);
  });

  it('reach the readers of the page live, with their parent', async () => {
    const post = await newPost();
    const top = await created(reader(16), post.id, { text: 'En directo.' });
    const live = await liveReader(cloud, { post: post.id });
    try {
      const reply = await created(reader(17), post.id, { text: 'Respondo en directo.', parentId: top.id });
      expect(await live.waitFor(commentMessage(reply.id))).toEqual({ type: 'comment.created', comment: reply });
    } finally {
      live.close();
    }
  });
});

describe('«+1 / −1» on comments', () => {
  it('count exactly twenty voters at once, and one vote from one voter sending it twenty times at once', async () => {
    const post = await newPost();
    const target = await created(writer, post.id, { text: 'Votadme.' });
    const answers = await Promise.all(readers.slice(0, 20).map((user) => vote(user, target.id, 'up')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect((await list(post.id)).body.items[0]?.votes).toEqual({ up: 20, down: 0 });

    const again = await created(writer, post.id, { text: 'Votadme una vez.' });
    const same = await Promise.all(Array.from({ length: 20 }, () => vote(reader(0), again.id, 'down')));
    expect(same.every((answer) => answer.status === 200 && answer.body.myVote === 'down')).toBe(true);
    expect((await list(post.id)).body.items[1]?.votes).toEqual({ up: 0, down: 1 });
    const mine = await call<{ votes: Record<string, string> }>(cloud, `/me/comment-votes?ids=${target.id},${again.id}`, {
      token: reader(0).idToken,
    });
    expect(mine.body).toEqual({ votes: { [target.id]: 'up', [again.id]: 'down' } });
  });

  it('move with a change of mind and a take-back, never on one’s own comment, only on a visible one', async () => {
    const post = await newPost();
    const target = await created(reader(18), post.id, { text: 'Opinad.' });
    expect((await vote(reader(21), target.id, 'up')).body).toEqual({ votes: { up: 1, down: 0 }, myVote: 'up' });
    expect((await vote(reader(21), target.id, 'down')).body).toEqual({ votes: { up: 0, down: 1 }, myVote: 'down' });
    expect((await unvote(reader(21), target.id)).body).toEqual({ votes: { up: 0, down: 0 }, myVote: null });
    expectError(await vote(reader(18), target.id, 'up'), 'OWN_COMMENT');
    expectError(await vote(reader(21), '00000000-0000-4000-8000-000000000000', 'up'), 'COMMENT_NOT_FOUND');
    expectError(await vote(reader(21), target.id, 'agree'), 'INVALID_REQUEST');
    expectError(await vote(reader(21), target.id, { $ne: null }), 'INVALID_REQUEST');
    expect((await call(cloud, `/comments/${target.id}`, { method: 'DELETE', token: reader(18).idToken })).status).toBe(204);
    expectError(await vote(reader(21), target.id, 'up'), 'COMMENT_NOT_FOUND');

    const exported = await call<AccountExport>(cloud, '/me/export', { token: reader(21).idToken });
    expect(exported.body.commentVotes).toEqual([]);
    expect((await vote(reader(20), (await created(reader(18), post.id, { text: 'Otra.' })).id, 'up')).status).toBe(200);
    const theirs = await call<AccountExport>(cloud, '/me/export', { token: reader(20).idToken });
    expect(theirs.body.commentVotes).toEqual([expect.objectContaining({ vote: 'up' })]);
  });

  it(`order «best» by net score then oldest, refuse an unknown order, and fold at ${BURIED_AT}`, async () => {
    const post = await newPost();
    const [a, b, c] = [
      await created(writer, post.id, { text: 'Primero.' }),
      await created(writer, post.id, { text: 'Segundo.' }),
      await created(writer, post.id, { text: 'Tercero.' }),
    ];
    await Promise.all(readers.slice(0, 2).map((user) => vote(user, c.id, 'up')));
    await Promise.all(readers.slice(0, 5).map((user) => vote(user, a.id, 'down')));
    const best = (await list(post.id, '?sort=best')).body.items;
    expect(best.map((comment) => comment.id)).toEqual([c.id, b.id, a.id]);
    expect(best.map((comment) => comment.collapsed)).toEqual([false, false, true]);
    const paged: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CommentPage = (await list(post.id, `?sort=best&limit=1${cursor ? `&cursor=${cursor}` : ''}`)).body;
      paged.push(...page.items.map((comment) => comment.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(paged).toEqual([c.id, b.id, a.id]);
    expect((await list(post.id)).body.items.map((comment) => comment.id)).toEqual([a.id, b.id, c.id]);
    expectError(await list(post.id, '?sort=mejores'), 'INVALID_SORT');
    expectError(await list(post.id, '?sort=best&cursor=no'), 'INVALID_CURSOR');
  });

  it('place comments written before «Mejores» existed with npm run rebuild -- comment-threads', async () => {
    const post = await newPost();
    const [older, newer] = [await created(writer, post.id, { text: 'De antes.' }), await created(writer, post.id, { text: 'De ahora.' })];
    // As a comment of older data is: no place in the thread index.
    const dynamodb = cloud.dynamodb();
    await dynamodb.send(
      new UpdateItemCommand({
        TableName: cloud.tables.comments,
        Key: { id: { S: older.id } },
        UpdateExpression: 'REMOVE #thread, #rank',
        ExpressionAttributeNames: { '#thread': COMMENTS_KEYS.thread, '#rank': COMMENTS_KEYS.threadRank },
      }),
    );
    expect((await list(post.id, '?sort=best')).body.items.map((comment) => comment.id)).toEqual([newer.id]);
    const credentials = await dynamodb.config.credentials();
    const rebuild = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/tools/rebuild.ts', 'comment-threads'], {
        cwd: resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          DYNAMODB_ENDPOINT: cloud.dynamodbEndpoint,
          DYNAMODB_ACCESS_KEY_ID: credentials.accessKeyId,
          [ENV.commentsTable]: cloud.tables.comments,
        },
      });
    expect((await rebuild()).stdout).toContain('1 visible comments placed in their threads');
    // Both back in «Mejores» (equal scores written in the same second have no fixed order between them).
    expect((await list(post.id, '?sort=best')).body.items.map((comment) => comment.id).sort()).toEqual([older.id, newer.id].sort());
    expect((await rebuild()).stdout).toContain('0 visible comments placed in their threads');
  }, 120_000);

  it('reach the readers of the page live, ending on the exact counts', async () => {
    const post = await newPost();
    const target = await created(writer, post.id, { text: 'Contad en directo.' });
    const live = await liveReader(cloud, { post: post.id });
    try {
      await Promise.all(readers.slice(0, 6).map((user) => vote(user, target.id, 'down')));
      const last = await live.waitFor(
        (message) => message.type === 'comment.updated' && message.id === target.id && message.votes.down === 6,
      );
      expect(last).toEqual({ type: 'comment.updated', id: target.id, votes: { up: 0, down: 6 }, collapsed: true });
      const updates = live.receivedAt.filter((_, index) => live.messages[index]?.type === 'comment.updated');
      // Paced: never two updates of one comment less than a second apart.
      for (let i = 1; i < updates.length; i++) expect(updates[i]! - updates[i - 1]!).toBeGreaterThanOrEqual(900);
    } finally {
      live.close();
    }
  });
});
