/**
 * Idempotent writes (docs/api.md) against the real local cloud: the same Idempotency-Key from one
 * account answers as the first request did and stores nothing more, also when the copies arrive at
 * once; a malformed key is refused; another account's key is its own.
 */
import { randomUUID } from 'node:crypto';
import { DeleteItemCommand, UpdateItemCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import type { Comment } from '../../functions/contract/comments';
import { ERRORS } from '../../functions/contract/errors';
import { recordKey } from '../../functions/domain/idempotency';
import { IDEMPOTENCY_TABLE } from '../../functions/store/tables';
import type { OwnPost, OwnPostPage, Post } from '../../functions/contract/posts';
import { call } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { decide } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: true });

const keyed = (user: TestUser, path: string, body: unknown, key: string) =>
  call<unknown>(site.cloud, path, { method: 'POST', token: user.idToken, body, headers: { 'Idempotency-Key': key } });

const subOf = (user: TestUser) => (JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;

/** Changes the stored record of `user`'s key on POST /posts, as time or a dead function would have left it. */
async function editRecord(user: TestUser, key: string, update: string, values: Record<string, AttributeValue>) {
  const client = site.cloud.dynamodb();
  try {
    await client.send(
      new UpdateItemCommand({
        TableName: site.cloud.tables.idempotency,
        Key: { key: { S: recordKey(subOf(user), 'POST /posts', key) } },
        UpdateExpression: update,
        ExpressionAttributeNames: { '#state': 'state', '#expires': IDEMPOTENCY_TABLE.ttlAttribute },
        ExpressionAttributeValues: values,
        ConditionExpression: 'attribute_exists(#state) AND attribute_exists(#expires)',
      }),
    );
  } finally {
    client.destroy();
  }
}

const twenty = <T>(send: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, send));

describe('Idempotency-Key', () => {
  it('stores one post for twenty copies of a submission sent at once, each answered with the same 201 and body', async () => {
    const author = await createUser(site.cloud, { name: `Idempotente ${randomUUID().slice(0, 6)}` });
    const key = randomUUID();
    const text = `Enviada veinte veces a la vez (${key}).`;
    const answers = await twenty(() => keyed(author, '/posts', { category: 'varios', post: text }, key));
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(201));
    const first = answers[0]!.body as OwnPost;
    for (const answer of answers) expect(answer.body).toEqual(first);
    // Later, the same key again: the same answer, nothing new.
    expect(await keyed(author, '/posts', { category: 'varios', post: text }, key)).toMatchObject({ status: 201, body: first });
    const own = (await call<OwnPostPage>(site.cloud, '/me/posts', { token: author.idToken })).body.items;
    expect(own.filter((post) => post.post === text).map((post) => post.id)).toEqual([first.id]);
    // The copies took one of the five publications per ten minutes, not twenty: four more go through.
    for (let i = 0; i < 4; i++)
      expect((await keyed(author, '/posts', { category: 'varios', post: `Otra ${i} ${key}` }, randomUUID())).status).toBe(201);
  });

  it('refuses a malformed key with INVALID_IDEMPOTENCY_KEY and stores nothing', async () => {
    const author = await createUser(site.cloud);
    for (const key of ['con espacio', 'x'.repeat(65), 'ñandú', 'a/b', '']) {
      const answer = await keyed(author, '/posts', { category: 'varios', post: `Con clave rara ${key}` }, key);
      expect(answer, JSON.stringify(key)).toMatchObject({
        status: 400,
        body: { error: { code: 'INVALID_IDEMPOTENCY_KEY', message: ERRORS.INVALID_IDEMPOTENCY_KEY.message } },
      });
    }
    expect((await call<OwnPostPage>(site.cloud, '/me/posts', { token: author.idToken })).body.items).toEqual([]);
  });

  it('keeps one account’s key its own: another account sending the same key stores its own post', async () => {
    const [ana, bea] = [await createUser(site.cloud), await createUser(site.cloud)];
    const key = 'la-misma-clave';
    const a = await keyed(ana, '/posts', { category: 'amor', post: 'La de Ana, con una clave repetida.' }, key);
    const b = await keyed(bea, '/posts', { category: 'amor', post: 'La de Bea, con la misma clave.' }, key);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((a.body as OwnPost).id).not.toBe((b.body as OwnPost).id);
    expect((b.body as OwnPost).post).toBe('La de Bea, con la misma clave.');
  });

  it('stores one comment and one report for twenty copies of each sent at once', async () => {
    const author = await createUser(site.cloud);
    const reader = await createUser(site.cloud);
    const sent = (await keyed(author, '/posts', { category: 'trabajo', post: `Para comentar y denunciar ${randomUUID()}` }, randomUUID()))
      .body as OwnPost;
    expect((await decide(site.cloud, site.moderator.idToken, sent.id, 'publish')).status).toBe(200);

    const commentKey = randomUUID();
    const comments = await twenty(() => keyed(reader, `/posts/${sent.id}/comments`, { text: 'Una sola vez, por favor' }, commentKey));
    expect(comments.map((answer) => answer.status)).toEqual(Array<number>(20).fill(201));
    const comment = comments[0]!.body as Comment;
    for (const answer of comments) expect(answer.body).toEqual(comment);
    const listed = (await call<{ items: Comment[] }>(site.cloud, `/posts/${sent.id}/comments`)).body.items;
    expect(listed.map((item) => item.id)).toEqual([comment.id]);
    expect((await call<Post>(site.cloud, `/posts/${sent.id}`)).body.comments).toBe(1);

    const reportKey = randomUUID();
    const reports = await twenty(() => keyed(reader, `/posts/${sent.id}/report`, { reason: 'spam' }, reportKey));
    // Without the key, one copy would be accepted and nineteen told ALREADY_REPORTED.
    expect(reports.map((answer) => answer.status)).toEqual(Array<number>(20).fill(202));
    const commentReports = await twenty(() => keyed(author, `/comments/${comment.id}/report`, { reason: 'spam' }, reportKey));
    expect(commentReports.map((answer) => answer.status)).toEqual(Array<number>(20).fill(202));
  });

  it('finds, not doubles, a post whose first run stored it and died before answering (its lease over)', async () => {
    const author = await createUser(site.cloud);
    const key = randomUUID();
    const body = { category: 'familia', post: `Guardada y sin respuesta (${key}).` };
    const first = await keyed(author, '/posts', body, key);
    expect(first.status).toBe(201);
    // What a function killed at its timeout leaves: the record still running, its lease over, no answer.
    await editRecord(author, key, 'SET #state = :running, leaseUntil = :past REMOVE answer', {
      ':running': { S: 'running' },
      ':past': { N: String(Date.now() - 1_000) },
    });
    const retry = await keyed(author, '/posts', body, key);
    expect(retry).toMatchObject({ status: 201, body: { id: (first.body as OwnPost).id } });
    const own = (await call<OwnPostPage>(site.cloud, '/me/posts', { token: author.idToken })).body.items;
    expect(own.map((post) => post.id)).toEqual([(first.body as OwnPost).id]);
  });

  it('never resolves a key used again after its window to the old post: the new text is stored and answered', async () => {
    const author = await createUser(site.cloud);
    const key = randomUUID();
    const old = await keyed(author, '/posts', { category: 'varios', post: `La primera con esta clave (${key}).` }, key);
    expect(old.status).toBe(201);
    // A day later the record has expired (DynamoDB's TTL may not have deleted it yet).
    await editRecord(author, key, 'SET #expires = :past', { ':past': { N: String(Math.floor(Date.now() / 1000) - 60) } });
    const text = `Otra historia, un día después, con la misma clave (${key}).`;
    const fresh = await keyed(author, '/posts', { category: 'varios', post: text }, key);
    expect(fresh).toMatchObject({ status: 201, body: { post: text } });
    expect((fresh.body as OwnPost).id).not.toBe((old.body as OwnPost).id);
    const own = (await call<OwnPostPage>(site.cloud, '/me/posts', { token: author.idToken })).body.items;
    expect(own.map((post) => post.post).sort()).toEqual([(old.body as OwnPost).post, text].sort());
  });

  it('decides a refused duplicate again under its key: once the original is rejected, the same text goes through', async () => {
    const [first, copier] = [await createUser(site.cloud), await createUser(site.cloud)];
    const text = `Una historia que otra persona copia palabra por palabra (${randomUUID()}).`;
    const original = (await keyed(first, '/posts', { category: 'trabajo', post: text }, randomUUID())).body as OwnPost;
    const key = randomUUID();
    expect(await keyed(copier, '/posts', { category: 'trabajo', post: text }, key)).toMatchObject({
      status: 409,
      body: { error: { code: 'DUPLICATE_POST' } },
    });
    expect((await decide(site.cloud, site.moderator.idToken, original.id, 'reject')).status).toBe(200);
    const again = await keyed(copier, '/posts', { category: 'trabajo', post: text }, key);
    expect(again).toMatchObject({ status: 201, body: { post: text } });
  });

  it('decides a refused send again under its key once the rate limit has passed', async () => {
    const author = await createUser(site.cloud);
    for (let i = 0; i < 5; i++)
      expect(
        (await keyed(author, '/posts', { category: 'varios', post: `Una de cinco, la ${i} (${randomUUID()}).` }, randomUUID())).status,
      ).toBe(201);
    const key = randomUUID();
    const text = `La sexta, que tiene que esperar (${key}).`;
    expect(await keyed(author, '/posts', { category: 'varios', post: text }, key)).toMatchObject({
      status: 429,
      body: { error: { code: 'RATE_LIMITED' } },
    });
    // Ten minutes later: the window's row has nothing recent in it (here: the row is gone).
    const client = site.cloud.dynamodb();
    try {
      await client.send(new DeleteItemCommand({ TableName: site.cloud.tables.rateLimits, Key: { userId: { S: subOf(author) } } }));
    } finally {
      client.destroy();
    }
    expect(await keyed(author, '/posts', { category: 'varios', post: text }, key)).toMatchObject({ status: 201, body: { post: text } });
  });
});
