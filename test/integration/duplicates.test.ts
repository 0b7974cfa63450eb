/**
 * Cleaner submissions (docs/api.md, «Duplicates»): 409 DUPLICATE_POST when a text repeats a published,
 * hidden or pending post once case, accents, punctuation, spacing and stretched letters are ignored —
 * on POST /posts and PUT /posts/{id} — against the real local cloud; and the backfill that gives posts
 * written before fingerprints existed theirs (`npm run rebuild -- fingerprints`).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorBody, type ErrorCode } from '../../functions/contract/errors';
import type { OwnPost } from '../../functions/contract/posts';
import { fingerprintOf } from '../../functions/contract/fingerprint';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { fingerprintKey, DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import { ENV } from '../../functions/store/tables';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, decide } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let moderator: TestUser;
let authors = 0;

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud, { name: 'Revisora Duplicados' });
}, 300_000);

afterAll(async () => {
  await cloud?.stop();
});

/** A new author (five sends in ten minutes each). */
const newAuthor = () => createUser(cloud, { name: `Copiona ${++authors} ${randomUUID().slice(0, 4)}` });
/** A word no other test uses, so each test's texts are its own. */
const unique = () =>
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8)
    .replace(/(.)\1+/g, '$1');

const send = (author: TestUser, post: string, category = 'trabajo') => publish(cloud, author.idToken, { category, post });

function expectError(response: { status: number; body: unknown }, code: ErrorCode) {
  expect(response, code).toMatchObject({ status: ERRORS[code].status, body: { error: { code, message: ERRORS[code].message } } });
}

async function sent(author: TestUser, post: string): Promise<OwnPost> {
  const response = await send(author, post);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as OwnPost;
}

describe('DUPLICATE_POST', () => {
  it('refuses the same anecdote written with other case, accents, punctuation, spacing or stretched letters, pending or published, from anyone', async () => {
    const word = unique();
    const original = `Hoy mi jefe me llamó «campeón» delante de todos (${word}) y era por el café.`;
    const first = await sent(await newAuthor(), original);
    const variants = [
      original,
      original.toUpperCase(),
      `hoy mi jefe me llamo campeon delante de todos ${word} y era por el cafe`,
      `¡¡Hoy, mi jefe me llamó “CAMPEÓN” delante de todos — ${word} — y era por el café!!`,
      `  Hoy   mi jefe\nme llamó campeón delante de todos ${word} y era por el café...  `,
      `Hoooy mi jefe me llamó campeóóón delante de tooodos ${word} y era por el caféééé`,
      `HoymijefemellamócampeóndelantedetodosY${word}yeraporelcafé`.replace('Y', ''),
      // Full-width and compatibility forms fold too.
      original.replace('Hoy', 'Ｈｏｙ'),
    ];
    const other = await newAuthor();
    for (const variant of variants.slice(0, 4)) expectError(await send(other, variant), 'DUPLICATE_POST');
    for (const variant of variants.slice(4)) expectError(await send(await newAuthor(), variant), 'DUPLICATE_POST');
    // Still so once published.
    expect((await decide(cloud, moderator.idToken, first.id, 'publish')).status).toBe(200);
    expectError(await send(other, variants[2]!), 'DUPLICATE_POST');
  });

  it('lets a different anecdote through, even a close one, and numbers count', async () => {
    const word = unique();
    const author = await newAuthor();
    await sent(author, `Perdí el tren de las 7 por ${word}.`);
    await sent(author, `Perdí el tren de las 17 por ${word}.`);
    await sent(author, `Perdí el autobús de las 7 por ${word}.`);
    await sent(author, `Perdí el tren de las 7 por ${word}, otra vez.`);
  });

  it('does not count a refused copy against the publishing limit', async () => {
    const word = unique();
    const author = await newAuthor();
    await sent(await newAuthor(), `Un texto que todos quieren copiar ${word}.`);
    for (let i = 0; i < 8; i++) expectError(await send(author, `Un texto que todos quieren copiar ${word}`), 'DUPLICATE_POST');
    for (let i = 0; i < 5; i++) await sent(author, `Mi propia anécdota número ${i} de ${word}.`);
    expectError(await send(author, `Y una sexta ${word}.`), 'RATE_LIMITED');
  });

  it('spends no slot on a send whose write is refused: one text sent five times at once stores one post, and four more still fit', async () => {
    const word = unique();
    const author = await newAuthor();
    // Sent together, the copies all pass the first look at the text; the four whose write then finds
    // it taken are refused, and their writes, not stored, take no slot of the author's five.
    const responses = await Promise.all(Array.from({ length: 5 }, () => send(author, `Lo mandé cinco veces a la vez por ${word}.`)));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    for (const refused of responses.filter((response) => response.status !== 201)) expectError(refused, 'DUPLICATE_POST');
    for (let i = 0; i < 4; i++) await sent(author, `Y luego otra más, la número ${i}, de ${word}.`);
    expectError(await send(author, `Y una sexta ${word}.`), 'RATE_LIMITED');
  });

  it("a rejected or removed post's text may be sent again; a resend cannot copy another post, and frees its old text", async () => {
    const word = unique();
    const author = await newAuthor();
    const rejectedText = `Me rechazaron esta por ${word}.`;
    const rejected = await sent(author, rejectedText);
    expect((await decide(cloud, moderator.idToken, rejected.id, 'reject')).status).toBe(200);
    // The same text again (by anyone) is accepted: the first was rejected.
    const again = await sent(await newAuthor(), rejectedText.toLowerCase());

    const removedText = `La borré yo misma por ${word}.`;
    const removed = await sent(author, removedText);
    expect((await call(cloud, `/posts/${removed.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
    await sent(await newAuthor(), removedText);

    // The rejected post cannot be resent as it was: its text is now another's, pending.
    expectError(
      await call<ErrorBody>(cloud, `/posts/${rejected.id}`, {
        method: 'PUT',
        token: author.idToken,
        body: { category: 'varios', post: rejectedText },
      }),
      'DUPLICATE_POST',
    );
    // Once that one is rejected too, it can; and a resend may keep its own text.
    expect((await decide(cloud, moderator.idToken, again.id, 'reject')).status).toBe(200);
    const resent = await call<OwnPost>(cloud, `/posts/${rejected.id}`, {
      method: 'PUT',
      token: author.idToken,
      body: { category: 'varios', post: `${rejectedText} ` },
    });
    expect(resent).toMatchObject({ status: 200, body: { status: 'pending', resent: true } });
    expectError(await send(await newAuthor(), rejectedText), 'DUPLICATE_POST');

    // A resend that changes the text frees the old one.
    const changing = await sent(author, `Primera versión de ${word}.`);
    expect((await decide(cloud, moderator.idToken, changing.id, 'reject')).status).toBe(200);
    const edited = await call(cloud, `/posts/${changing.id}`, {
      method: 'PUT',
      token: author.idToken,
      body: { category: 'varios', post: `Segunda versión, mejor contada, de ${word}.` },
    });
    expect(edited.status).toBe(200);
    await sent(await newAuthor(), `Primera versión de ${word}.`);
    expectError(await send(await newAuthor(), `Segunda versión mejor contada de ${word}`), 'DUPLICATE_POST');
  });

  it('twenty identical posts at once from twenty accounts: one 201, nineteen DUPLICATE_POST', async () => {
    const word = unique();
    const people = await Promise.all(Array.from({ length: 20 }, () => newAuthor()));
    const answers = await Promise.all(
      people.map((person, i) => send(person, i % 2 ? `Todos a la vez ${word}` : `¡Todos a la vez, ${word}!`)),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expectError(answer, 'DUPLICATE_POST');
    // Twenty sign-ups at once through the local Cognito's message trigger: past 60 s on a busy machine.
  }, 150_000);

  it('two rejected copies resent with one same text at once: one 200, one DUPLICATE_POST', async () => {
    const word = unique();
    const [ana, bea] = [await newAuthor(), await newAuthor()];
    const a = await sent(ana, `Versión de Ana ${word}.`);
    const b = await sent(bea, `Versión de Bea ${word}.`);
    for (const post of [a, b]) expect((await decide(cloud, moderator.idToken, post.id, 'reject')).status).toBe(200);
    const body = { category: 'amor', post: `La misma historia al fin ${word}.` };
    const answers = await Promise.all([
      call(cloud, `/posts/${a.id}`, { method: 'PUT', token: ana.idToken, body }),
      call(cloud, `/posts/${b.id}`, { method: 'PUT', token: bea.idToken, body }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expectError(
      answers.find((answer) => answer.status === 409)!,
      'DUPLICATE_POST',
    );
  });
});

describe('posts written before fingerprints existed (npm run rebuild -- fingerprints)', () => {
  /** Runs the operator's command against this cloud's tables, as `npm run rebuild -- fingerprints` does. */
  async function rebuildFingerprints(): Promise<{ checked: number; claimed: number; held: number; copies: number }> {
    const root = resolve(import.meta.dirname, '../..');
    const credentials = await cloud.dynamodb().config.credentials();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'infra/tools/rebuild.ts', 'fingerprints'], {
      cwd: root,
      env: {
        ...process.env,
        DYNAMODB_ENDPOINT: cloud.dynamodbEndpoint,
        DYNAMODB_ACCESS_KEY_ID: credentials.accessKeyId,
        [ENV.postsTable]: cloud.tables.posts,
        [ENV.moderationTable]: cloud.tables.moderation,
      },
    });
    const figures = /(\d+) published, pending or hidden posts checked, (\d+) fingerprints written, (\d+) already there, (\d+) copies/.exec(
      stdout,
    );
    expect(figures, stdout).not.toBeNull();
    const [checked, claimed, held, copies] = figures!.slice(1).map(Number) as [number, number, number, number];
    return { checked, claimed, held, copies };
  }

  /** A post as old data is: written straight to the posts table, with no fingerprint row. */
  async function oldPost(text: string, status: StoredPost['status']): Promise<StoredPost> {
    const createdAt = new Date(Date.now() - 86_400_000).toISOString();
    const post: StoredPost = {
      id: randomUUID(),
      name: 'Veterana',
      category: 'varios',
      post: text,
      createdAt,
      publishedAt: status === 'published' || status === 'hidden' ? createdAt : null,
      status,
      authorId: randomUUID(),
      votes: { agree: 0, deserved: 0 },
      comments: 0,
      moderation: { score: 0, votes: 0 },
      reports: status === 'hidden' ? 3 : 0,
    };
    const client = cloud.dynamodb();
    try {
      await new DynamoPostRepository(DynamoDBDocumentClient.from(client), cloud.tables.posts).insert(post);
    } finally {
      client.destroy();
    }
    return post;
  }

  async function holderOf(text: string): Promise<unknown> {
    const client = cloud.dynamodb();
    try {
      const { Item } = await DynamoDBDocumentClient.from(client).send(
        new GetCommand({ TableName: cloud.tables.moderation, Key: { key: fingerprintKey(fingerprintOf(text)) }, ConsistentRead: true }),
      );
      return Item?.postId;
    } finally {
      client.destroy();
    }
  }

  it('lets a copy of an old post through before the backfill, refuses it (409 DUPLICATE_POST) after; twice changes nothing', async () => {
    const word = unique();
    const published = await oldPost(`Se me cayó el móvil al váter el día de la boda (${word}).`, 'published');
    const pending = await oldPost(`Pedí una pizza y llegó a casa del vecino (${word}).`, 'pending');
    const hidden = await oldPost(`Mi gato me cerró la puerta del balcón (${word}).`, 'hidden');
    const rejected = await oldPost(`Un texto rechazado hace tiempo (${word}).`, 'rejected');
    const [copyA, copyB] = [
      await oldPost(`Dos copias viejas (${word}).`, 'published'),
      await oldPost(`¡Dos copias viejas, ${word}!`, 'published'),
    ];
    for (const post of [published, pending, hidden, rejected, copyA]) expect(await holderOf(post.post)).toBeUndefined();

    // Before: a copy of the old published post passes (and claims its text; its author then deletes it,
    // so the row names a removed post, which frees the text).
    const author = await newAuthor();
    const before = await send(author, published.post.toUpperCase());
    expect(before.status, JSON.stringify(before.body)).toBe(201);
    const copy = before.body as OwnPost;
    expect((await call(cloud, `/posts/${copy.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);

    const first = await rebuildFingerprints();
    expect(first.claimed).toBeGreaterThanOrEqual(4);
    expect(await holderOf(published.post)).toBe(published.id);
    expect(await holderOf(pending.post)).toBe(pending.id);
    expect(await holderOf(hidden.post)).toBe(hidden.id);
    // A rejected post frees its text: no row for it; of two old copies, one holds the text.
    expect(await holderOf(rejected.post)).toBeUndefined();
    expect([copyA.id, copyB.id]).toContain(await holderOf(copyA.post));

    // After: every copy of a post that holds its text is refused, however written; a rejected one's passes.
    const other = await newAuthor();
    expectError(await send(other, published.post.toUpperCase()), 'DUPLICATE_POST');
    expectError(await send(other, `pedi una pizza y llego a casa del vecino ${word}`), 'DUPLICATE_POST');
    expectError(await send(other, hidden.post), 'DUPLICATE_POST');
    expectError(await send(other, copyB.post), 'DUPLICATE_POST');
    expect((await send(other, rejected.post)).status).toBe(201);

    // Run again: nothing written, the same rows.
    const second = await rebuildFingerprints();
    expect(second.claimed).toBe(0);
    expect(second.checked).toBeGreaterThanOrEqual(first.checked);
    expect(second.copies).toBeGreaterThanOrEqual(1);
    expect(await holderOf(published.post)).toBe(published.id);
  });
});
