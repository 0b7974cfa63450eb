/**
 * Edit and resend once (`PUT /posts/{id}`, docs/api.md): the author of a rejected post edits it and sends
 * it back to the queue once, its moderation votes cleared; against the real local cloud.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../functions/contract/errors';
import type { OwnPost, OwnPostPage } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { decide } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

const site = cloudPerFile({ env: { SEED: '0' }, moderator: 'Revisora Carmen' });
let voters: TestUser[];
let authors = 0;

beforeAll(async () => {
  voters = [];
  for (let i = 0; i < 3; i++) voters.push(await createUser(site.cloud, { name: `Revisor ${i} ${randomUUID().slice(0, 4)}` }));
}, 300_000);

const newAuthor = () => createUser(site.cloud, { name: `Reenviadora ${++authors} ${randomUUID().slice(0, 4)}` });
const text = (words: string) => `${words} (${randomUUID()})`;

async function send(author: TestUser, post = text('Se me cayó el móvil al váter')): Promise<OwnPost> {
  const response = await publish(site.cloud, author.idToken, { category: 'trabajo', post });
  expect(response.status).toBe(201);
  return response.body as OwnPost;
}

/** A post of `author`, rejected by the moderator for `mal-escrita`. */
async function rejected(author: TestUser): Promise<OwnPost> {
  const post = await send(author);
  expect(
    await call(site.cloud, `/moderation/${post.id}/decision`, {
      method: 'PUT',
      token: site.moderator.idToken,
      body: { decision: 'reject', reason: 'mal-escrita' },
    }),
  ).toMatchObject({
    status: 200,
  });
  return post;
}

const resend = (user: TestUser, id: string, body: unknown) =>
  call<OwnPost | ErrorBody>(site.cloud, `/posts/${id}`, { method: 'PUT', token: user.idToken, body });
const ownPost = async (user: TestUser, id: string) =>
  (await call<OwnPostPage>(site.cloud, '/me/posts?limit=100', { token: user.idToken })).body.items.find((post) => post.id === id);

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

describe('PUT /posts/{id}: edit and resend once', () => {
  it('sends a rejected post back to the queue edited, pending, its reason gone and resent set; a second resend is refused', async () => {
    const author = await newAuthor();
    const post = await rejected(author);
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'mal-escrita' }, resent: false });

    const edited = text('Se me cayó el móvil al váter en la primera hora de trabajo');
    const answer = await resend(author, post.id, { category: 'varios', post: edited });
    expect(answer).toMatchObject({
      status: 200,
      body: { id: post.id, category: 'varios', post: edited, status: 'pending', rejection: null, resent: true, publishedAt: null },
    });
    expect(await ownPost(author, post.id)).toEqual(answer.body as OwnPost);

    // Back in the queue: a moderator can publish it now.
    expect(await decide(site.cloud, site.moderator.idToken, post.id, 'publish')).toMatchObject({
      status: 200,
      body: { status: 'published' },
    });
    expectError(await resend(author, post.id, { category: 'varios', post: text('Otra vez') }), 'ALREADY_RESENT');
  });

  it('refuses a second resend after a second rejection', async () => {
    const author = await newAuthor();
    const post = await rejected(author);
    expect((await resend(author, post.id, { category: 'amor', post: text('Versión corregida') })).status).toBe(200);
    expect((await decide(site.cloud, site.moderator.idToken, post.id, 'reject')).status).toBe(200);
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'otro' }, resent: true });
    expectError(await resend(author, post.id, { category: 'amor', post: text('Tercera versión') }), 'ALREADY_RESENT');
  });

  it('clears the moderation votes: those who rejected it may vote again, and the tally starts from zero', async () => {
    const author = await newAuthor();
    const post = await send(author);
    for (const voter of voters) {
      const vote = await call(site.cloud, `/moderation/${post.id}/vote`, {
        method: 'PUT',
        token: voter.idToken,
        body: { vote: 'reject', reason: 'no-es-anecdota' },
      });
      expect(vote.status).toBe(200);
    }
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', rejection: { reason: 'no-es-anecdota' } });
    expect((await resend(author, post.id, { category: 'trabajo', post: text('Ahora sí es una anécdota') })).status).toBe(200);

    // Two of the same voters publish it and the third rejects: a fresh tally (+1), still pending.
    const votes = await Promise.all(
      voters.map((voter, index) =>
        call<{ status: string }>(site.cloud, `/moderation/${post.id}/vote`, {
          method: 'PUT',
          token: voter.idToken,
          body: { vote: index < 2 ? 'publish' : 'reject' },
        }),
      ),
    );
    expect(votes.map((vote) => vote.status)).toEqual([200, 200, 200]);
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'pending', rejection: null, resent: true });
    // …and each of them has voted this round.
    const again = await call(site.cloud, `/moderation/${post.id}/vote`, {
      method: 'PUT',
      token: voters[0]!.idToken,
      body: { vote: 'publish' },
    });
    expectError(again, 'ALREADY_VOTED');
  });

  it('twenty resends at once: exactly one 200, the others ALREADY_RESENT', async () => {
    const author = await newAuthor();
    const post = await rejected(author);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => resend(author, post.id, { category: 'familia', post: text(`Versión número ${i}`) })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expectError(answer, 'ALREADY_RESENT');
    const winner = answers.find((answer) => answer.status === 200)!.body as OwnPost;
    expect(await ownPost(author, post.id)).toMatchObject({ post: winner.post, category: 'familia', status: 'pending', resent: true });
  });

  it('only a rejected post: a pending or published one is NOT_EDITABLE, a removed one is not found', async () => {
    const author = await newAuthor();
    const pending = await send(author);
    expectError(await resend(author, pending.id, { category: 'varios', post: text('Cambio') }), 'NOT_EDITABLE');
    expect((await decide(site.cloud, site.moderator.idToken, pending.id, 'publish')).status).toBe(200);
    expectError(await resend(author, pending.id, { category: 'varios', post: text('Cambio') }), 'NOT_EDITABLE');
    const removed = await rejected(author);
    expect((await call(site.cloud, `/posts/${removed.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    expectError(await resend(author, removed.id, { category: 'varios', post: text('Cambio') }), 'POST_NOT_FOUND');
  });

  it("someone else's post: FORBIDDEN when published, POST_NOT_FOUND when they cannot see it; unknown ids are not found", async () => {
    const author = await newAuthor();
    const other = voters[0]!;
    const post = await rejected(author);
    expectError(await resend(other, post.id, { category: 'varios', post: text('Ajena') }), 'POST_NOT_FOUND');
    expectError(await resend(site.moderator, post.id, { category: 'varios', post: text('Ajena') }), 'POST_NOT_FOUND');
    const published = await send(author);
    expect((await decide(site.cloud, site.moderator.idToken, published.id, 'publish')).status).toBe(200);
    expectError(await resend(other, published.id, { category: 'varios', post: text('Ajena') }), 'FORBIDDEN');
    expectError(await resend(author, randomUUID(), { category: 'varios', post: text('Nada') }), 'POST_NOT_FOUND');
    expectError(await resend(author, 'no-es-un-id', { category: 'varios', post: text('Nada') }), 'POST_NOT_FOUND');
    expect((await call(site.cloud, `/posts/${post.id}`, { method: 'PUT', body: { category: 'varios', post: 'x' } })).status).toBe(401);
    // Still rejected and never resent: the author may still send it back.
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', resent: false });
  });

  it('applies the checks of a new post, and a refused edit leaves the post rejected and resendable', async () => {
    const author = await newAuthor();
    const post = await rejected(author);
    expectError(await resend(author, post.id, { category: 'varios', post: '   ' }), 'EMPTY_POST');
    expectError(await resend(author, post.id, { category: 'varios', post: 'x'.repeat(301) }), 'POST_TOO_LONG');
    expectError(await resend(author, post.id, { category: 'cotilleo', post: text('Bien') }), 'UNKNOWN_CATEGORY');
    expectError(await resend(author, post.id, { category: 'varios', post: 'Llamadme al 612345678 y os lo cuento' }), 'PERSONAL_DATA');
    expectError(await resend(author, post.id, { post: text('Sin categoría') }), 'INVALID_REQUEST');
    expectError(await resend(author, post.id, ['no', 'un', 'objeto']), 'INVALID_REQUEST');
    expect(
      (
        await call(site.cloud, `/posts/${post.id}`, {
          method: 'PUT',
          token: author.idToken,
          rawBody: '{roto',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(await ownPost(author, post.id)).toMatchObject({ status: 'rejected', resent: false });
    expect(
      (await resend(author, post.id, { category: 'varios', post: text('Por fin bien'), authorId: 'otra', status: 'published' })).body,
    ).toMatchObject({
      status: 'pending',
      resent: true,
    });
  });
});
