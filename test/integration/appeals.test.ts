/**
 * Appeals against suspensions (docs/api.md), against the real local cloud: a suspended account
 * appeals once, moderators lift or uphold with a reply, the author is told in «Avisos», and both
 * answers are in the moderation log.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPEAL_MAX_LENGTH, type Appeal, type AppealPage } from '../../functions/contract/appeals';
import type { Me } from '../../functions/contract/accounts';
import type { AccountExport } from '../../functions/contract/accountData';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../functions/contract/errors';
import type { ModerationLogPage, Suspension, SuspensionPage } from '../../functions/contract/moderation';
import type { NotificationPage } from '../../functions/contract/notifications';
import type { OwnPost } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { createModerator } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Supervisora Clara' });
let otherModerator: TestUser;
let authorCount = 0;

beforeAll(async () => {
  otherModerator = await createModerator(site.cloud, { name: 'Supervisor Dani' });
}, 300_000);

const newAuthor = () => createUser(site.cloud, { name: `Recurrente ${++authorCount} ${randomUUID().slice(0, 4)}` });

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

/** A new author, suspended for `days` by the file's moderator for one of their posts. */
async function suspendedAuthor(reason = 'Insultos a otros lectores.'): Promise<{ author: TestUser; suspension: Suspension }> {
  const author = await newAuthor();
  const sent = await publish(site.cloud, author.idToken, { category: 'trabajo', post: `Anécdota ${randomUUID()}` });
  expect(sent.status).toBe(201);
  const response = await call<Suspension>(site.cloud, '/moderation/suspensions', {
    method: 'POST',
    token: site.moderator.idToken,
    body: { postId: (sent.body as OwnPost).id, days: 7, reason },
  });
  expect(response.status).toBe(201);
  return { author, suspension: response.body };
}

const appeal = (user: TestUser, body: unknown, key?: string) =>
  call<Appeal | ErrorBody>(site.cloud, '/me/appeal', {
    method: 'POST',
    token: user.idToken,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });
const decide = (user: TestUser, id: string, body: unknown) =>
  call<Appeal | ErrorBody>(site.cloud, `/moderation/appeals/${id}`, { method: 'PUT', token: user.idToken, body });
const openAppeals = async (user: TestUser = site.moderator) =>
  call<AppealPage | ErrorBody>(site.cloud, '/moderation/appeals?limit=100', { token: user.idToken });
const me = async (user: TestUser) => (await call<Me>(site.cloud, '/me', { token: user.idToken })).body;
const newPost = (user: TestUser) => publish(site.cloud, user.idToken, { category: 'varios', post: `Vuelvo ${randomUUID()}` });

/** Polls `check` until it holds (at most `ms`): another function's container may trust what it read for a few seconds. */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe('POST /me/appeal', () => {
  it('takes one appeal per suspension, with the suspension and the words as sent, and shows it in GET /me', async () => {
    const { author, suspension } = await suspendedAuthor('Spam repetido.');
    const text = `  <b>No era spam</b>: ${'á'.repeat(APPEAL_MAX_LENGTH - 40)}  `;
    const first = await appeal(author, { text });
    expect(first.status).toBe(201);
    const made = first.body as Appeal;
    expect(made).toEqual({
      id: suspension.id,
      name: author.name,
      suspension,
      text: text.trim(),
      createdAt: expect.any(String),
      decision: null,
      reply: null,
      decidedBy: null,
    });
    expectError(await appeal(author, { text: 'Otra vez.' }), 'ALREADY_APPEALED');
    expect(await me(author)).toMatchObject({ suspensionReason: 'Spam repetido.', appeal: made });
    const listed = (await openAppeals()).body as AppealPage;
    expect(listed.items.filter((item) => item.id === made.id)).toEqual([made]);
  });

  it('stores one of twenty identical appeals sent at once', async () => {
    const { author } = await suspendedAuthor();
    const answers = await Promise.all(Array.from({ length: 20 }, () => appeal(author, { text: 'Pido que se revise.' })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 201)) expectError(answer, 'ALREADY_APPEALED');
  });

  it('answers twenty requests with one Idempotency-Key at once with the same appeal', async () => {
    const { author } = await suspendedAuthor();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => appeal(author, { text: 'Una sola vez.' }, key)));
    // A copy that arrives while the first runs waits for its answer: every one is the first's 201.
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 20 }, () => 201));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect(await appeal(author, { text: 'Una sola vez.' }, key)).toMatchObject({ status: 201, body: answers[0]!.body });
    expectError(await appeal(author, { text: 'Una sola vez.' }), 'ALREADY_APPEALED');
  });

  it('is NOT_SUSPENDED for an account in good standing', async () => {
    const author = await newAuthor();
    expectError(await appeal(author, { text: 'Nada que recurrir.' }), 'NOT_SUSPENDED');
  });

  it('refuses an empty, blank, too long or control-laden text, and any other shape', async () => {
    const { author } = await suspendedAuthor();
    for (const text of ['', '   \n ', '\u200b\u200b', 'x'.repeat(APPEAL_MAX_LENGTH + 1), 'Hola\u0007', 'Hola\u001b[2J', 'Hola\u0000']) {
      expectError(await appeal(author, { text }), 'INVALID_APPEAL');
    }
    for (const body of [{}, { text: 42 }, { text: ['a'] }, null, 'texto']) expectError(await appeal(author, body), 'INVALID_REQUEST');
    // None of them used up the one appeal.
    expect((await appeal(author, { text: 'Ahora sí.' })).status).toBe(201);
  });

  it('is refused to a deleted account (401), and a deletion takes the account’s appeals with it', async () => {
    const { author } = await suspendedAuthor();
    const made = (await appeal(author, { text: 'Me voy, pero quería decirlo.' })).body as Appeal;
    expect((await call(site.cloud, '/me', { method: 'DELETE', token: author.idToken })).status).toBe(204);
    expectError(await appeal(author, { text: 'Otra.' }), 'ACCOUNT_DELETED');
    expect(await eventually(async () => !((await openAppeals()).body as AppealPage).items.some((item) => item.id === made.id))).toBe(true);
    expectError(await decide(site.moderator, made.id, { decision: 'lift', reply: 'Tarde.' }), 'APPEAL_NOT_FOUND');
  });
});

describe('PUT /moderation/appeals/{id}', () => {
  it('lifts the suspension: the account writes again, hears the reply in «Avisos», and the log says so', async () => {
    const { author, suspension } = await suspendedAuthor();
    expectError(await newPost(author), 'ACCOUNT_SUSPENDED');
    await appeal(author, { text: 'Fue un malentendido.' });
    const decided = await decide(site.moderator, suspension.id, { decision: 'lift', reply: '  Tienes razón, perdona.  ' });
    expect(decided).toMatchObject({
      status: 200,
      body: { id: suspension.id, decision: 'lift', reply: 'Tienes razón, perdona.', decidedBy: 'Supervisora Clara' },
    });
    expect(await eventually(async () => (await newPost(author)).status === 201)).toBe(true);
    expect(await me(author)).toMatchObject({ suspendedUntil: null, suspensionReason: null, appeal: null });

    const notices = (await call<NotificationPage>(site.cloud, '/me/notifications', { token: author.idToken })).body;
    expect(notices.items).toContainEqual(
      expect.objectContaining({ type: 'appeal.decided', postId: null, decision: 'lift', reply: 'Tienes razón, perdona.', read: false }),
    );
    const log = (await call<ModerationLogPage>(site.cloud, '/moderation/log?limit=100', { token: site.moderator.idToken })).body;
    expect(log.items.filter((entry) => entry.target.id === suspension.id).map((entry) => entry.action)).toEqual(['appeal.lift', 'suspend']);
    expect(log.items.find((entry) => entry.action === 'appeal.lift' && entry.target.id === suspension.id)).toMatchObject({
      target: { type: 'account', id: suspension.id },
      by: 'Supervisora Clara',
      reason: 'Tienes razón, perdona.',
    });
    const inForce = (await call<SuspensionPage>(site.cloud, '/moderation/suspensions?limit=100', { token: site.moderator.idToken })).body;
    expect(inForce.items.some((item) => item.id === suspension.id)).toBe(false);
    expect(((await openAppeals()).body as AppealPage).items.some((item) => item.id === suspension.id)).toBe(false);

    const exported = (await call<AccountExport>(site.cloud, '/me/export', { token: author.idToken })).body;
    expect(exported.appeals).toEqual([
      { id: suspension.id, text: 'Fue un malentendido.', createdAt: expect.any(String), decision: 'lift', reply: 'Tienes razón, perdona.' },
    ]);
  });

  it('upholds it: the account stays suspended, sees the answer, and a second answer is ALREADY_DECIDED', async () => {
    const { author, suspension } = await suspendedAuthor();
    await appeal(author, { text: 'No lo volveré a hacer.' });
    expect(await decide(otherModerator, suspension.id, { decision: 'uphold', reply: 'Las normas son claras.' })).toMatchObject({
      status: 200,
      body: { decision: 'uphold', decidedBy: 'Supervisor Dani' },
    });
    expectError(await newPost(author), 'ACCOUNT_SUSPENDED');
    expect(await me(author)).toMatchObject({
      suspendedUntil: suspension.until,
      appeal: { decision: 'uphold', reply: 'Las normas son claras.', decidedBy: 'Supervisor Dani' },
    });
    expectError(await decide(site.moderator, suspension.id, { decision: 'lift', reply: 'Cambio de idea.' }), 'ALREADY_DECIDED');
    expectError(await appeal(author, { text: 'Otra vez.' }), 'ALREADY_APPEALED');
    const log = (await call<ModerationLogPage>(site.cloud, '/moderation/log?limit=100', { token: site.moderator.idToken })).body;
    expect(log.items.filter((entry) => entry.target.id === suspension.id).map((entry) => entry.action)).toEqual([
      'appeal.uphold',
      'suspend',
    ]);
  });

  it('lets exactly one of two moderators deciding at once win', async () => {
    const { author, suspension } = await suspendedAuthor();
    await appeal(author, { text: 'Revisadlo, por favor.' });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? decide(site.moderator, suspension.id, { decision: 'lift', reply: 'Levantada.' })
          : decide(otherModerator, suspension.id, { decision: 'uphold', reply: 'Se mantiene.' }),
      ),
    );
    const won = answers.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    for (const answer of answers.filter((answer) => answer.status !== 200)) expectError(answer, 'ALREADY_DECIDED');
    const decision = (won[0]!.body as Appeal).decision;
    const log = (await call<ModerationLogPage>(site.cloud, '/moderation/log?limit=100', { token: site.moderator.idToken })).body;
    expect(log.items.filter((entry) => entry.target.id === suspension.id).map((entry) => entry.action)).toEqual([
      `appeal.${decision}`,
      'suspend',
    ]);
    const notices = (await call<NotificationPage>(site.cloud, '/me/notifications', { token: author.idToken })).body;
    expect(notices.items.filter((item) => item.type === 'appeal.decided')).toHaveLength(1);
    expect((await me(author)).suspendedUntil).toBe(decision === 'lift' ? null : suspension.until);
  });

  it('is for moderators only, and refuses an unknown appeal or a malformed answer', async () => {
    const { author, suspension } = await suspendedAuthor();
    await appeal(author, { text: 'Quiero volver.' });
    const reader = await newAuthor();
    expectError(await openAppeals(reader), 'FORBIDDEN');
    expectError(await decide(reader, suspension.id, { decision: 'lift', reply: 'Yo decido.' }), 'FORBIDDEN');
    expectError(await decide(author, suspension.id, { decision: 'lift', reply: 'Me perdono.' }), 'ACCOUNT_SUSPENDED');
    expectError(await decide(site.moderator, randomUUID(), { decision: 'lift', reply: 'Nada.' }), 'APPEAL_NOT_FOUND');
    expectError(await decide(site.moderator, 'no-es-un-id', { decision: 'lift', reply: 'Nada.' }), 'APPEAL_NOT_FOUND');
    for (const body of [
      { decision: 'lift' },
      { decision: 'lift', reply: '' },
      { decision: 'lift', reply: ' \n ' },
      { decision: 'lift', reply: 'x'.repeat(301) },
      { decision: 'lift', reply: 'Hola\u0007' },
      { decision: 'perdonar', reply: 'Vale.' },
    ]) {
      expectError(await decide(site.moderator, suspension.id, body), 'INVALID_REQUEST');
    }
    // Still open after all of that.
    expect(((await openAppeals()).body as AppealPage).items.some((item) => item.id === suspension.id && item.decision === null)).toBe(true);
  });

  it('lists open appeals oldest first, a page at a time', async () => {
    const first = await suspendedAuthor();
    await appeal(first.author, { text: 'Primero.' });
    const second = await suspendedAuthor();
    await appeal(second.author, { text: 'Segundo.' });
    const all = ((await openAppeals()).body as AppealPage).items.map((item) => item.id);
    expect(all.indexOf(first.suspension.id)).toBeLessThan(all.indexOf(second.suspension.id));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=1&cursor=${cursor}` : '?limit=1';
      const page = (await call<AppealPage>(site.cloud, `/moderation/appeals${query}`, { token: site.moderator.idToken })).body;
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor !== null);
    expect(seen).toEqual(all);
    expectError(await call(site.cloud, '/moderation/appeals?cursor=nope', { token: site.moderator.idToken }), 'INVALID_CURSOR');
  });
});
