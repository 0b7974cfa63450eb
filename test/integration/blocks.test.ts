/**
 * Blocking and mentions (docs/api.md, "Blocking" and "Mentions") against the real local cloud:
 * `PUT|DELETE /me/blocks/{name}` and `GET /me/blocks` with cognito-local tokens and DynamoDB Local, and
 * the notifications the comments stream's function makes (or does not make) for blocks and `@apodo`.
 *
 * The absence of a notification is checked against one that came after it: the local cloud's stream
 * poller hands the comments table's records to the notifications function in the order they were
 * written, so once a later comment's notification is there, an earlier comment's would have been too.
 */
import { randomUUID } from 'node:crypto';
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import type { AccountExport } from '../../functions/contract/accountData';
import type { BlockList } from '../../functions/contract/blocks';
import type { Comment } from '../../functions/contract/comments';
import type { ErrorBody } from '../../functions/contract/errors';
import type { Notification, NotificationPage } from '../../functions/contract/notifications';
import { call } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { publishApproved } from '../support/moderation';
import { mentionOf } from '../../functions/contract/mentions';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Supervisora Bloqueos' });

/** A unique apodo without spaces (a mention is `@` and a name without spaces). */
const uniqueName = (stem: string) => `${stem}${randomUUID().replace(/-/g, '').slice(0, 8)}`;
const newUser = (name = uniqueName('Persona')) => createUser(site.cloud, { name });
const subOf = (user: TestUser) => decodeJwt(user.idToken).sub as string;

const path = (name: string) => `/me/blocks/${encodeURIComponent(name)}`;
const block = (user: TestUser, name: string, headers: Record<string, string> = {}) =>
  call<ErrorBody | undefined>(site.cloud, path(name), { method: 'PUT', token: user.idToken, headers });
const unblock = (user: TestUser, name: string) =>
  call<ErrorBody | undefined>(site.cloud, path(name), { method: 'DELETE', token: user.idToken });
async function blocksOf(user: TestUser): Promise<string[]> {
  const response = await call<BlockList>(site.cloud, '/me/blocks', { token: user.idToken });
  expect(response.status).toBe(200);
  return response.body.names;
}
const comment = async (user: TestUser, postId: string, text: string, parentId?: string): Promise<Comment> => {
  const body = parentId === undefined ? { text } : { text, parentId };
  const response = await call<Comment>(site.cloud, `/posts/${postId}/comments`, { method: 'POST', token: user.idToken, body });
  expect(response.status).toBe(201);
  return response.body;
};
const publishedBy = (author: TestUser) =>
  publishApproved(site.cloud, author, site.moderator, { category: 'varios', post: `Anécdota para bloquear ${randomUUID()}` });

async function notificationsOf(user: TestUser): Promise<Notification[]> {
  const response = await call<NotificationPage>(site.cloud, '/me/notifications?limit=100', { token: user.idToken });
  expect(response.status).toBe(200);
  return response.body.items;
}

/** Polls `user`'s notifications until `match` holds of them (the stream function runs within seconds). */
async function until(user: TestUser, match: (items: Notification[]) => boolean, what: string): Promise<Notification[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const items = await notificationsOf(user);
    if (match(items)) return items;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const mentions = (items: Notification[]) => items.filter((item) => item.type === 'comment.mention');

describe('PUT|DELETE /me/blocks/{name} and GET /me/blocks', () => {
  it('blocks by apodo, matched like names (case, accents, look-alike letters), lists the apodo as held, and unblocks', async () => {
    const [reader, author] = [await newUser(), await newUser(uniqueName('Lucía'))];
    const name = author.name!;
    // Capitals, no accent and a Cyrillic «а» for the Latin one: the same apodo to the site.
    const lookAlike = name.toUpperCase().replace('Í', 'I').replace('A', '\u0410');
    expect(lookAlike).not.toBe(name);
    expect(await block(reader, lookAlike)).toMatchObject({ status: 204 });
    expect(await blocksOf(reader)).toEqual([name]);

    // Blocking again changes nothing; unblocking twice neither.
    expect(await block(reader, name)).toMatchObject({ status: 204 });
    expect(await blocksOf(reader)).toEqual([name]);
    expect(await unblock(reader, name.toLowerCase())).toMatchObject({ status: 204 });
    expect(await blocksOf(reader)).toEqual([]);
    expect(await unblock(reader, name)).toMatchObject({ status: 204 });
    // The blocked account is never told: nothing in its notifications.
    expect(await notificationsOf(author)).toEqual([]);
  }, 120_000);

  it('answers 400 CANNOT_BLOCK_YOURSELF for one’s own apodo (any spelling) and 404 AUTHOR_NOT_FOUND for no account', async () => {
    const user = await newUser(uniqueName('Ramón'));
    for (const own of [user.name!, user.name!.toUpperCase(), user.name!.replace('ó', 'o')]) {
      const response = await block(user, own);
      expect(response).toMatchObject({ status: 400, body: { error: { code: 'CANNOT_BLOCK_YOURSELF' } } });
    }
    const hostile = [
      uniqueName('Nadie'),
      'Anonimo',
      'x'.repeat(101),
      `${user.name!}\u200b`,
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '%00',
    ];
    for (const name of hostile) {
      const response = await block(user, name);
      expect(response, name).toMatchObject({ status: 404, body: { error: { code: 'AUTHOR_NOT_FOUND' } } });
    }
    expect(await unblock(user, uniqueName('Nadie'))).toMatchObject({ status: 404 });
    expect(await blocksOf(user)).toEqual([]);
  }, 120_000);

  it('keeps one block for twenty identical requests at once, with or without one Idempotency-Key', async () => {
    const [reader, author, other] = [await newUser(), await newUser(), await newUser()];
    const key = randomUUID();
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => block(reader, author.name!)),
      ...Array.from({ length: 10 }, () => block(reader, author.name!, { 'Idempotency-Key': key })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 204));
    expect(await blocksOf(reader)).toEqual([author.name]);
    const { Items = [] } = await site.documents.send(
      new QueryCommand({
        TableName: site.cloud.tables.blocks,
        KeyConditionExpression: 'accountId = :a',
        ExpressionAttributeValues: { ':a': subOf(reader) },
        ConsistentRead: true,
      }),
    );
    // One row, by account: the sub, never the apodo.
    expect(Items).toEqual([{ accountId: subOf(reader), blockedId: subOf(author), at: expect.any(String) }]);

    // Blocking another account while unblocking the first, at once: each settles on its own row.
    const mixed = await Promise.all([block(reader, other.name!), unblock(reader, author.name!)]);
    expect(mixed.map((answer) => answer.status)).toEqual([204, 204]);
    expect(await blocksOf(reader)).toEqual([other.name]);
  }, 120_000);

  it('follows the blocked account through a rename: the list shows the new apodo, the old one still leads to it', async () => {
    const [reader, author] = [await newUser(), await newUser()];
    const before = author.name!;
    expect(await block(reader, before)).toMatchObject({ status: 204 });
    const after = uniqueName('Renombrada');
    expect(await call(site.cloud, '/me/name', { method: 'PUT', token: author.idToken, body: { name: after } })).toMatchObject({
      status: 200,
    });
    expect(await blocksOf(reader)).toEqual([after]);
    // The old apodo leads to the same account (as its author page's 301 does): unblocking by it works.
    expect(await unblock(reader, before)).toMatchObject({ status: 204 });
    expect(await blocksOf(reader)).toEqual([]);
  }, 120_000);

  it('refuses a suspended account’s block (403) and a deleted account’s list (401); a deletion takes its blocks both ways', async () => {
    const [reader, author, suspended] = [await newUser(), await newUser(), await newUser()];
    await site.documents.send(
      new UpdateCommand({
        TableName: site.cloud.tables.names,
        Key: { key: `user#${subOf(suspended)}` },
        UpdateExpression: 'SET suspendedUntil = :until',
        ExpressionAttributeValues: { ':until': new Date(Date.now() + 86_400_000).toISOString() },
      }),
    );
    expect(await block(suspended, author.name!)).toMatchObject({ status: 403, body: { error: { code: 'ACCOUNT_SUSPENDED' } } });
    expect(await unblock(suspended, author.name!)).toMatchObject({ status: 403, body: { error: { code: 'ACCOUNT_SUSPENDED' } } });

    expect(await block(reader, author.name!)).toMatchObject({ status: 204 });
    expect(await block(author, reader.name!)).toMatchObject({ status: 204 });
    expect(await call(site.cloud, '/me', { method: 'DELETE', token: author.idToken })).toMatchObject({ status: 204 });
    expect(await call(site.cloud, '/me/blocks', { token: author.idToken })).toMatchObject({
      status: 401,
      body: { error: { code: 'ACCOUNT_DELETED' } },
    });
    expect(await block(author, reader.name!)).toMatchObject({ status: 401 });
    expect(await blocksOf(reader)).toEqual([]);
    for (const [key, value] of [
      ['accountId', subOf(author)],
      ['blockedId', subOf(author)],
    ] as const) {
      const { Items = [] } = await site.documents.send(
        new QueryCommand({
          TableName: site.cloud.tables.blocks,
          ...(key === 'blockedId' ? { IndexName: 'blocked-index' } : {}),
          KeyConditionExpression: `${key} = :v`,
          ExpressionAttributeValues: { ':v': value },
        }),
      );
      expect(Items, key).toEqual([]);
    }
  }, 120_000);

  it('lists the blocked apodos in the data export', async () => {
    const [reader, first, second] = [
      await newUser(uniqueName('Zoe')),
      await newUser(uniqueName('Álvaro')),
      await newUser(uniqueName('Bea')),
    ];
    for (const author of [first, second]) expect(await block(reader, author.name!)).toMatchObject({ status: 204 });
    const exported = await call<AccountExport>(site.cloud, '/me/export', { token: reader.idToken });
    expect(exported.status).toBe(200);
    expect(exported.body.blocks).toEqual([first.name, second.name]);
    const theirs = await call<AccountExport>(site.cloud, '/me/export', { token: first.idToken });
    // Nothing of who blocked them reaches the blocked account, not even in its own data.
    expect(theirs.body.blocks).toEqual([]);
  }, 120_000);
});

describe('notifications and blocks', () => {
  it('counts no comment of a blocked account on the blocker’s post, and the blocked account is never told', async () => {
    const [author, blocked, other] = [await newUser(), await newUser(), await newUser()];
    const post = await publishedBy(author);
    expect(await block(author, blocked.name!)).toMatchObject({ status: 204 });
    // The blocked account still comments (201) …
    await comment(blocked, post.id, 'Sigo pudiendo comentar.');
    await comment(other, post.id, 'Y yo después.');
    // … but only the other comment reaches the post's author.
    const items = await until(author, (all) => all.some((n) => n.type === 'comment.created'), 'the other comment is counted');
    expect(items.filter((n) => n.type === 'comment.created')).toEqual([
      expect.objectContaining({ type: 'comment.created', name: other.name, count: 1 }),
    ]);
    expect(await notificationsOf(blocked)).toEqual([]);
  }, 120_000);
});

describe('mentions', () => {
  it('notifies an apodo mentioned with a look-alike spelling, once per comment, with the writer’s apodo', async () => {
    const [owner, writer, mentioned] = [await newUser(), await newUser(), await newUser(uniqueName('Inés'))];
    const post = await publishedBy(owner);
    const spelled = mentioned.name!.toLowerCase().replace('é', 'e').replace('i', '\u0456');
    const written = await comment(writer, post.id, `¿Has visto esto, @${spelled}? Y otra vez @${mentioned.name}.`);
    const items = await until(mentioned, (all) => mentions(all).length > 0, 'the mention arrives');
    expect(mentions(items)).toEqual([
      expect.objectContaining({ id: `mention#${written.id}`, type: 'comment.mention', name: writer.name, postId: post.id, read: false }),
    ]);
  }, 120_000);

  it('mentions an apodo with spaces written as «Responder» writes it (`_` for each space), not the holder of its first word', async () => {
    const stem = uniqueName('Pepa');
    const [owner, writer, spaced, firstWord] = [await newUser(), await newUser(), await newUser(`${stem} Gil`), await newUser(stem)];
    const post = await publishedBy(owner);
    const written = await comment(writer, post.id, `${mentionOf(spaced.name!)} ¿lo has visto?`);
    expect(written.text.startsWith(`@${stem}_Gil `)).toBe(true);
    const items = await until(spaced, (all) => mentions(all).length > 0, 'the mention arrives');
    expect(mentions(items).map((n) => n.id)).toEqual([`mention#${written.id}`]);
    // The holder of the first word is told of the comment that names them, and of no other.
    const plain = await comment(writer, post.id, `Y tú, @${stem}.`);
    const theirs = await until(firstWord, (all) => mentions(all).length > 0, 'the plain mention arrives');
    expect(mentions(theirs).map((n) => n.id)).toEqual([`mention#${plain.id}`]);
  }, 120_000);

  it('tells the author a reply answers once, as a reply, though the reply starts with their @apodo', async () => {
    const [owner, asked, answering, other] = [await newUser(), await newUser(), await newUser(), await newUser()];
    const post = await publishedBy(owner);
    const question = await comment(asked, post.id, '¿A alguien más le ha pasado?');
    const answer = await comment(answering, post.id, `${mentionOf(asked.name!)} sí, y a @${other.name} también.`, question.id);
    // The other one mentioned is told: the comment's notices are written by then.
    await until(other, (all) => mentions(all).length > 0, 'the other mention arrives');
    const items = await until(asked, (all) => all.some((n) => n.type === 'comment.reply'), 'the reply notice arrives');
    expect(items.map((n) => n.id)).toEqual([`reply#${answer.id}`]);
  }, 120_000);

  it('notifies at most three distinct apodos of one comment: a fourth is plain text', async () => {
    const [owner, writer] = [await newUser(), await newUser()];
    const named = [await newUser(), await newUser(), await newUser(), await newUser()];
    const post = await publishedBy(owner);
    const first = await comment(writer, post.id, named.map((user) => `@${user.name}`).join(', ') + ': mirad.');
    const second = await comment(writer, post.id, `Ahora sí, @${named[3]!.name}.`);
    for (const user of named.slice(0, 3)) {
      const items = await until(user, (all) => mentions(all).length > 0, `${user.name} is mentioned`);
      expect(mentions(items).map((n) => n.id)).toEqual([`mention#${first.id}`]);
    }
    const fourth = await until(named[3]!, (all) => mentions(all).length > 0, 'the fourth is mentioned by the second comment');
    expect(mentions(fourth).map((n) => n.id)).toEqual([`mention#${second.id}`]);
  }, 180_000);

  it('sends nothing for mentioning oneself nor from an account the mentioned one blocked', async () => {
    const [owner, writer, blocked, other] = [await newUser(), await newUser(), await newUser(), await newUser()];
    const post = await publishedBy(owner);
    expect(await block(writer, blocked.name!)).toMatchObject({ status: 204 });
    await comment(writer, post.id, `Hablo de mí, @${writer.name}.`);
    await comment(blocked, post.id, `Oye, @${writer.name}, contesta.`);
    const last = await comment(other, post.id, `Hola, @${writer.name}.`);
    const items = await until(writer, (all) => mentions(all).length > 0, 'the last mention arrives');
    expect(mentions(items).map((n) => n.id)).toEqual([`mention#${last.id}`]);
    // The blocked one's comment was stored and shown all the same.
    const page = await call<{ items: Comment[] }>(site.cloud, `/posts/${post.id}/comments`);
    expect(page.body.items.map((c) => c.name)).toEqual([writer.name, blocked.name, other.name]);
  }, 120_000);
});
