/**
 * A better queue: «Saltar», the moderators' list of every pending post, the reported
 * list's counts and reasons, the voter's tally and count of the day — against the real local cloud.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../functions/contract/errors';
import type {
  ModerationToday,
  ModerationVoteResult,
  PendingPost,
  PendingPostPage,
  ReportedItems,
} from '../../functions/contract/moderation';
import type { OwnPost } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { decide, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Revisora Cola' });
let authors = 0;

const newUser = () => createUser(site.cloud, { name: `Lectora ${++authors} ${randomUUID().slice(0, 4)}` });

async function send(author: TestUser, words = 'En la cola'): Promise<OwnPost> {
  const response = await publish(site.cloud, author.idToken, { category: 'varios', post: `${words} (${randomUUID()})` });
  expect(response.status).toBe(201);
  return response.body as OwnPost;
}

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

const next = (user: TestUser) => call<PendingPost | ErrorBody>(site.cloud, '/moderation/next', { token: user.idToken });
const skip = (user: TestUser, id: string) =>
  call<ErrorBody | undefined>(site.cloud, `/moderation/${id}/skip`, { method: 'PUT', token: user.idToken });
const vote = (user: TestUser, id: string, body: unknown) =>
  call<ModerationVoteResult | ErrorBody>(site.cloud, `/moderation/${id}/vote`, { method: 'PUT', token: user.idToken, body });
const pending = (user: TestUser, query = '') =>
  call<PendingPostPage | ErrorBody>(site.cloud, `/moderation/pending${query}`, { token: user.idToken });
const today = (user: TestUser) => call<ModerationToday>(site.cloud, '/moderation/today', { token: user.idToken });

describe('«Saltar»', () => {
  it('keeps a skipped post out of that reader’s queue only, until its time', async () => {
    // Runs first: the queue holds only these two.
    const author = await newUser();
    const first = await send(author, 'La primera');
    const second = await send(author, 'La segunda');
    const [reader, other] = [await newUser(), await newUser()];
    expect((await next(reader)).body).toMatchObject({ id: first.id });
    expect((await skip(reader, first.id)).status).toBe(204);
    expect((await next(reader)).body).toMatchObject({ id: second.id });
    // Twenty skips at once: each 204, nothing else changes.
    const skips = await Promise.all(Array.from({ length: 20 }, () => skip(reader, second.id)));
    expect(skips.map((answer) => answer.status)).toEqual(Array(20).fill(204));
    expectError(await next(reader), 'QUEUE_EMPTY');
    expect((await next(other)).body).toMatchObject({ id: first.id });

    // A skip whose day is over (the row kept: TTL deletes late) no longer counts.
    await site.documents.send(
      new PutCommand({
        TableName: site.cloud.tables.moderation,
        Item: {
          key: `skip#${first.id}#${decodeJwt(reader.idToken).sub}`,
          kind: 'skip',
          itemId: first.id,
          userId: decodeJwt(reader.idToken).sub,
          until: new Date(Date.now() - 1000).toISOString(),
        },
      }),
    );
    expect((await next(reader)).body).toMatchObject({ id: first.id });
    // A skipped post can still be voted on.
    expect((await vote(reader, second.id, { vote: 'publish' })).status).toBe(200);
  });

  it('refuses to skip one’s own post, a post not pending and an unknown or malformed id', async () => {
    const author = await newUser();
    const own = await send(author);
    expectError(await skip(author, own.id), 'OWN_POST');
    expect((await decide(site.cloud, site.moderator.idToken, own.id, 'publish')).status).toBe(200);
    const reader = await newUser();
    expectError(await skip(reader, own.id), 'POST_NOT_FOUND');
    expectError(await skip(reader, randomUUID()), 'POST_NOT_FOUND');
    expectError(await skip(reader, '..%2F..%2Fmoderation'), 'POST_NOT_FOUND');
    expect((await call(site.cloud, `/moderation/${own.id}/skip`, { method: 'PUT' })).status).toBe(401);
  });
});

describe('the vote’s tally and the voter’s day', () => {
  it('answers each vote with the tally it left, and counts the voter’s votes today', async () => {
    const author = await newUser();
    const post = await send(author);
    const voters = [await newUser(), await newUser(), await newUser()];
    expect((await today(voters[0]!)).body).toEqual({ votesToday: 0 });
    expect((await vote(voters[0]!, post.id, { vote: 'publish' })).body).toEqual({ status: 'pending', tally: { publish: 1, reject: 0 } });
    expect((await vote(voters[1]!, post.id, { vote: 'reject', reason: 'mal-escrita' })).body).toEqual({
      status: 'pending',
      tally: { publish: 1, reject: 1 },
    });
    expect((await vote(voters[2]!, post.id, { vote: 'publish' })).body).toEqual({ status: 'pending', tally: { publish: 2, reject: 1 } });
    const more = [await send(author, 'Otra'), await send(author, 'Y otra')];
    for (const other of more) expect((await vote(voters[0]!, other.id, { vote: 'reject' })).status).toBe(200);
    expect((await today(voters[0]!)).body).toEqual({ votesToday: 3 });
    expect((await today(voters[1]!)).body).toEqual({ votesToday: 1 });
    // A refused vote counts nothing.
    expectError(await vote(voters[0]!, post.id, { vote: 'publish' }), 'ALREADY_VOTED');
    expect((await today(voters[0]!)).body).toEqual({ votesToday: 3 });
  });

  it('twenty voters at once: each tally is one the votes could have left, the deciding one included, and each voter counts one', async () => {
    const post = await send(await newUser());
    const voters = await Promise.all(Array.from({ length: 20 }, () => newUser()));
    const answers = await Promise.all(voters.map((voter) => vote(voter, post.id, { vote: 'publish' })));
    const recorded = answers.filter((answer) => answer.status === 200).map((answer) => answer.body as ModerationVoteResult);
    // Three publish votes publish it; the rest find it decided.
    expect(recorded).toHaveLength(3);
    expect(recorded.find((result) => result.status === 'published')?.tally).toEqual({ publish: 3, reject: 0 });
    for (const answer of answers.filter((a) => a.status !== 200)) expectError(answer, 'POST_NOT_FOUND');
    const counts = await Promise.all(voters.map(async (voter) => (await today(voter)).body.votesToday));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    // Twenty sign-ups at once through the local Cognito's message trigger: past 60 s on a busy machine.
  }, 150_000);
});

describe('GET /moderation/pending', () => {
  it('lists every pending post oldest first, a page at a time, for moderators only; any can be decided from it', async () => {
    const author = await newUser();
    const mine = [await send(author, 'Uno'), await send(author, 'Dos'), await send(author, 'Tres')];
    const seen: PendingPost[] = [];
    let cursor: string | null = null;
    do {
      const page: PendingPostPage = (await pending(site.moderator, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body as PendingPostPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const ids = seen.map((post) => post.id);
    expect(new Set(ids).size).toBe(ids.length);
    const positions = mine.map((post) => ids.indexOf(post.id));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(Object.keys(seen[0]!).sort()).toEqual(['category', 'createdAt', 'id', 'post']);

    // The newest, decided from the list without voting through the older ones.
    expect((await decide(site.cloud, site.moderator.idToken, mine[2]!.id, 'publish')).body).toEqual({ status: 'published' });
    const after = (await pending(site.moderator, '?limit=100')).body as PendingPostPage;
    expect(after.items.map((post) => post.id)).not.toContain(mine[2]!.id);

    expectError(await pending(author), 'FORBIDDEN');
    expectError(await pending(site.moderator, '?cursor=roto'), 'INVALID_CURSOR');
    expectError(await pending(site.moderator, '?limit=0'), 'INVALID_LIMIT');
  });
});

describe('GET /moderation/reported', () => {
  it('gives each hidden post and comment its report count and reasons, most given first', async () => {
    const post = await publishApproved(site.cloud, await newUser(), site.moderator, {
      category: 'varios',
      post: `Denunciada (${randomUUID()})`,
    });
    const commented = await call<{ id: string }>(site.cloud, `/posts/${post.id}/comments`, {
      method: 'POST',
      token: (await newUser()).idToken,
      body: { text: 'Un comentario denunciado.' },
    });
    const reporters = [await newUser(), await newUser(), await newUser()];
    const reasons = ['spam', 'ofensivo', 'spam'];
    for (const [index, reporter] of reporters.entries()) {
      const body = { reason: reasons[index] };
      expect(
        (await call(site.cloud, `/comments/${commented.body.id}/report`, { method: 'POST', token: reporter.idToken, body })).status,
      ).toBe(202);
      expect((await call(site.cloud, `/posts/${post.id}/report`, { method: 'POST', token: reporter.idToken, body })).status).toBe(202);
    }
    const list = (await call<ReportedItems>(site.cloud, '/moderation/reported', { token: site.moderator.idToken })).body;
    const summary = {
      count: 3,
      reasons: [
        { reason: 'spam', count: 2 },
        { reason: 'ofensivo', count: 1 },
      ],
    };
    expect(list.posts.find((item) => item.id === post.id)).toMatchObject({ status: 'hidden', reports: summary });
    expect(list.comments.find((item) => item.id === commented.body.id)).toMatchObject({ reports: summary });

    // Restored: reports and their reasons start again.
    expect((await decide(site.cloud, site.moderator.idToken, post.id, 'publish')).status).toBe(200);
    const again = [await newUser(), await newUser(), await newUser()];
    for (const reporter of again)
      expect(
        (await call(site.cloud, `/posts/${post.id}/report`, { method: 'POST', token: reporter.idToken, body: { reason: 'otro' } })).status,
      ).toBe(202);
    const relisted = (await call<ReportedItems>(site.cloud, '/moderation/reported', { token: site.moderator.idToken })).body;
    expect(relisted.posts.find((item) => item.id === post.id)?.reports).toEqual({ count: 3, reasons: [{ reason: 'otro', count: 3 }] });
  });
});
