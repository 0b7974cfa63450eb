/**
 * Moderation that scales (docs/api.md): reject reasons, suspensions and the moderation log,
 * against the real local cloud (cognito-local tokens, DynamoDB Local, every function in its own
 * worker, each with its own account-state cache).
 */
import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMANENT_SUSPENSION } from '../../functions/contract/accounts';
import { nameKey } from '../../functions/contract/apodos';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../functions/contract/errors';
import {
  MAX_SUSPENSION_REASON_LENGTH,
  REPORTS_TO_HIDE,
  type ModerationAction,
  type ModerationLogPage,
  type Suspension,
  type SuspensionPage,
} from '../../functions/contract/moderation';
import type { OwnPost, OwnPostPage } from '../../functions/contract/posts';
import { DynamoNameStore } from '../../functions/store/dynamodb/nameStore';
import { allRoutes, type Route } from '../../functions/contract/routes';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { createModerator, decide, publishApproved, voteOn } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Supervisora Alba' });
let otherModerator: TestUser;
let voters: TestUser[];
let authorCount = 0;

beforeAll(async () => {
  otherModerator = await createModerator(site.cloud, { name: 'Supervisor Bruno' });
  voters = [];
  for (let i = 0; i < 4; i++) voters.push(await createUser(site.cloud, { name: `Votante ${i}` }));
}, 300_000);

/** A new author with an apodo (each may send five posts in ten minutes). */
const newAuthor = () => createUser(site.cloud, { name: `Autora ${++authorCount} ${randomUUID().slice(0, 4)}` });

async function send(author: TestUser, post = `Anécdota ${randomUUID()}`): Promise<OwnPost> {
  const response = await publish(site.cloud, author.idToken, { category: 'trabajo', post });
  expect(response.status).toBe(201);
  return response.body as OwnPost;
}

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

const ownPost = async (user: TestUser, id: string) =>
  (await call<OwnPostPage>(site.cloud, '/me/posts?limit=100', { token: user.idToken })).body.items.find((post) => post.id === id);
const vote = (user: TestUser, id: string, body: unknown) =>
  call(site.cloud, `/moderation/${id}/vote`, { method: 'PUT', token: user.idToken, body });
const decideWith = (user: TestUser, id: string, body: unknown) =>
  call(site.cloud, `/moderation/${id}/decision`, { method: 'PUT', token: user.idToken, body });
const suspend = (user: TestUser, body: unknown) =>
  call<Suspension | ErrorBody>(site.cloud, '/moderation/suspensions', { method: 'POST', token: user.idToken, body });
const lift = (user: TestUser, id: string) =>
  call<ErrorBody | undefined>(site.cloud, `/moderation/suspensions/${id}`, { method: 'DELETE', token: user.idToken });
const suspensions = (user: TestUser, query = '') =>
  call<SuspensionPage | ErrorBody>(site.cloud, `/moderation/suspensions${query}`, { token: user.idToken });
const moderationLog = (user: TestUser, query = '?limit=100') =>
  call<ModerationLogPage | ErrorBody>(site.cloud, `/moderation/log${query}`, { token: user.idToken });
const comment = async (user: TestUser, postId: string) =>
  (
    await call<{ id: string }>(site.cloud, `/posts/${postId}/comments`, {
      method: 'POST',
      token: user.idToken,
      body: { text: 'Un comentario.' },
    })
  ).body.id;

/** The log entries about one target, newest first. */
async function logFor(targetId: string): Promise<ModerationAction[]> {
  const page = (await moderationLog(site.moderator)).body as ModerationLogPage;
  return page.items.filter((entry) => entry.target.id === targetId);
}

const accountRow = async (user: TestUser) =>
  (
    await site.documents.send(
      new GetCommand({ TableName: site.cloud.tables.names, Key: { key: `user#${decodeJwt(user.idToken).sub}` }, ConsistentRead: true }),
    )
  ).Item;

/** Polls `check` until it holds (at most `ms`): another function's container may trust what it read for ACCOUNT_STATE_TTL_MS. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('reject reasons', () => {
  it('give the author the most-voted reason among three rejecters', async () => {
    const author = await newAuthor();
    const post = await send(author);
    expect((await ownPost(author, post.id))?.rejection).toBeNull();
    expect(await vote(voters[0]!, post.id, { vote: 'reject', reason: 'mal-escrita' })).toMatchObject({
      status: 200,
      body: { status: 'pending' },
    });
    expect(await vote(voters[1]!, post.id, { vote: 'reject', reason: 'ofensiva' })).toMatchObject({
      status: 200,
      body: { status: 'pending' },
    });
    expect(await vote(voters[2]!, post.id, { vote: 'reject', reason: 'ofensiva' })).toMatchObject({
      status: 200,
      body: { status: 'rejected' },
    });
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'ofensiva' }, resent: false });
  });

  it('break a tie by the order of the list, and count a reject without a reason as «otro»', async () => {
    const author = await newAuthor();
    const tied = await send(author);
    await vote(voters[0]!, tied.id, { vote: 'reject', reason: 'repetida' });
    await vote(voters[1]!, tied.id, { vote: 'reject' });
    await vote(voters[2]!, tied.id, { vote: 'reject', reason: 'datos-personales' });
    expect((await ownPost(author, tied.id))?.rejection).toEqual({ reason: 'datos-personales' });

    const plain = await send(author);
    for (const voter of voters.slice(0, 3)) await vote(voter, plain.id, { vote: 'reject' });
    expect((await ownPost(author, plain.id))?.rejection).toEqual({ reason: 'otro' });
  });

  it('take the moderator’s reason on a rejection, and none on a published post', async () => {
    const author = await newAuthor();
    const rejected = await send(author);
    const published = await send(author);
    expect(await decideWith(site.moderator, rejected.id, { decision: 'reject', reason: 'no-es-anecdota' })).toMatchObject({ status: 200 });
    expect(await decideWith(site.moderator, published.id, { decision: 'publish' })).toMatchObject({ status: 200 });
    expect(await ownPost(author, rejected.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'no-es-anecdota' } });
    expect(await ownPost(author, published.id)).toMatchObject({ status: 'published', rejection: null, resent: false });
  });

  it('are refused with 400 INVALID_REQUEST when unknown or given with «publish», changing nothing', async () => {
    const author = await newAuthor();
    const post = await send(author);
    for (const body of [
      { vote: 'publish', reason: 'ofensiva' },
      { vote: 'reject', reason: 'spam' },
      { vote: 'reject', reason: 'OFENSIVA' },
      { vote: 'reject', reason: null },
      { vote: 'reject', reason: ['ofensiva'] },
    ])
      expectError(await vote(voters[0]!, post.id, body), 'INVALID_REQUEST');
    for (const body of [
      { decision: 'publish', reason: 'ofensiva' },
      { decision: 'reject', reason: 'x'.repeat(100) },
    ])
      expectError(await decideWith(site.moderator, post.id, body), 'INVALID_REQUEST');
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'pending', rejection: null });
    expect(await voteOn(site.cloud, voters[0]!.idToken, post.id, 'publish')).toMatchObject({ status: 200 });
  });
});

/** Every signed-in write a suspended account loses (all but deleting its own things and marking its own «Avisos» read). */
const writeRoutes: Route[] = allRoutes()
  .map(({ route }) => route)
  .filter((route) => route.auth !== 'public' && route.method !== 'GET' && route.account === undefined);

describe('suspensions', () => {
  it('stop every write of the author at once (within seconds in every function), take their pending posts out of the queue, and a lift lets them write again at once', async () => {
    const author = await newAuthor();
    const published = await publishApproved(site.cloud, author, site.moderator, {
      category: 'varios',
      post: 'Publicada antes de la suspensión.',
    });
    const pending = [await send(author), await send(author)];
    const before = Date.now();

    const created = await suspend(site.moderator, { postId: published.id, days: 7, reason: '  Insultos a otros usuarios.  ' });
    expect(created.status).toBe(201);
    const suspension = created.body as Suspension;
    expect(Object.keys(suspension).sort()).toEqual(['by', 'createdAt', 'id', 'name', 'reason', 'until']);
    expect(suspension).toMatchObject({ name: author.name, by: 'Supervisora Alba', reason: 'Insultos a otros usuarios.' });
    const until = Date.parse(suspension.until);
    expect(until).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(until).toBeLessThan(Date.now() + 7 * 86_400_000 + 1000);
    expect(JSON.stringify(suspension)).not.toContain(String(decodeJwt(author.idToken).sub));
    expect(JSON.stringify(suspension)).not.toContain(author.email);

    // Pending posts: rejected («otro») and out of the queue; a vote on one is a vote on nothing.
    for (const post of pending) {
      expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'otro' } });
      expectError(await voteOn(site.cloud, voters[3]!.idToken, post.id, 'publish'), 'POST_NOT_FOUND');
    }
    // The account sees until when and why: the moderator's reason, as they wrote it (trimmed).
    expect(await call(site.cloud, '/me', { token: author.idToken })).toMatchObject({
      status: 200,
      body: { suspendedUntil: suspension.until, suspensionReason: 'Insultos a otros usuarios.' },
    });

    // Every write route: 403 ACCOUNT_SUSPENDED. `{}` is refused by every handler anyway, so a
    // container that still trusts its ≤ 5 s old read changes nothing while the test waits for it.
    const refused: string[] = [];
    for (const route of writeRoutes) {
      const path = route.path.replace('{id}', route.path.startsWith('/comments/') ? randomUUID() : published.id);
      const isRefused = async () => {
        const answer = await call<ErrorBody | undefined>(site.cloud, path, { method: route.method, token: author.idToken, body: {} });
        return answer.status === 403 && answer.body?.error.code === 'ACCOUNT_SUSPENDED';
      };
      if (await eventually(isRefused)) refused.push(`${route.method} ${route.path}`);
    }
    expect(refused.sort()).toEqual(writeRoutes.map((route) => `${route.method} ${route.path}`).sort());
    expect(writeRoutes.length).toBeGreaterThanOrEqual(12);

    // Listed while in force.
    const listed = (await suspensions(site.moderator)).body as SuspensionPage;
    expect(listed.items).toContainEqual(suspension);

    // Lifted: the account writes again on its very next request, in a function that just refused it.
    expect((await lift(site.moderator, suspension.id)).status).toBe(204);
    expect((await publish(site.cloud, author.idToken, { category: 'varios', post: 'Vuelvo a poder escribir.' })).status).toBe(201);
    expect(await call(site.cloud, '/me', { token: author.idToken })).toMatchObject({
      status: 200,
      body: { suspendedUntil: null, suspensionReason: null },
    });
    expect(((await suspensions(site.moderator)).body as SuspensionPage).items.map((item) => item.id)).not.toContain(suspension.id);
    expectError(await lift(site.moderator, suspension.id), 'SUSPENSION_NOT_FOUND');
    // The lift kept the apodo on the account row, and nothing of the suspension.
    expect(await accountRow(author)).toEqual({
      key: `user#${decodeJwt(author.idToken).sub}`,
      name: author.name,
      nameKey: expect.any(String),
      since: expect.any(String),
      renames: [expect.any(String)],
      version: 1,
    });
  }, 180_000); // ~50 s on a busy CI host: the default 60 s left too little room

  it('suspend for good from a comment, listed newest first', async () => {
    const author = await newAuthor();
    const post = await publishApproved(site.cloud, await newAuthor(), site.moderator, { category: 'varios', post: 'Con comentarios.' });
    const commentId = await comment(author, post.id);
    const first = (await suspend(site.moderator, { commentId, days: null, reason: 'Spam <b>sin parar</b>.' })).body as Suspension;
    expect(first).toMatchObject({ name: author.name, until: PERMANENT_SUSPENSION });
    // GET /me: for good, and why — the reason as written (the web shows it as text, never as markup).
    expect(await call(site.cloud, '/me', { token: author.idToken })).toMatchObject({
      status: 200,
      body: { suspendedUntil: PERMANENT_SUSPENSION, suspensionReason: 'Spam <b>sin parar</b>.' },
    });
    const second = (await suspend(otherModerator, { postId: (await send(await newAuthor())).id, days: 1, reason: 'Otra.' }))
      .body as Suspension;
    const third = (await suspend(site.moderator, { postId: (await send(await newAuthor())).id, days: 30, reason: 'Y otra.' }))
      .body as Suspension;
    expect(second.by).toBe('Supervisor Bruno');
    const page = (await suspensions(site.moderator, '?limit=2')).body as SuspensionPage;
    expect(page.items.map((item) => item.id)).toEqual([third.id, second.id]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = (await suspensions(site.moderator, `?limit=2&cursor=${page.nextCursor}`)).body as SuspensionPage;
    expect(next.items[0]).toEqual(first);
    expect(next.items.map((item) => item.id)).not.toContain(second.id);
  });

  it('settle twenty identical requests at once to one suspension: one 201, nineteen 409 ALREADY_SUSPENDED', async () => {
    const author = await newAuthor();
    const post = await send(author);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        suspend(i % 2 ? site.moderator : otherModerator, { postId: post.id, days: 3, reason: 'A la vez.' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) expectError(answer, 'ALREADY_SUSPENDED');
    const created = answers.find((answer) => answer.status === 201)!.body as Suspension;
    expect(await accountRow(author)).toMatchObject({ suspensionId: created.id, suspendedUntil: created.until });
    const listed = ((await suspensions(site.moderator, '?limit=100')).body as SuspensionPage).items.filter(
      (item) => item.name === author.name,
    );
    expect(listed).toEqual([created]);
    expect((await logFor(created.id)).map((entry) => entry.action)).toEqual(['suspend']);
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'otro' } });
  });

  it('race votes on a pending post to one outcome: published by the deciding vote, or rejected by the suspension', async () => {
    const author = await newAuthor();
    const post = await send(author);
    await voteOn(site.cloud, voters[0]!.idToken, post.id, 'publish');
    await voteOn(site.cloud, voters[1]!.idToken, post.id, 'publish');
    const [deciding, suspended] = await Promise.all([
      voteOn(site.cloud, voters[2]!.idToken, post.id, 'publish'),
      suspend(site.moderator, { postId: post.id, days: 2, reason: 'Carrera.' }),
    ]);
    expect(suspended.status).toBe(201);
    const after = await ownPost(author, post.id);
    if (deciding.status === 200) expect(after).toMatchObject({ status: 'published', rejection: null });
    else {
      expectError(deciding, 'POST_NOT_FOUND');
      expect(after).toMatchObject({ status: 'rejected', rejection: { reason: 'otro' } });
    }
  });

  it('never reach a moderator: 403 FORBIDDEN, and the moderator writes on', async () => {
    const post = await send(otherModerator);
    expectError(await suspend(site.moderator, { postId: post.id, days: 1, reason: 'No debería.' }), 'FORBIDDEN');
    const commentId = await comment(
      otherModerator,
      (await publishApproved(site.cloud, await newAuthor(), site.moderator, { category: 'varios', post: 'x y z' })).id,
    );
    expectError(await suspend(site.moderator, { commentId, days: null, reason: 'Tampoco.' }), 'FORBIDDEN');
    expect(await accountRow(otherModerator)).not.toHaveProperty('suspendedUntil');
    expect(await ownPost(otherModerator, post.id)).toMatchObject({ status: 'pending' });
  });

  it('are for moderators only: 403 FORBIDDEN to suspend, list, lift or read the log', async () => {
    const author = await newAuthor();
    const post = await send(author);
    const user = voters[3]!;
    expectError(await suspend(user, { postId: post.id, days: 1, reason: 'Yo no puedo.' }), 'FORBIDDEN');
    expectError(await suspensions(user), 'FORBIDDEN');
    expectError(await moderationLog(user), 'FORBIDDEN');
    const real = (await suspend(site.moderator, { postId: post.id, days: 1, reason: 'Sí puedo.' })).body as Suspension;
    expectError(await lift(user, real.id), 'FORBIDDEN');
    expectError(await lift(author, real.id), 'ACCOUNT_SUSPENDED');
    expect(await accountRow(author)).toMatchObject({ suspensionId: real.id });
  });

  it('answer hostile input with 400 or 404, never 500, and write nothing', async () => {
    const author = await newAuthor();
    const post = await send(author);
    const commentPost = await publishApproved(site.cloud, await newAuthor(), site.moderator, {
      category: 'varios',
      post: 'Para comentar.',
    });
    const commentId = await comment(author, commentPost.id);
    const valid = { postId: post.id, days: 3, reason: 'Motivo.' };
    for (const body of [
      { ...valid, days: 0 },
      { ...valid, days: 366 },
      { ...valid, days: -1 },
      { ...valid, days: 1.5 },
      { ...valid, days: '7' },
      { ...valid, days: undefined },
      { ...valid, reason: '' },
      { ...valid, reason: '   \u200b ' },
      { ...valid, reason: 'x'.repeat(MAX_SUSPENSION_REASON_LENGTH + 1) },
      { ...valid, reason: 7 },
      { ...valid, commentId },
      { days: 3, reason: 'Ni post ni comentario.' },
      { ...valid, postId: 7 },
      [],
      null,
      'suspender',
    ])
      expectError(await suspend(site.moderator, body), 'INVALID_REQUEST');
    for (const postId of [
      'not-a-uuid',
      '00000000-0000-4000-8000-000000000000',
      'A'.repeat(2000),
      '../posts',
      'AAAAAAAA-0000-4000-8000-000000000000',
    ])
      expectError(await suspend(site.moderator, { ...valid, postId }), 'POST_NOT_FOUND');
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      expectError(await suspend(site.moderator, { commentId: id, days: 1, reason: 'x' }), 'COMMENT_NOT_FOUND');
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000', 'A'.repeat(500), '%00'])
      expectError(await lift(site.moderator, id), 'SUSPENSION_NOT_FOUND');
    expectError(await suspensions(site.moderator, '?cursor=garbage'), 'INVALID_CURSOR');
    expectError(await moderationLog(site.moderator, '?limit=0'), 'INVALID_LIMIT');
    expect(await accountRow(author)).not.toHaveProperty('suspendedUntil');
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'pending' });

    // 300 characters is the longest reason.
    const longest = await suspend(site.moderator, { commentId, days: 365, reason: 'y'.repeat(MAX_SUSPENSION_REASON_LENGTH) });
    expect(longest.status).toBe(201);
  });

  it('refuse a deleted or suspended moderator’s token, and a deleted author’s account (404 ACCOUNT_NOT_FOUND)', async () => {
    const author = await newAuthor();
    const post = await send(author);
    const body = { postId: post.id, days: 1, reason: 'Motivo.' };

    const leaving = await createModerator(site.cloud, { name: 'Supervisora Caduca' });
    expect((await call(site.cloud, '/me', { method: 'DELETE', token: leaving.idToken })).status).toBe(204);
    expectError(await suspend(leaving, body), 'ACCOUNT_DELETED');
    expectError(await moderationLog(leaving), 'ACCOUNT_DELETED');
    expectError(await lift(leaving, randomUUID()), 'ACCOUNT_DELETED');

    // No route suspends a moderator; the row is written directly, as an operator could.
    const benched = await createModerator(site.cloud, { name: 'Supervisora Banquillo' });
    await site.documents.send(
      new UpdateCommand({
        TableName: site.cloud.tables.names,
        Key: { key: `user#${decodeJwt(benched.idToken).sub}` },
        UpdateExpression: 'SET suspendedUntil = :until',
        ExpressionAttributeValues: { ':until': PERMANENT_SUSPENSION },
      }),
    );
    expectError(await suspend(benched, body), 'ACCOUNT_SUSPENDED');
    expectError(await lift(benched, randomUUID()), 'ACCOUNT_SUSPENDED');
    expect((await moderationLog(benched)).status).toBe(200);
    expect(await accountRow(author)).not.toHaveProperty('suspendedUntil');

    expect((await call(site.cloud, '/me', { method: 'DELETE', token: author.idToken })).status).toBe(204);
    expectError(await suspend(site.moderator, body), 'ACCOUNT_NOT_FOUND');
  });
});

describe('the account row', () => {
  it('keeps a suspension through a name claim (UpdateItem, never a whole-row Put)', async () => {
    // An account with no apodo yet is suspended (its row is created holding only the suspension)…
    const author = await createUser(site.cloud);
    const post = await send(author);
    const suspension = (await suspend(site.moderator, { postId: post.id, days: 2, reason: 'Sin nombre.' })).body as Suspension;
    const sub = String(decodeJwt(author.idToken).sub);
    // …and a claim lands on it, as one already under way when the suspension was written would.
    const names = new DynamoNameStore(site.documents, site.cloud.tables.names);
    expect(
      await names.claim(sub, { name: 'Recién Nombrada', key: nameKey('Recién Nombrada') }, { name: undefined, version: 0 }, new Date(), []),
    ).toBe('claimed');
    expect(await accountRow(author)).toMatchObject({
      name: 'Recién Nombrada',
      suspendedUntil: suspension.until,
      suspensionId: suspension.id,
    });
    // (CreatePost's container may trust its read from `send` for ≤ 5 s: `{}` changes nothing meanwhile.)
    expect(await eventually(async () => (await publish(site.cloud, author.idToken, {})).status === 403)).toBe(true);
    expectError(await publish(site.cloud, author.idToken, { category: 'varios', post: 'Sigo suspendida.' }), 'ACCOUNT_SUSPENDED');

    // Lifted, the account that was suspended before it ever had a name may still choose one.
    expect((await lift(site.moderator, suspension.id)).status).toBe(204);
    expect(await call(site.cloud, '/me/name', { method: 'PUT', token: author.idToken, body: { name: 'Otra Vez Nombrada' } })).toMatchObject(
      {
        status: 200,
      },
    );
  });

  it('lets a suspended account without an apodo delete itself (the deletion mark replaces the suspension)', async () => {
    const author = await createUser(site.cloud);
    const post = await send(author);
    await suspend(site.moderator, { postId: post.id, days: 2, reason: 'Se va.' });
    expect((await call(site.cloud, '/me', { method: 'DELETE', token: author.idToken })).status).toBe(204);
    expect(await accountRow(author)).toMatchObject({ deleted: true });
    expect(await accountRow(author)).not.toHaveProperty('suspendedUntil');
  });

  it('lets an account suspended before choosing an apodo choose one once lifted', async () => {
    const author = await createUser(site.cloud);
    const post = await send(author);
    const suspension = (await suspend(site.moderator, { postId: post.id, days: 2, reason: 'Sin apodo.' })).body as Suspension;
    expect((await lift(site.moderator, suspension.id)).status).toBe(204);
    expect(await call(site.cloud, '/me/name', { method: 'PUT', token: author.idToken, body: { name: 'Primer Apodo' } })).toMatchObject({
      status: 200,
      body: { name: 'Primer Apodo' },
    });
  });
});

describe('the moderation log', () => {
  it('records every moderator action with who, what, when and why — and no community decision or author’s own deletion', async () => {
    const author = await newAuthor();
    const started = new Date().toISOString();
    // Decisions on pending posts.
    const published = await send(author);
    const rejected = await send(author);
    await decide(site.cloud, site.moderator.idToken, published.id, 'publish');
    await decideWith(site.moderator, rejected.id, { decision: 'reject', reason: 'repetida' });
    // A hidden post restored, another removed by decision, a third removed by DELETE.
    const reportedAuthor = await newAuthor();
    const reportedPosts = [];
    for (let i = 0; i < 3; i++) {
      const post = await publishApproved(site.cloud, reportedAuthor, otherModerator, { category: 'varios', post: `Denunciada ${i}` });
      for (const voter of voters.slice(0, REPORTS_TO_HIDE))
        await call(site.cloud, `/posts/${post.id}/report`, { method: 'POST', token: voter.idToken, body: { reason: 'spam' } });
      reportedPosts.push(post);
    }
    const [restored, removedByDecision, removedByDelete] = reportedPosts as [
      (typeof reportedPosts)[number],
      (typeof reportedPosts)[number],
      (typeof reportedPosts)[number],
    ];
    await decide(site.cloud, site.moderator.idToken, restored.id, 'publish');
    await decideWith(site.moderator, removedByDecision.id, { decision: 'reject', reason: 'ofensiva' });
    expect((await call(site.cloud, `/posts/${removedByDelete.id}`, { method: 'DELETE', token: site.moderator.idToken })).status).toBe(204);
    // Comments: hidden by reports, restored and removed; one deleted by a moderator, one by its author.
    const host = await publishApproved(site.cloud, await newAuthor(), site.moderator, { category: 'varios', post: 'Con hilo.' });
    const [c1, c2, c3, c4] = [
      await comment(author, host.id),
      await comment(author, host.id),
      await comment(author, host.id),
      await comment(author, host.id),
    ];
    for (const id of [c1, c2])
      for (const voter of voters.slice(0, REPORTS_TO_HIDE))
        await call(site.cloud, `/comments/${id}/report`, { method: 'POST', token: voter.idToken, body: { reason: 'spam' } });
    await call(site.cloud, `/comments/${c1}/decision`, { method: 'PUT', token: site.moderator.idToken, body: { decision: 'publish' } });
    await call(site.cloud, `/comments/${c2}/decision`, { method: 'PUT', token: site.moderator.idToken, body: { decision: 'reject' } });
    expect((await call(site.cloud, `/comments/${c3}`, { method: 'DELETE', token: site.moderator.idToken })).status).toBe(204);
    expect((await call(site.cloud, `/comments/${c4}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    // The author deletes their own post; the community rejects another: neither is a moderator's action.
    const own = await send(author);
    expect((await call(site.cloud, `/posts/${own.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    const community = await send(author);
    for (const voter of voters.slice(0, 3)) await vote(voter, community.id, { vote: 'reject', reason: 'ofensiva' });
    // A suspension and its lift.
    const suspension = (await suspend(site.moderator, { postId: own.id, days: 5, reason: 'Reincidente.' })).body as Suspension;
    expect((await lift(otherModerator, suspension.id)).status).toBe(204);

    const entries = ((await moderationLog(site.moderator)).body as ModerationLogPage).items.filter((entry) => entry.at >= started);
    const mine = (type: string, id: string) => entries.filter((entry) => entry.target.type === type && entry.target.id === id);
    const one = (type: string, id: string) => {
      const found = mine(type, id);
      expect(found, `${type} ${id}`).toHaveLength(1);
      return found[0]!;
    };
    expect(one('post', published.id)).toMatchObject({ action: 'publish', by: 'Supervisora Alba', reason: null });
    expect(one('post', rejected.id)).toMatchObject({ action: 'reject', by: 'Supervisora Alba', reason: 'repetida' });
    expect(mine('post', restored.id).map((entry) => entry.action)).toEqual(['restore', 'publish']);
    expect(mine('post', removedByDecision.id).map((entry) => [entry.action, entry.reason])).toEqual([
      ['remove', 'ofensiva'],
      ['publish', null],
    ]);
    expect(mine('post', removedByDelete.id)[0]).toMatchObject({ action: 'remove', by: 'Supervisora Alba', reason: null });
    expect(one('comment', c1)).toMatchObject({ action: 'restore' });
    expect(one('comment', c2)).toMatchObject({ action: 'remove' });
    expect(one('comment', c3)).toMatchObject({ action: 'remove', by: 'Supervisora Alba' });
    expect(mine('comment', c4)).toEqual([]);
    expect(mine('post', own.id)).toEqual([]);
    expect(mine('post', community.id)).toEqual([]);
    expect(mine('account', suspension.id).map((entry) => [entry.action, entry.by, entry.reason])).toEqual([
      ['lift', 'Supervisor Bruno', null],
      ['suspend', 'Supervisora Alba', 'Reincidente.'],
    ]);
    // Newest first, each with a time; nothing names an account or an e-mail.
    expect(entries.map((entry) => entry.at)).toEqual([...entries.map((entry) => entry.at)].sort().reverse());
    for (const entry of entries) expect(Object.keys(entry).sort()).toEqual(['action', 'at', 'by', 'id', 'reason', 'target']);
    expect(JSON.stringify(entries)).not.toContain(String(decodeJwt(author.idToken).sub));
    expect(JSON.stringify(entries)).not.toContain(String(decodeJwt(site.moderator.idToken).sub));
  });

  it('pages newest first by cursor, never repeating an entry', async () => {
    const first = (await moderationLog(site.moderator, '?limit=3')).body as ModerationLogPage;
    expect(first.items).toHaveLength(3);
    const second = (await moderationLog(site.moderator, `?limit=3&cursor=${first.nextCursor}`)).body as ModerationLogPage;
    expect(second.items.length).toBeGreaterThan(0);
    expect(second.items.map((entry) => entry.id)).not.toContain(first.items[0]!.id);
    expect(second.items[0]!.at <= first.items.at(-1)!.at).toBe(true);
  });

  it('logged no 500 and no failed function for any of it', () => {
    expect(site.cloud.output()).not.toContain('"status":500');
    expect(site.cloud.output()).not.toContain('local http gateway:');
    expect(site.cloud.output()).not.toMatch(/"level":"error"/i);
  });
});
