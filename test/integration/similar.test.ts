/**
 * «¿Se parece a alguna de estas?» (`GET /posts/similar`, and `similar` in `GET /moderation/next`,
 * docs/api.md) against the real local cloud: the search index written by the posts stream, read one
 * Query per term. Every DynamoDB call of the cloud goes through a counting pass-through
 * (test/support/dynamoCounter.ts), so the reads a request makes are measured, not assumed.
 */
import { randomUUID } from 'node:crypto';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorBody } from '../../functions/contract/errors';
import type { PendingPostWithSimilar } from '../../functions/contract/moderation';
import type { OwnPost, Post, PostPage } from '../../functions/contract/posts';
import type { SimilarPosts } from '../../functions/contract/similar';
import { call, publish } from '../support/api';
import { startDynamoCounter, type DynamoCounter } from '../support/dynamoCounter';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let counter: DynamoCounter;
let cloud: LocalCloudProcess;
let reader: TestUser;
const posts: Record<string, Post> = {};
const perros: string[] = [];
let pending: OwnPost;

const CAMION = 'Llegué tarde al trabajo porque un camión de la basura bloqueaba toda la calle y mi jefe no se creyó nada.';
/** The same story told again: other order, other forms, no accents, capitals. */
const CAMION_AGAIN = 'MI JEFE no se lo creyo: un camion de basura bloqueó la calle entera y por eso llegue tarde a trabajar.';

/** `token` null: not signed in. */
const similar = (text: string | undefined, token: string | null = reader.idToken) =>
  call<SimilarPosts | ErrorBody>(cloud, text === undefined ? '/posts/similar' : `/posts/similar?text=${encodeURIComponent(text)}`, {
    token: token ?? undefined,
  });
const found = async (text: string) => {
  const response = await similar(text);
  expect(response.status, text).toBe(200);
  return (response.body as SimilarPosts).items.map((item) => item.id);
};

/** Polls `read` until `check` holds or `ms` pass (the stream follows the posts within seconds). */
async function within<T>(ms: number, read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

beforeAll(async () => {
  counter = await startDynamoCounter();
  cloud = await startLocalCloudProcess({ env: { SEED: '0', DYNAMODB_ENDPOINT: counter.endpoint } });
  const moderator = await createModerator(cloud);
  const authors: TestUser[] = [];
  for (let i = 0; i < 3; i++) authors.push(await createUser(cloud, { name: `Parecida ${i}` }));
  reader = await createUser(cloud, { name: 'Lectora parecida' });
  const [a, b, c] = authors as [TestUser, TestUser, TestUser];
  posts.camion = await publishApproved(cloud, a, moderator, { category: 'trabajo', post: CAMION });
  posts.paella = await publishApproved(cloud, a, moderator, {
    category: 'familia',
    post: 'Mi suegra quemó la paella del domingo y le echó la culpa al perro delante de toda la familia.',
  });
  posts.tren = await publishApproved(cloud, b, moderator, {
    category: 'varios',
    post: 'Hoy llegué tarde a la cena de cumpleaños de mi abuela porque el tren se averió en mitad del túnel.',
  });
  // Four tellings of one story, for the cap of three.
  const tellings = [
    'Mi perro se tragó las llaves del coche en el ascensor del vecino y tuvimos que esperar al veterinario.',
    'En el ascensor del vecino mi perro se tragó las llaves del coche; el veterinario tardó una eternidad.',
    'El veterinario no se lo creía: mi perro se tragó las llaves del coche dentro del ascensor del vecino.',
    'Las llaves del coche acabaron en la barriga de mi perro, en el ascensor del vecino, y el veterinario alucinó.',
  ];
  for (const [i, post] of tellings.entries())
    perros.push((await publishApproved(cloud, i < 2 ? b : c, moderator, { category: 'varios', post })).id);
  // A retelling of the camión story waiting in the queue.
  const created = await publish(cloud, c.idToken, {
    category: 'trabajo',
    post: 'Un camión de la basura bloqueó toda mi calle, llegué tarde al trabajo y mi jefe no se creyó ni una palabra.',
  });
  expect(created.status).toBe(201);
  pending = created.body as OwnPost;
  // Every published post in the index (the stream follows within seconds; a loaded machine is slower).
  const indexed = await within(
    60_000,
    async () => (await call<PostPage>(cloud, '/search?q=veterinario&limit=100')).body.items.length,
    (count) => count === tellings.length,
  );
  expect(indexed).toBe(tellings.length);
  for (const q of ['camion', 'paella', 'tren']) {
    await within(
      60_000,
      async () => (await call<PostPage>(cloud, `/search?q=${q}`)).body.items.length,
      (count) => count === 1,
    );
  }
}, 600_000);

afterAll(async () => {
  await cloud?.stop();
  await counter?.close();
});

describe('GET /posts/similar', () => {
  it('finds a story told again in other words, order, case and accents', async () => {
    expect(await found(CAMION_AGAIN)).toEqual([posts.camion!.id]);
  });

  it('finds nothing for an unrelated story, even one that shares a couple of words', async () => {
    // «llegué tarde» is in the camión and the tren stories: two common words are not a look-alike.
    expect(await found('Llegué tarde a la boda de mi prima porque me dormí con el vestido puesto y la alarma sin sonar.')).toEqual([]);
    expect(await found('Un gato negro se coló en la biblioteca municipal durante el examen de oposiciones de mi hermana.')).toEqual([]);
  });

  it('answers at most three, published posts only, never a pending one', async () => {
    const response = await similar('Mi perro se tragó las llaves del coche en el ascensor del vecino; llamamos al veterinario.');
    expect(response.status).toBe(200);
    const { items } = response.body as SimilarPosts;
    expect(items).toHaveLength(3);
    for (const item of items) expect(perros).toContain(item.id);
    // Every item a public post, no author id.
    expect(Object.keys(items[0]!).sort()).toEqual(Object.keys(posts.camion!).sort());
    expect(await found(pending.post)).not.toContain(pending.id);
  });

  it('answers 400 INVALID_SIMILAR_TEXT for no text, only spaces or more than 300 characters', async () => {
    const invalid = { status: 400, body: { error: { code: 'INVALID_SIMILAR_TEXT', message: ERRORS.INVALID_SIMILAR_TEXT.message } } };
    for (const text of [undefined, '', '   \n\t ', 'a'.repeat(301), Array.from({ length: 1000 }, () => 'camión').join(' ')]) {
      expect(await similar(text), String(text).slice(0, 20)).toMatchObject(invalid);
    }
    // 300 characters once trimmed is allowed, spaces around it are not counted.
    expect(await similar(`  ${'b'.repeat(300)}  `)).toMatchObject({ status: 200, body: { items: [] } });
  });

  it('answers an empty list, never an error, for hostile texts', async () => {
    const hostile = [
      'de la que el en los del se las por un para con no una su al lo como pero sus le ya o este si porque',
      '!!! ¿¿?? ... --- ;;; «»',
      Array.from({ length: 42 }, () => 'camión').join(' '),
      '%00 \u0000 <script>alert(1)</script>',
      '🙈🙉🙊'.repeat(20),
      'ｃａｍｉｏｎ',
    ];
    for (const text of hostile) expect(await similar(text), text).toMatchObject({ status: 200, body: { items: [] } });
  });

  it('answers 401 without a token, 401 ACCOUNT_DELETED to a deleted account and serves a suspended one (a read)', async () => {
    expect(await similar(CAMION_AGAIN, null)).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHORIZED' } } });
    const deleted = await createUser(cloud);
    expect(await call(cloud, '/me', { method: 'DELETE', token: deleted.idToken })).toMatchObject({ status: 204 });
    expect(await similar(CAMION_AGAIN, deleted.idToken)).toMatchObject({ status: 401, body: { error: { code: 'ACCOUNT_DELETED' } } });

    const suspended = await createUser(cloud);
    const documents = DynamoDBDocumentClient.from(cloud.dynamodb());
    try {
      await documents.send(
        new UpdateCommand({
          TableName: cloud.tables.names,
          Key: { key: `user#${decodeJwt(suspended.idToken).sub}` },
          UpdateExpression: 'SET suspendedUntil = :until',
          ExpressionAttributeValues: { ':until': new Date(Date.now() + 86_400_000).toISOString() },
        }),
      );
    } finally {
      documents.destroy();
    }
    const answer = await similar(CAMION_AGAIN, suspended.idToken);
    expect(answer.status).toBe(200);
    expect((answer.body as SimilarPosts).items.map((item) => item.id)).toEqual([posts.camion!.id]);
  });

  it('answers twenty identical requests at once alike', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => similar(CAMION_AGAIN)));
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { items: [{ id: posts.camion!.id }] } });
  });

  it('reads at most 12 Queries of the index and never Scans, however many words the text has', async () => {
    // 300 characters of distinct words: far more than twelve terms.
    const long = Array.from(
      { length: 60 },
      (_, i) => `palabra${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    )
      .join(' ')
      .slice(0, 290);
    const texts = [CAMION_AGAIN, `${CAMION_AGAIN} ${long}`.slice(0, 300), long];
    for (const text of texts) {
      await similar(text); // warm: a cold start reads the account's row more than once
      counter.reset();
      expect((await similar(text)).status).toBe(200);
      const calls = counter.calls();
      const searchQueries = calls.filter((entry) => entry.table === cloud.tables.search && entry.operation === 'Query');
      const postReads = calls.filter((entry) => entry.table === cloud.tables.posts);
      expect(searchQueries.length, text).toBeGreaterThan(0);
      expect(searchQueries.length, text).toBeLessThanOrEqual(12);
      expect(calls.filter((entry) => entry.operation === 'Scan')).toEqual([]);
      expect(postReads.every((entry) => entry.operation === 'BatchGetItem' && entry.items <= 5)).toBe(true);
      console.info(
        `similar: ${searchQueries.length} index Queries, ${searchQueries.reduce((sum, entry) => sum + entry.items, 0)} entries read, ` +
          `${postReads.length} BatchGetItem (${postReads.reduce((sum, entry) => sum + entry.items, 0)} posts) for ${text.length} characters`,
      );
    }
  });
});

describe('GET /moderation/next', () => {
  it("shows the pending post's look-alikes, never the post itself", async () => {
    const voter = await createUser(cloud, { name: `Votante ${randomUUID().slice(0, 6)}` });
    const next = await call<PendingPostWithSimilar>(cloud, '/moderation/next', { token: voter.idToken });
    expect(next.status).toBe(200);
    expect(next.body.id).toBe(pending.id);
    expect(next.body.similar.map((post) => post.id)).toEqual([posts.camion!.id]);
    counter.reset();
    await call(cloud, '/moderation/next', { token: voter.idToken });
    expect(counter.calls().filter((entry) => entry.table === cloud.tables.search).length).toBeLessThanOrEqual(12);
  });
});
