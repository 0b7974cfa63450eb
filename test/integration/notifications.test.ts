/**
 * «Avisos» (docs/api.md, "Notifications"): notifications made by the stream-fed functions
 * from the posts and comments streams, read, marked read and counted by their owner only, and sent
 * live to the owner's own sockets — against the real local cloud (cognito-local tokens, DynamoDB
 * Local, its streams fed by the local poller, every function in its own worker).
 */
import { DynamoBlockStore } from '../../functions/store/dynamodb/blockStore';
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../functions/contract/comments';
import type { Me } from '../../functions/contract/accounts';
import type { ErrorBody } from '../../functions/contract/errors';
import type { LiveMessage } from '../../functions/contract/live';
import type { Notification, NotificationPage } from '../../functions/contract/notifications';
import type { OwnPost } from '../../functions/contract/posts';
import { notifyComments, notifyPostChanges, type OwnerChannel } from '../../functions/domain/notifications';
import { commentFromItem } from '../../functions/store/dynamodb/commentStore';
import { DynamoDayTopReader, DynamoNotificationStore } from '../../functions/store/dynamodb/notificationStore';
import { postFromItem } from '../../functions/store/dynamodb/postItems';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import type { StoredComment } from '../../functions/domain/ports/comments';
import { call, publish } from '../support/api';
import { liveReader, publishedMessage } from '../support/live';
import { cloudPerFile } from '../support/cloudPerFile';
import { publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Supervisora Avisos' });
let count = 0;

const newUser = () => createUser(site.cloud, { name: `Persona ${++count} ${randomUUID().slice(0, 4)}` });
const text = () => `Anécdota ${randomUUID()}`;

const notificationsOf = (user: TestUser, query = '') =>
  call<NotificationPage | ErrorBody>(site.cloud, `/me/notifications${query}`, { token: user.idToken });
const markRead = (user: TestUser, body?: unknown) =>
  call<ErrorBody | undefined>(site.cloud, '/me/notifications/read', { method: 'POST', token: user.idToken, body });
const unread = async (user: TestUser) => (await call<Me>(site.cloud, '/me', { token: user.idToken })).body.unreadNotifications;
const comment = (user: TestUser, postId: string, body = 'Qué mala suerte.') =>
  call<Comment | ErrorBody>(site.cloud, `/posts/${postId}/comments`, { method: 'POST', token: user.idToken, body: { text: body } });

/** Every notification of `user` (all pages). */
async function allOf(user: TestUser): Promise<Notification[]> {
  const items: Notification[] = [];
  let cursor: string | null = null;
  do {
    const response = await notificationsOf(user, `?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.status).toBe(200);
    const page = response.body as NotificationPage;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Polls `user`'s notifications until `match` holds of them (the stream functions run within seconds). */
async function until(user: TestUser, match: (items: Notification[]) => boolean, what: string, timeoutMs = 30_000): Promise<Notification[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const items = await allOf(user);
    if (match(items)) return items;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const store = () => new DynamoNotificationStore(site.documents, site.cloud.tables.notifications, undefined, site.cloud.tables.names);
const silent: OwnerChannel & { sent: LiveMessage[] } = {
  sent: [],
  async send(_account, message) {
    this.sent.push(message);
  },
};

async function storedPost(id: string) {
  const { Item } = await site.documents.send(new GetCommand({ TableName: site.cloud.tables.posts, Key: { id }, ConsistentRead: true }));
  return Item;
}

async function storedComment(id: string): Promise<StoredComment> {
  const { Item } = await site.documents.send(new GetCommand({ TableName: site.cloud.tables.comments, Key: { id }, ConsistentRead: true }));
  return commentFromItem(Item) as StoredComment;
}

/** A socket opened with `token`: resolves with its reader, or rejects with the HTTP status of the refusal. */
function socketWith(token: string): Promise<{ messages: LiveMessage[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${site.cloud.config.wsUrl}?token=${encodeURIComponent(token)}`);
    const messages: LiveMessage[] = [];
    socket.on('message', (data) => messages.push(JSON.parse((data as Buffer).toString('utf8')) as LiveMessage));
    socket.once('open', () => resolve({ messages, close: () => socket.terminate() }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

async function waitFor<T>(check: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = check();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('notifications of a post published or rejected', () => {
  it('tells the author once that the post was published, with its first words, and a record delivered again makes nothing more', async () => {
    const author = await newUser();
    const words = `${text()} y luego,   para rematar, se me cayó el café encima del portátil nuevo de la oficina.`;
    const post = await publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: words });
    const items = await until(author, (all) => all.some((n) => n.type === 'post.published' && n.postId === post.id), 'published');
    expect(items.filter((n) => n.postId === post.id)).toEqual([
      {
        id: expect.any(String),
        type: 'post.published',
        postId: post.id,
        createdAt: expect.any(String),
        read: false,
        // Cut at a word within 80 characters, the spaces run together.
        excerpt: `${words.replace(/\s+/g, ' ').slice(0, 79).replace(/ \S*$/, '').replace(/[,.]$/, '')}…`,
      },
    ]);
    expect(items[0]!.excerpt!.length).toBeLessThanOrEqual(80);
    expect(await unread(author)).toBe(1);

    // The same change of status delivered twice more (as a retried stream batch would).
    const after = postFromItem(await storedPost(post.id))!;
    const before = { ...after, status: 'pending' as const, publishedAt: null };
    const deps = { notifications: store(), live: silent, dayTop: new DynamoDayTopReader(site.documents, site.cloud.tables.top) };
    expect(
      await notifyPostChanges(deps, [
        { before, after },
        { before, after },
      ]),
    ).toBe(0);
    expect((await allOf(author)).filter((n) => n.postId === post.id)).toHaveLength(1);
    expect(await unread(author)).toBe(1);
  }, 180_000);

  it('tells the author that the post was rejected, with the moderators’ reason', async () => {
    const author = await newUser();
    const words = text();
    const created = (await publish(site.cloud, author.idToken, { category: 'amor', post: words })).body as OwnPost;
    const decided = await call(site.cloud, `/moderation/${created.id}/decision`, {
      method: 'PUT',
      token: site.moderator.idToken,
      body: { decision: 'reject', reason: 'ofensiva' },
    });
    expect(decided.status).toBe(200);
    const items = await until(author, (all) => all.some((n) => n.type === 'post.rejected'), 'rejected');
    expect(items).toEqual([
      {
        id: expect.any(String),
        type: 'post.rejected',
        reason: 'ofensiva',
        postId: created.id,
        createdAt: expect.any(String),
        read: false,
        excerpt: words,
      },
    ]);

    const item = await storedPost(created.id);
    const after = postFromItem(item)!;
    const change = { before: { ...after, status: 'pending' as const }, after, statusAt: item?.statusAt as string };
    const deps = { notifications: store(), live: silent, dayTop: new DynamoDayTopReader(site.documents, site.cloud.tables.top) };
    expect(await notifyPostChanges(deps, [change, change])).toBe(0);
    expect(await allOf(author)).toHaveLength(1);
  });
});

describe('notifications of comments', () => {
  it('makes none for the author’s own comment, one for another’s, and counts a comment delivered twice once', async () => {
    const [author, reader] = [await newUser(), await newUser()];
    const post = await publishApproved(site.cloud, author, site.moderator, { category: 'familia', post: text() });
    await until(author, (all) => all.some((n) => n.type === 'post.published'), 'published');
    expect((await comment(author, post.id, 'Lo cuento yo misma.')).status).toBe(201);
    const theirs = (await comment(reader, post.id, 'Te entiendo.')).body as Comment;
    const items = await until(author, (all) => all.some((n) => n.type === 'comment.created'), 'a comment notification');
    expect(items.filter((n) => n.type === 'comment.created')).toEqual([
      {
        id: expect.any(String),
        type: 'comment.created',
        postId: post.id,
        name: reader.name,
        count: 1,
        createdAt: theirs.createdAt,
        read: false,
        excerpt: post.post,
      },
    ]);

    // The author's own comment made nothing, even once the stream has had time to carry it.
    expect(
      await notifyComments(
        {
          notifications: store(),
          live: silent,
          posts: new DynamoPostRepository(site.documents, site.cloud.tables.posts),
          blocks: new DynamoBlockStore(site.documents, site.cloud.tables.blocks),
        },
        [await storedComment(theirs.id), await storedComment(theirs.id)],
      ),
    ).toBe(0);
    expect((await allOf(author)).find((n) => n.type === 'comment.created')).toMatchObject({ count: 1 });
    // Nothing reaches the commenter either.
    expect(await allOf(reader)).toEqual([]);
  }, 120_000);

  it('coalesces twenty comments sent at once into one unread notification with a count of 20', async () => {
    const [author, first, second] = [await newUser(), await newUser(), await newUser()];
    const post = await publishApproved(site.cloud, author, site.moderator, { category: 'trabajo', post: text() });
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, i) => comment(i % 2 === 0 ? first : second, post.id, `Comentario ${i} ${randomUUID().slice(0, 6)}`)),
    );
    expect(sent.map((response) => response.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const items = await until(author, (all) => all.some((n) => n.type === 'comment.created' && n.count === 20), 'a count of 20', 60_000);
    const forPost = items.filter((n) => n.type === 'comment.created' && n.postId === post.id);
    expect(forPost).toHaveLength(1);
    expect(forPost[0]).toMatchObject({ count: 20, read: false });
    expect([first.name, second.name]).toContain((forPost[0] as { name: string }).name);
    // Published + the comments: two unread.
    expect(await unread(author)).toBe(2);
  });
});

describe('the day’s Top', () => {
  it('tells the author once when a «¡Vaya día!» vote puts the post in the day’s Top 10', async () => {
    const [author, voter] = [await newUser(), await newUser()];
    const post = await publishApproved(site.cloud, author, site.moderator, { category: 'picante', post: text() });
    expect(
      (await call(site.cloud, `/posts/${post.id}/vote`, { method: 'PUT', token: voter.idToken, body: { vote: 'agree' } })).status,
    ).toBe(200);
    const items = await until(author, (all) => all.some((n) => n.type === 'post.top'), 'post.top');
    expect(items.filter((n) => n.type === 'post.top')).toEqual([
      { id: expect.any(String), type: 'post.top', postId: post.id, createdAt: expect.any(String), read: false, excerpt: post.post },
    ]);
    // Taking the vote back and voting again does not tell it twice.
    await call(site.cloud, `/posts/${post.id}/vote`, { method: 'DELETE', token: voter.idToken });
    await call(site.cloud, `/posts/${post.id}/vote`, { method: 'PUT', token: voter.idToken, body: { vote: 'agree' } });
    const after = postFromItem(await storedPost(post.id))!;
    const deps = { notifications: store(), live: silent, dayTop: new DynamoDayTopReader(site.documents, site.cloud.tables.top) };
    const before = { ...after, votes: { ...after.votes, agree: 0 } };
    expect(await notifyPostChanges(deps, [{ before, after }])).toBe(0);
    expect((await allOf(author)).filter((n) => n.type === 'post.top')).toHaveLength(1);
  });
});

describe('reading and marking read', () => {
  it('marks the named notifications read, then all; a new comment makes the post’s notification unread again, counted from one', async () => {
    const [author, reader] = [await newUser(), await newUser()];
    const post = await publishApproved(site.cloud, author, site.moderator, { category: 'amistad', post: text() });
    await comment(reader, post.id);
    const items = await until(author, (all) => all.length === 2, 'two notifications');
    // Newest first.
    expect(items.map((n) => n.type)).toEqual(['comment.created', 'post.published']);
    expect(await unread(author)).toBe(2);

    const published = items.find((n) => n.type === 'post.published')!;
    expect((await markRead(author, { ids: [published.id] })).status).toBe(204);
    expect(await allOf(author)).toEqual([expect.objectContaining({ type: 'comment.created', read: false }), { ...published, read: true }]);
    expect(await unread(author)).toBe(1);

    expect((await markRead(author)).status).toBe(204);
    expect((await allOf(author)).every((n) => n.read)).toBe(true);
    expect(await unread(author)).toBe(0);

    await comment(reader, post.id, 'Otra vez yo.');
    await until(author, (all) => all.some((n) => n.type === 'comment.created' && !n.read), 'unread again');
    expect((await allOf(author)).filter((n) => n.type === 'comment.created')).toEqual([
      expect.objectContaining({ count: 1, read: false, name: reader.name }),
    ]);
    expect(await unread(author)).toBe(1);
  });

  it('pages newest first with a cursor, and refuses a bad limit, cursor or body', async () => {
    const author = await newUser();
    for (let i = 0; i < 3; i++) await publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: text() });
    const all = await until(author, (items) => items.length === 3, 'three notifications');
    const first = (await notificationsOf(author, '?limit=2')).body as NotificationPage;
    expect(first.items).toEqual(all.slice(0, 2));
    const second = (await notificationsOf(author, `?limit=2&cursor=${first.nextCursor}`)).body as NotificationPage;
    expect(second).toEqual({ items: all.slice(2), nextCursor: null });
    expect([...all].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(all);

    expect((await notificationsOf(author, '?limit=0')).body).toMatchObject({ error: { code: 'INVALID_LIMIT' } });
    expect((await notificationsOf(author, '?cursor=bm9wZQ')).body).toMatchObject({ error: { code: 'INVALID_CURSOR' } });
    for (const body of [
      { ids: [] },
      { ids: 'todas' },
      { ids: [42] },
      { ids: Array.from({ length: 101 }, () => 'x') },
      { ids: ['x'.repeat(201)] },
    ]) {
      expect((await markRead(author, body)).body, JSON.stringify(body)).toMatchObject({ error: { code: 'INVALID_REQUEST' } });
    }
    expect(
      (await call(site.cloud, '/me/notifications/read', { method: 'POST', token: author.idToken, rawBody: '{no' })).body,
    ).toMatchObject({
      error: { code: 'INVALID_JSON' },
    });
    expect(await unread(author)).toBe(3);
  });

  it('shows and marks only the caller’s own: another account neither reads nor marks them, and no token is 401', async () => {
    const [author, other] = [await newUser(), await newUser()];
    await publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: text() });
    const [mine] = await until(author, (all) => all.length === 1, 'one notification');
    expect(await allOf(other)).toEqual([]);
    expect((await markRead(other, { ids: [mine!.id] })).status).toBe(204);
    expect((await markRead(other)).status).toBe(204);
    expect(await allOf(author)).toEqual([mine]);
    expect(await unread(author)).toBe(1);
    expect((await call(site.cloud, '/me/notifications')).status).toBe(401);
    expect((await call(site.cloud, '/me/notifications/read', { method: 'POST', body: {} })).status).toBe(401);
  });

  it('lets a suspended account read and mark its notifications, and refuses a deleted account’s token', async () => {
    const author = await newUser();
    await publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: text() });
    await until(author, (all) => all.length === 1, 'one notification');
    const { sub } = decodeJwt(author.idToken);
    await site.documents.send(
      new UpdateCommand({
        TableName: site.cloud.tables.names,
        Key: { key: `user#${sub}` },
        UpdateExpression: 'SET suspendedUntil = :until',
        ExpressionAttributeValues: { ':until': new Date(Date.now() + 86_400_000).toISOString() },
      }),
    );
    expect((await notificationsOf(author)).status).toBe(200);
    expect((await markRead(author)).status).toBe(204);
    expect(await unread(author)).toBe(0);

    const gone = await newUser();
    expect((await call(site.cloud, '/me', { method: 'DELETE', token: gone.idToken })).status).toBe(204);
    expect((await notificationsOf(gone)).body).toMatchObject({ error: { code: 'ACCOUNT_DELETED' } });
    expect((await markRead(gone)).body).toMatchObject({ error: { code: 'ACCOUNT_DELETED' } });
  });
});

describe('live, to the owner only', () => {
  it('refuses a socket opened with a bad token at connect', async () => {
    const user = await newUser();
    const [header, payload] = user.idToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('not the signature').toString('base64url')}`;
    for (const token of [forged, 'abc', user.accessToken]) {
      await expect(socketWith(token), token.slice(0, 12)).rejects.toThrow(/refused: 401/);
    }
    const gone = await newUser();
    expect((await call(site.cloud, '/me', { method: 'DELETE', token: gone.idToken })).status).toBe(204);
    await expect(socketWith(gone.idToken)).rejects.toThrow(/refused: 401/);
  });

  it('sends each account its own notifications only, and the public messages to both', async () => {
    const [alice, bob] = [await newUser(), await newUser()];
    const [aliceSocket, bobSocket] = await Promise.all([socketWith(alice.idToken), socketWith(bob.idToken)]);
    const anonymous = await liveReader(site.cloud);
    try {
      const post = await publishApproved(site.cloud, alice, site.moderator, { category: 'varios', post: text() });
      const created = (m: LiveMessage) => m.type === 'notification.created' && m.notification.postId === post.id;
      const notified = await waitFor(() => aliceSocket.messages.find(created), 'alice hears of it');
      expect(notified).toEqual({
        type: 'notification.created',
        notification: { id: expect.any(String), type: 'post.published', postId: post.id, createdAt: expect.any(String), read: false },
      });
      // Both signed-in sockets and the anonymous one hear the public message.
      await waitFor(() => bobSocket.messages.find(publishedMessage(post.id)), 'bob hears the post');
      await anonymous.waitFor(publishedMessage(post.id));

      // Bob comments on Alice's post: Alice hears it, Bob does not.
      await comment(bob, post.id, 'Vaya tela.');
      await waitFor(
        () => aliceSocket.messages.find((m) => m.type === 'notification.created' && m.notification.type === 'comment.created'),
        'alice hears of the comment',
      );
      const bobPost = await publishApproved(site.cloud, bob, site.moderator, { category: 'varios', post: text() });
      await waitFor(
        () => bobSocket.messages.find((m) => m.type === 'notification.created' && m.notification.postId === bobPost.id),
        'bob hears of his own post',
      );
      expect(
        bobSocket.messages
          .filter((m) => m.type === 'notification.created')
          .map((m) => (m as { notification: Notification }).notification.postId),
      ).toEqual([bobPost.id]);
      expect(
        aliceSocket.messages
          .filter((m) => m.type === 'notification.created')
          .every((m) => (m as { notification: Notification }).notification.postId === post.id),
      ).toBe(true);
      expect(anonymous.messages.some((m) => m.type === 'notification.created')).toBe(false);
    } finally {
      aliceSocket.close();
      bobSocket.close();
      anonymous.close();
    }
  });
});
