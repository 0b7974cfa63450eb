/**
 * `npm run audit`: a site in use audits clean; drift of every kind, written straight into DynamoDB
 * Local, is found with its kind and id (exit status 1); `--repair` clears every kind (exit status 0),
 * and a repair that races a live write leaves the live write's effect alone.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Comment } from '../../functions/contract/comments';
import type { CommentCounters } from '../../functions/domain/ports/audit';
import { describe, expect, it } from 'vitest';
import type { Post } from '../../functions/contract/posts';
import { auditDerivedData, EXAMPLES, type AuditReport, type DriftKind } from '../../functions/domain/audit';
import { bucketsOf } from '../../functions/domain/periods';
import { rankKey } from '../../functions/domain/rankings';
import { DynamoAuditStore } from '../../functions/store/dynamodb/auditStore';
import { DynamoSearchStore } from '../../functions/store/dynamodb/searchStore';
import { DynamoTopRebuildStore } from '../../functions/store/dynamodb/topRebuildStore';
import { TABLES, type TableName } from '../../functions/store/tables';
import { call } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { publishApproved } from '../support/moderation';
import { createUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: true });
const ROOT = resolve(import.meta.dirname, '../..');

/** The audit as the operator runs it: `npm run audit -- …` against this cloud's DynamoDB and tables. */
async function runAudit(args: string[] = []): Promise<{ code: number | null; output: string }> {
  const credentials = await site.documents.config.credentials();
  const tables = Object.fromEntries((Object.keys(TABLES) as TableName[]).map((name) => [TABLES[name].env, site.cloud.tables[name]]));
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/tools/audit.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...tables,
      DYNAMODB_ENDPOINT: site.cloud.dynamodbEndpoint,
      DYNAMODB_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  return { code, output };
}

/** The audit as a function, on the same tables. */
function audit(): Promise<AuditReport> {
  const { documents, cloud } = site;
  return auditDerivedData({
    top: new DynamoTopRebuildStore(documents, { posts: cloud.tables.posts, top: cloud.tables.top }),
    search: new DynamoSearchStore(documents, { search: cloud.tables.search, posts: cloud.tables.posts }),
    sources: auditStore(),
  });
}

/** The audit's reads and its repairs' writes, on this cloud's tables. */
function auditStore(): DynamoAuditStore {
  const { documents, cloud } = site;
  return new DynamoAuditStore(documents, {
    posts: cloud.tables.posts,
    votes: cloud.tables.votes,
    comments: cloud.tables.comments,
    commentVotes: cloud.tables.commentVotes,
    names: cloud.tables.names,
    saved: cloud.tables.saved,
    notifications: cloud.tables.notifications,
  });
}

/** The drift of a report as kind → every id found (sorted). */
const driftOf = (report: AuditReport) =>
  Object.fromEntries(
    Object.entries(report.drift).map(([kind, drift]) => {
      // Every id is among the examples (at most 5) only when there are so few.
      expect(drift.examples.length).toBe(Math.min(drift.count, EXAMPLES));
      return [kind, [...drift.examples].sort()];
    }),
  );

async function until<T>(read: () => Promise<T>, holds: (value: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (holds(value)) return value;
    if (Date.now() > end) throw new Error(`still not so after ${ms / 1000} s: ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('npm run audit', () => {
  const posts: Post[] = [];
  const ghost = randomUUID();
  const lostAccount = randomUUID();
  let reader = '';
  let writer = '';
  /** The voter's comment on b (a +1 from the author, one reply). */
  let comment: Comment;

  it('finds no drift on a site in use (exit status 0)', async () => {
    const { cloud, moderator } = site;
    const author = await createUser(cloud, { name: 'Autora Auditada' });
    writer = (JSON.parse(Buffer.from(author.idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    for (const text of ['El día que auditaron la oficina entera.', 'Perdí el tren y el paraguas.', 'Se me quemó la cena de Navidad.']) {
      posts.push(await publishApproved(cloud, author, moderator, { category: 'varios', post: text }));
    }
    const voter = await createUser(cloud);
    reader = (JSON.parse(Buffer.from(voter.idToken.split('.')[1]!, 'base64url').toString()) as { sub: string }).sub;
    const [a, b] = posts as [Post, Post, Post];
    expect((await call(cloud, `/posts/${a.id}/vote`, { method: 'PUT', token: voter.idToken, body: { vote: 'agree' } })).status).toBe(200);
    expect((await call(cloud, `/posts/${b.id}/vote`, { method: 'PUT', token: voter.idToken, body: { vote: 'deserved' } })).status).toBe(
      200,
    );
    const commented = await call(cloud, `/posts/${b.id}/comments`, {
      method: 'POST',
      token: voter.idToken,
      body: { text: 'Qué mala suerte.' },
    });
    expect(commented.status).toBe(201);
    comment = commented.body as Comment;
    expect(
      (
        await call(cloud, `/posts/${b.id}/comments`, {
          method: 'POST',
          token: author.idToken,
          body: { text: 'Y eso no fue lo peor.', parentId: comment.id },
        })
      ).status,
    ).toBe(201);
    expect((await call(cloud, `/comments/${comment.id}/vote`, { method: 'PUT', token: author.idToken, body: { vote: 'up' } })).status).toBe(
      200,
    );
    expect((await call(cloud, `/posts/${a.id}/save`, { method: 'PUT', token: voter.idToken })).status).toBeLessThan(300);
    // The Top and the search index follow the posts stream about a second behind.
    await until(audit, (report) => Object.keys(report.drift).length === 0, 'the stream has caught up');

    const { code, output } = await runAudit();
    expect(output).toContain('No drift');
    expect(code).toBe(0);
  });

  it('finds each kind of drift written straight into the tables, with its ids (exit status 1)', async () => {
    const { documents, cloud } = site;
    const [a, b, c] = posts as [Post, Post, Post];
    const { tables } = cloud;
    // Counters that no longer match their rows.
    await documents.send(
      new UpdateCommand({
        TableName: tables.posts,
        Key: { id: a.id },
        UpdateExpression: 'ADD agree :five',
        ExpressionAttributeValues: { ':five': 5 },
      }),
    );
    await documents.send(
      new UpdateCommand({
        TableName: tables.posts,
        Key: { id: b.id },
        UpdateExpression: 'SET comments = :n',
        ExpressionAttributeValues: { ':n': 7 },
      }),
    );
    // A comment's counters: replies it does not have, «−1»s no one gave.
    await documents.send(
      new UpdateCommand({
        TableName: tables.comments,
        Key: { id: comment.id },
        UpdateExpression: 'SET replyCount = :n ADD down :two',
        ExpressionAttributeValues: { ':n': 5, ':two': 2 },
      }),
    );
    // The Top: a wrong rank, a lost row, a row of a post that does not exist.
    const rank = (post: Post, count: number) => rankKey(count, post.publishedAt, post.id);
    await documents.send(
      new PutCommand({
        TableName: tables.top,
        Item: {
          postId: b.id,
          period: 'all',
          bucket: bucketsOf(new Date(b.publishedAt)).all,
          agreeRank: rank(b, 3),
          deservedRank: rank(b, 0),
        },
      }),
    );
    await documents.send(new DeleteCommand({ TableName: tables.top, Key: { postId: c.id, period: 'week' } }));
    await documents.send(
      new PutCommand({
        TableName: tables.top,
        Item: {
          postId: ghost,
          period: 'all',
          bucket: 'all',
          agreeRank: rankKey(1, c.publishedAt, ghost),
          deservedRank: rankKey(0, c.publishedAt, ghost),
        },
      }),
    );
    // The search index: one of c's entries lost, a term a never had.
    const { Items: entries = [] } = await documents.send(
      new ScanCommand({
        TableName: tables.search,
        FilterExpression: 'postKey = :k',
        ExpressionAttributeValues: { ':k': `${c.publishedAt}#${c.id}` },
      }),
    );
    expect(entries.length).toBeGreaterThan(0);
    await documents.send(new DeleteCommand({ TableName: tables.search, Key: { term: entries[0]!.term, postKey: entries[0]!.postKey } }));
    await documents.send(
      new PutCommand({
        TableName: tables.search,
        Item: { term: 'zzzauditoria', postKey: `${a.publishedAt}#${a.id}`, termCategory: 'zzzauditoria#varios', tf: 1, len: 5 },
      }),
    );
    // Apodos: a claim no account holds, an account whose apodo has no claim.
    await documents.send(
      new PutCommand({ TableName: tables.names, Item: { key: 'name#fantasma', userId: randomUUID(), name: 'Fantasma' } }),
    );
    // A second current claim of an account that holds another apodo.
    await documents.send(
      new PutCommand({ TableName: tables.names, Item: { key: 'name#autora antigua', userId: writer, name: 'Autora Antigua' } }),
    );
    await documents.send(
      new PutCommand({ TableName: tables.names, Item: { key: `user#${lostAccount}`, name: 'Perdida', nameKey: 'perdida', version: 1 } }),
    );
    // Rows that point at a post that does not exist.
    await documents.send(
      new PutCommand({
        TableName: tables.saved,
        Item: { userId: reader, postId: ghost, savedAt: a.publishedAt, savedKey: `${a.publishedAt}#${ghost}` },
      }),
    );
    await documents.send(
      new PutCommand({
        TableName: tables.notifications,
        Item: {
          accountId: reader,
          key: `published#${ghost}`,
          type: 'published',
          postId: ghost,
          createdAt: a.publishedAt,
          listedAt: `${a.publishedAt}#published#${ghost}`,
        },
      }),
    );

    const expected: Partial<Record<DriftKind, string[]>> = {
      'counts.votes': [a.id],
      'counts.comments': [b.id],
      'counts.replies': [comment.id],
      'counts.commentVotes': [comment.id],
      'top.wrong': [b.id],
      'top.missing': [c.id],
      'top.stale': [ghost],
      'search.missing': [c.id],
      'search.stale': [a.id],
      'names.claim': ['autora antigua', 'fantasma'],
      'names.account': [lostAccount],
      'saved.target': [`${reader}/${ghost}`],
      'notifications.target': [`${reader}/published#${ghost}`],
    };
    // a's new count reaches its rank rows through the stream (a moment of top.wrong for a too).
    const report = await until(
      audit,
      (found) => JSON.stringify(found.drift['top.wrong']?.examples) === JSON.stringify([b.id]),
      "a's rank rows follow its count",
    );
    expect(driftOf(report)).toEqual(Object.fromEntries(Object.entries(expected).map(([kind, ids]) => [kind, [...ids].sort()])));

    const { code, output } = await runAudit();
    expect(code).toBe(1);
    expect(output).toContain(`DRIFT counts.votes: 1`);
    expect(output).toContain(a.id);
    expect(output).toContain(`DRIFT top.stale: 1`);
  });

  it('--repair clears every kind: counters set from their rows, claims freed or written again, rows of missing posts deleted (exit status 0)', async () => {
    const { cloud } = site;
    const [a, b] = posts as [Post, Post, Post];
    const { code, output } = await runAudit(['--repair']);
    for (const target of ['top', 'search', 'counts', 'names', 'targets']) expect(output).toMatch(new RegExp(`^Repair ${target}: `, 'm'));
    expect(output).toContain('No drift');
    expect(code).toBe(0);
    expect((await audit()).drift).toEqual({});

    // What people see follows: the counts from the rows, the comment's score and replies, the apodo's claim.
    const post = (await call(cloud, `/posts/${a.id}`)).body as Post;
    expect(post.votes).toEqual({ agree: 1, deserved: 0 });
    expect(((await call(cloud, `/posts/${b.id}`)).body as Post).comments).toBe(2);
    const best = (await call(cloud, `/posts/${b.id}/comments?sort=best`)).body as { items: Comment[] };
    expect(best.items).toEqual([expect.objectContaining({ id: comment.id, votes: { up: 1, down: 0 }, replyCount: 1 })]);
    const names = async (key: string) => (await site.documents.send(new GetCommand({ TableName: cloud.tables.names, Key: { key } }))).Item;
    expect(await names('name#perdida')).toMatchObject({ userId: lostAccount, name: 'Perdida' });
    expect(await names('name#fantasma')).toBeUndefined();
    // The second claim is the account's former apodo now: it expires, and its page leads to the account's apodo.
    expect(await names('name#autora antigua')).toMatchObject({ userId: writer, expiresAt: expect.any(Number) });
    expect(await names('name#autora auditada')).toMatchObject({ userId: writer });
    expect((await names('name#autora auditada'))?.expiresAt).toBeUndefined();
  });

  it('a repair that races a live vote writes nothing over it: refused as changed, and the counts stay those of the rows', async () => {
    const { cloud } = site;
    const [, , c] = posts as [Post, Post, Post];
    const store = auditStore();
    const read = (await call(cloud, `/posts/${c.id}`)).body as Post;
    // A live vote lands after the repair read the counters (and before it writes).
    const voter = await createUser(cloud);
    expect((await call(cloud, `/posts/${c.id}/vote`, { method: 'PUT', token: voter.idToken, body: { vote: 'agree' } })).status).toBe(200);
    expect(await store.setPostVotes(c.id, read.votes, { agree: 0, deserved: 0 })).toBe('changed');
    expect(await store.setCommentVotes({ ...(await commentCounters(comment.id)), up: 7 }, { up: 0, down: 0 })).toBe('changed');
    expect(((await call(cloud, `/posts/${c.id}`)).body as Post).votes).toEqual({
      agree: read.votes.agree + 1,
      deserved: read.votes.deserved,
    });
    await until(audit, (report) => Object.keys(report.drift).length === 0, 'no drift after the refused repairs');
  });
});

/** A comment's counters as the audit reads them. */
async function commentCounters(id: string): Promise<CommentCounters> {
  for await (const page of new DynamoAuditStore(site.documents, {
    posts: '',
    votes: '',
    comments: site.cloud.tables.comments,
    commentVotes: '',
    names: '',
    saved: '',
    notifications: '',
  }).commentCounters()) {
    const found = page.find((counters) => counters.id === id);
    if (found) return found;
  }
  throw new Error(`no comment ${id}`);
}
