/**
 * An account's own data (docs/api.md, "Your data"): the download of everything it did (`GET
 * /me/export`), the deletion that erases what it wrote (`DELETE /me { content: "delete" }`) or keeps it
 * signed «Anonimo», and an account that ends everywhere at once (its sockets closed, no notification
 * for it) — against the real local cloud (cognito-local tokens, DynamoDB Local and its streams).
 */
import { DynamoBlockStore } from '../../functions/store/dynamodb/blockStore';
import { randomUUID } from 'node:crypto';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../functions/contract/accountData';
import type { Comment } from '../../functions/contract/comments';
import { ERRORS, type ErrorBody } from '../../functions/contract/errors';
import { fingerprintOf } from '../../functions/contract/fingerprint';
import type { LiveMessage } from '../../functions/contract/live';
import type { NotificationPage } from '../../functions/contract/notifications';
import type { OwnPost, Post, PostPage } from '../../functions/contract/posts';
import { queryTerms } from '../../functions/contract/search';
import { notifyComments, notifyPostChanges, type OwnerChannel } from '../../functions/domain/notifications';
import type { StoredComment } from '../../functions/domain/ports/comments';
import { DynamoDayTopReader, DynamoNotificationStore } from '../../functions/store/dynamodb/notificationStore';
import { postFromItem } from '../../functions/store/dynamodb/postItems';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import { DynamoCommentStore } from '../../functions/store/dynamodb/commentStore';
import { DynamoNameStore } from '../../functions/store/dynamodb/nameStore';
import { DynamoRateLimiter } from '../../functions/store/dynamodb/rateLimiter';
import { COMMENT_RATE_LIMIT } from '../../functions/contract/comments';
import { publishPost } from '../../functions/domain/posts';
import { writeComment } from '../../functions/domain/comments';
import { COMMENTS_INDEX, POSTS_INDEX } from '../../functions/store/tables';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { fetchHtml } from '../support/html';
import { liveReader, removedMessage } from '../support/live';
import { decide, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Supervisora Datos' });
let count = 0;

const newUser = (prefix = 'Persona') => createUser(site.cloud, { name: `${prefix} ${++count} ${randomUUID().slice(0, 4)}` });
const text = (words = 'Anécdota') => `${words} ${randomUUID()}`;

const exportOf = (user: TestUser) => call<AccountExport | ErrorBody>(site.cloud, '/me/export', { token: user.idToken });
const deleteAccount = (user: TestUser, body?: unknown) =>
  call<ErrorBody | undefined>(site.cloud, '/me', { method: 'DELETE', token: user.idToken, body });
const comment = async (user: TestUser, postId: string, words = 'Qué mala suerte.') => {
  const answer = await call<Comment>(site.cloud, `/posts/${postId}/comments`, {
    method: 'POST',
    token: user.idToken,
    body: { text: words },
  });
  expect(answer.status).toBe(201);
  return answer.body;
};
const created = async (user: TestUser, post = text()) => {
  const answer = await publish(site.cloud, user.idToken, { category: 'varios', post });
  expect(answer.status).toBe(201);
  return answer.body as OwnPost;
};

/** Polls `read` until `done` holds of its value (streams run within seconds; no fixed sleep). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const queryItems = async (input: Omit<ConstructorParameters<typeof QueryCommand>[0], 'TableName'>, table: string) =>
  (await site.documents.send(new QueryCommand({ TableName: table, ...input }))).Items ?? [];
const byAuthor = (table: 'posts' | 'comments', authorId: string) =>
  queryItems(
    {
      IndexName: table === 'posts' ? POSTS_INDEX.author : COMMENTS_INDEX.author,
      KeyConditionExpression: 'authorId = :a',
      ExpressionAttributeValues: { ':a': authorId },
    },
    site.cloud.tables[table],
  );
const topRows = (postId: string) =>
  queryItems({ KeyConditionExpression: 'postId = :p', ExpressionAttributeValues: { ':p': postId } }, site.cloud.tables.top);
const notificationRows = (accountId: string) =>
  queryItems({ KeyConditionExpression: 'accountId = :a', ExpressionAttributeValues: { ':a': accountId } }, site.cloud.tables.notifications);
const subOf = (user: TestUser) => decodeJwt(user.idToken).sub!;

/**
 * A socket opened with `token` (or refused: `refused: <status>`); `closed()` resolves when the server
 * closes it, or fails after `withinMs` — a deletion that missed the socket says so, not «test timed out».
 */
function socketWith(token: string): Promise<{ messages: LiveMessage[]; closed(withinMs?: number): Promise<number>; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${site.cloud.config.wsUrl}?token=${encodeURIComponent(token)}`);
    const messages: LiveMessage[] = [];
    const closing = new Promise<number>((done) => socket.once('close', (code) => done(code)));
    const closed = (withinMs = 20_000) =>
      new Promise<number>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`the socket was still open ${withinMs} ms later`)), withinMs);
        void closing.then((code) => {
          clearTimeout(timer);
          done(code);
        });
      });
    const refusedAfter = setTimeout(() => reject(new Error('the socket was neither opened nor refused in 20 s')), 20_000);
    socket.on('message', (data) => messages.push(JSON.parse((data as Buffer).toString('utf8')) as LiveMessage));
    socket.once('open', () => {
      clearTimeout(refusedAfter);
      resolve({ messages, closed, close: () => socket.terminate() });
    });
    socket.once('unexpected-response', (_req, res) => {
      clearTimeout(refusedAfter);
      reject(new Error(`refused: ${res.statusCode}`));
    });
    socket.once('error', (error) => {
      clearTimeout(refusedAfter);
      reject(error);
    });
  });
}

describe('GET /me/export', () => {
  it('holds exactly what the account did — posts in every status, comments, votes, saves, notifications, reports — and nothing of anyone else', async () => {
    const me = await newUser('Exportadora');
    const other = await newUser('Vecina');
    const { moderator } = site;

    const published = await publishApproved(site.cloud, me, moderator, { category: 'amor', post: text('Publicada') });
    const pending = await created(me, text('Pendiente'));
    const rejected = await created(me, text('Rechazada'));
    expect((await decide(site.cloud, moderator.idToken, rejected.id, 'reject')).status).toBe(200);
    const removed = await created(me, text('Borrada'));
    expect((await call(site.cloud, `/posts/${removed.id}`, { method: 'DELETE', token: me.idToken })).status).toBe(204);

    const theirs = await publishApproved(site.cloud, other, moderator, { category: 'varios', post: text('De la vecina') });
    const reported = await publishApproved(site.cloud, other, moderator, { category: 'varios', post: text('Denunciada') });
    const mine = await comment(me, theirs.id, 'Mi comentario en lo de la vecina');
    const theirComment = await comment(other, published.id, 'Comentario de la vecina');
    expect(
      (await call(site.cloud, `/posts/${theirs.id}/vote`, { method: 'PUT', token: me.idToken, body: { vote: 'deserved' } })).status,
    ).toBe(200);
    expect((await call(site.cloud, `/posts/${theirs.id}/save`, { method: 'PUT', token: me.idToken })).status).toBe(204);
    expect(
      (await call(site.cloud, `/posts/${reported.id}/report`, { method: 'POST', token: me.idToken, body: { reason: 'spam' } })).status,
    ).toBe(202);
    // The other account does the same things, none of which is mine.
    expect(
      (await call(site.cloud, `/posts/${published.id}/vote`, { method: 'PUT', token: other.idToken, body: { vote: 'agree' } })).status,
    ).toBe(200);
    expect((await call(site.cloud, `/posts/${published.id}/save`, { method: 'PUT', token: other.idToken })).status).toBe(204);

    // My notifications (stream-fed): my post published, the other one rejected, the neighbour's comment
    // on it and its entering the day's Top (their vote).
    const types = ['comment.created', 'post.published', 'post.rejected', 'post.top'];
    const listed = await until(
      async () => (await call<NotificationPage>(site.cloud, '/me/notifications', { token: me.idToken })).body.items,
      (items) => types.every((type) => items.some((n) => n.type === type)),
      'the four notifications',
    );

    const answer = await exportOf(me);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="vaya-dia-${me.name!.toLowerCase().replace(/ /g, '-')}.json"`,
    );
    const data = answer.body as AccountExport;
    expect(data.account).toEqual({ name: me.name, email: me.email, createdAt: expect.any(String), moderator: false });
    expect(new Date(data.account.createdAt!).getTime()).toBeLessThanOrEqual(Date.now());
    expect(Object.fromEntries(data.posts.map((post) => [post.id, post.status]))).toEqual({
      [published.id]: 'published',
      [pending.id]: 'pending',
      [rejected.id]: 'rejected',
      [removed.id]: 'removed',
    });
    // The account's own comment: not the thread under it (replies are other people's).
    const { replies: _replies, replyCount: _replyCount, ...own } = mine;
    expect(data.comments).toEqual([{ ...own, status: 'visible' }]);
    expect(data.votes).toEqual([{ postId: theirs.id, vote: 'deserved' }]);
    expect(data.saved).toEqual([theirs.id]);
    expect(data.reports).toEqual([{ target: { type: 'post', id: reported.id }, reason: 'spam', at: expect.any(String) }]);
    expect(data.notifications).toEqual(listed.map(({ excerpt: _excerpt, ...notification }) => notification));
    expect(data.notifications.map((n) => [n.type, n.postId]).sort()).toEqual([
      ['comment.created', published.id],
      ['post.published', published.id],
      ['post.rejected', rejected.id],
      ['post.top', published.id],
    ]);
    expect(data).toMatchObject({ pushDevices: 0, commentVotes: [], blocks: [], appeals: [] });
    // Nothing of anyone else: not their e-mail, their comment's words, their vote or their posts' ids.
    const whole = JSON.stringify(data);
    expect(whole).not.toContain(other.email);
    expect(whole).not.toContain(theirComment.text);
    expect(whole).not.toContain(theirComment.id);
    expect(whole).not.toContain('authorId');
    expect(whole).not.toContain(subOf(other));
  }, 180_000);

  it('gives five downloads a day to an account: of twenty at once exactly five succeed, the rest are 429 RATE_LIMITED', async () => {
    const me = await newUser('Impaciente');
    const answers = await Promise.all(Array.from({ length: 20 }, () => exportOf(me)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(15);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect((answer.body as ErrorBody).error.code).toBe('RATE_LIMITED');
    }
    // Another account's limit is its own.
    expect((await exportOf(await newUser('Otra'))).status).toBe(200);
  });
});

describe('DELETE /me { content: "delete" }', () => {
  it('removes every trace of what the account wrote: feeds, pages, Top, search, author page, counts, others’ notifications, share cards', async () => {
    const { moderator } = site;
    const gone = await newUser('Borrable');
    const other = await newUser('Testigo');
    const goneId = subOf(gone);
    const word = `zqxw${randomUUID()
      .replace(/[^a-f]/g, '')
      .slice(0, 6)}`;
    const first = await publishApproved(site.cloud, gone, moderator, { category: 'trabajo', post: text(`Primera ${word}`) });
    const second = await publishApproved(site.cloud, gone, moderator, { category: 'amor', post: text(`Segunda ${word}`) });
    const waiting = await created(gone, text('En la cola'));
    const theirs = await publishApproved(site.cloud, other, moderator, { category: 'varios', post: text('De la testigo') });

    // The other account votes (the Top), comments, saves; the deleted one comments on the other's post.
    expect(
      (await call(site.cloud, `/posts/${first.id}/vote`, { method: 'PUT', token: other.idToken, body: { vote: 'agree' } })).status,
    ).toBe(200);
    await comment(other, first.id, 'Comentario de la testigo, que se queda');
    expect((await call(site.cloud, `/posts/${second.id}/save`, { method: 'PUT', token: other.idToken })).status).toBe(204);
    await comment(gone, theirs.id, 'Esto lo escribió quien se va');
    await comment(gone, theirs.id, 'Y esto también');
    await until(
      () => topRows(first.id),
      (rows) => rows.length === 4,
      'the post’s rank rows',
    );
    await until(
      async () => (await call<NotificationPage>(site.cloud, '/me/notifications', { token: other.idToken })).body.items,
      (items) => items.some((n) => n.type === 'comment.created' && n.postId === theirs.id && n.name === gone.name && n.count === 2),
      'the other’s comment notification naming the author',
    );
    await until(
      () => call<PostPage>(site.cloud, `/search?q=${word}`),
      (answer) => answer.body.items.length === 2,
      'both posts found',
    );
    const card = (await fetchHtml(`${site.cloud.webUrl}/post/${first.id}`)).meta('og:image')!;
    expect((await fetch(card)).status).toBe(200);

    const reader = await liveReader(site.cloud);
    const socket = await socketWith(gone.idToken);
    try {
      expect((await deleteAccount(gone, { content: 'delete' })).status).toBe(204);

      // Nothing the account wrote is stored.
      expect(await byAuthor('posts', goneId)).toEqual([]);
      expect(await byAuthor('comments', goneId)).toEqual([]);
      for (const post of [first, second]) {
        const { Item } = await site.documents.send(
          new GetCommand({ TableName: site.cloud.tables.moderation, Key: { key: `fingerprint#${fingerprintOf(post.post)}` } }),
        );
        expect(Item).toBeUndefined();
      }
      // Post pages, the feed, the Top, search and the author page.
      for (const post of [first, second, waiting]) expect((await call(site.cloud, `/posts/${post.id}`)).status).toBe(404);
      expect((await fetchHtml(`${site.cloud.webUrl}/post/${first.id}`)).status).toBe(404);
      const feed = (await call<PostPage>(site.cloud, '/posts?limit=100')).body.items.map((post) => post.id);
      expect(feed).not.toContain(first.id);
      expect(feed).not.toContain(second.id);
      await until(
        () => topRows(first.id),
        (rows) => rows.length === 0,
        'the rank rows gone',
      );
      const top = (await call<PostPage>(site.cloud, '/posts/top?period=all&by=agree&limit=100')).body.items.map((post) => post.id);
      expect(top).not.toContain(first.id);
      await until(
        () =>
          queryItems(
            { KeyConditionExpression: 'term = :t', ExpressionAttributeValues: { ':t': queryTerms(word)[0] } },
            site.cloud.tables.search,
          ),
        (items) => items.length === 0,
        'the search entries gone',
      );
      expect((await call<PostPage>(site.cloud, `/search?q=${word}`)).body.items).toEqual([]);
      expect((await call<ErrorBody>(site.cloud, `/authors/${encodeURIComponent(gone.name!)}`)).status).toBe(404);
      // Live readers are told each published post left.
      await reader.waitFor(removedMessage(first.id));
      await reader.waitFor(removedMessage(second.id));
      // The other's post counts only the comments left; their notification no longer names the author.
      expect((await call<Post>(site.cloud, `/posts/${theirs.id}`)).body.comments).toBe(0);
      const notices = (await call<NotificationPage>(site.cloud, '/me/notifications', { token: other.idToken })).body.items;
      expect(notices.filter((n) => n.type === 'comment.created' && n.postId === theirs.id)).toEqual([]);
      expect(JSON.stringify(notices)).not.toContain(gone.name!);
      // Their saved list drops the post.
      const saved = await call<PostPage>(site.cloud, '/me/saved', { token: other.idToken });
      expect(saved.body.items.map((post) => post.id)).not.toContain(second.id);
      // The share card no longer serves.
      expect((await fetch(card)).status).toBe(404);
      // The apodo is free again.
      const claimer = await createUser(site.cloud);
      expect((await call(site.cloud, '/me/name', { method: 'PUT', token: claimer.idToken, body: { name: gone.name } })).status).toBe(200);
      // Its socket was closed; its notifications are gone; its token is refused.
      await socket.closed();
      expect(await notificationRows(goneId)).toEqual([]);
      const refused = await exportOf(gone);
      expect(refused.status).toBe(401);
      expect((refused.body as ErrorBody).error).toEqual({ code: 'ACCOUNT_DELETED', message: ERRORS.ACCOUNT_DELETED.message });
      // Calling again (a deletion cut short) finds nothing more to do.
      expect((await deleteAccount(gone)).status).toBe(204);
    } finally {
      reader.close();
      socket.close();
    }
  }, 180_000);

  it('keeps the posts signed «Anonimo» by default (no body, or content "keep")', async () => {
    const { moderator } = site;
    for (const body of [undefined, { content: 'keep' }]) {
      const author = await newUser('Se va');
      const post = await publishApproved(site.cloud, author, moderator, { category: 'varios', post: text('Se queda') });
      expect((await deleteAccount(author, body)).status).toBe(204);
      expect((await call<Post>(site.cloud, `/posts/${post.id}`)).body.name).toBe('Anonimo');
    }
    const author = await newUser('Confusa');
    const answer = await deleteAccount(author, { content: 'everything' });
    expect(answer.status).toBe(400);
    expect((answer.body as ErrorBody).error.code).toBe('INVALID_REQUEST');
  });
});

describe('a deleted account ends everywhere at once', () => {
  it('closes its open sockets, refuses new ones, and no notification is written or sent for it, even one made as it is deleted', async () => {
    const { moderator } = site;
    const author = await newUser('Conectada');
    const other = await newUser('Comentarista');
    const authorId = subOf(author);
    const post = await publishApproved(site.cloud, author, moderator, { category: 'varios', post: text('Sigue publicada') });
    const socket = await socketWith(author.idToken);
    // The publication's own notice may still reach the open socket before the deletion; none made after it may.
    const deletedFrom = new Date().toISOString();
    expect((await deleteAccount(author)).status).toBe(204);
    await socket.closed();
    await expect(socketWith(author.idToken)).rejects.toThrow('refused: 401');

    // A comment on the kept post, and the publication's record seen again, as the stream functions
    // would handle them after the deletion: nothing is written, nothing sent.
    const written = await comment(other, post.id, 'Comentario tras la baja');
    const { Item: stored } = await site.documents.send(
      new GetCommand({ TableName: site.cloud.tables.comments, Key: { id: written.id }, ConsistentRead: true }),
    );
    const { Item: postItem } = await site.documents.send(
      new GetCommand({ TableName: site.cloud.tables.posts, Key: { id: post.id }, ConsistentRead: true }),
    );
    const notifications = new DynamoNotificationStore(site.documents, site.cloud.tables.notifications, undefined, site.cloud.tables.names);
    const sent: LiveMessage[] = [];
    const live: OwnerChannel = { send: async (_account, message) => void sent.push(message) };
    const posts = new DynamoPostRepository(site.documents, site.cloud.tables.posts);
    expect(
      await notifyComments({ notifications, live, posts, blocks: new DynamoBlockStore(site.documents, site.cloud.tables.blocks) }, [
        { ...(stored as StoredComment), id: randomUUID() },
      ]),
    ).toBe(0);
    const after = postFromItem(postItem)!;
    const change = { before: { ...after, status: 'pending' as const }, after };
    expect(
      await notifyPostChanges({ notifications, live, dayTop: new DynamoDayTopReader(site.documents, site.cloud.tables.top) }, [change]),
    ).toBe(0);
    expect(sent).toEqual([]);
    expect(await notificationRows(authorId)).toEqual([]);
    expect(
      socket.messages.filter((message) => message.type === 'notification.created' && message.notification.createdAt >= deletedFrom),
    ).toEqual([]);
  });

  it('refuses a post or comment whose request read the account before it was marked deleted (their transactions check the mark)', async () => {
    const { moderator } = site;
    const author = await newUser('Rezagada');
    const other = await newUser('Anfitriona');
    const authorId = subOf(author);
    const target = await publishApproved(site.cloud, other, moderator, { category: 'varios', post: text('Abierta a comentarios') });
    // The account row as the requests read it, before the deletion marked it.
    const row = await new DynamoNameStore(site.documents, site.cloud.tables.names).accountOf(authorId, { consistent: true });
    expect(row.deleted).toBe(false);
    expect((await deleteAccount(author)).status).toBe(204);
    const late = { id: authorId, moderator: false, row };
    const posts = new DynamoPostRepository(
      site.documents,
      site.cloud.tables.posts,
      site.cloud.tables.moderation,
      site.cloud.tables.rateLimits,
      site.cloud.tables.names,
    );
    const rateLimiter = new DynamoRateLimiter(site.documents, site.cloud.tables.rateLimits);
    await expect(publishPost({ posts, rateLimiter }, late, { category: 'varios', post: text('Tarde') })).rejects.toMatchObject({
      code: 'ACCOUNT_DELETED',
    });
    const comments = new DynamoCommentStore(site.documents, {
      comments: site.cloud.tables.comments,
      posts: site.cloud.tables.posts,
      rateLimits: site.cloud.tables.rateLimits,
      names: site.cloud.tables.names,
    });
    const commentLimiter = new DynamoRateLimiter(site.documents, site.cloud.tables.rateLimits, COMMENT_RATE_LIMIT, 'comments#');
    await expect(
      writeComment({ posts, comments, rateLimiter: commentLimiter }, late, target.id, { text: 'Tarde también' }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_DELETED' });
    expect(await byAuthor('posts', authorId)).toEqual([]);
    expect(await byAuthor('comments', authorId)).toEqual([]);
    expect((await call<Post>(site.cloud, `/posts/${target.id}`)).body.comments).toBe(0);
  });
});
