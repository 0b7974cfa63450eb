/**
 * Search of the archive (`GET /search`, docs/api.md) against the real local cloud: the
 * index is written by the posts stream's batched reader (its search part) from the posts table, as
 * on AWS. Accents and word forms, every word required, the category filter, paging without repeats,
 * pending posts never found, a removed post gone (from the answers and from the index) within 5 s,
 * hostile queries, the rebuild of the index from the posts table.
 */
import { createRequire } from 'node:module';
import { QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type ErrorBody } from '../../functions/contract/errors';
import type { OwnPost, Post, PostPage } from '../../functions/contract/posts';
import { queryTerms } from '../../functions/contract/search';
import { rebuildSearch } from '../../functions/domain/search';
import { DynamoSearchStore } from '../../functions/store/dynamodb/searchStore';
import { call, publish } from '../support/api';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let moderator: TestUser;
let authors: TestUser[];
const posts: Record<string, Post> = {};
let pending: OwnPost;
const lunes: string[] = [];

const search = (query: string) => call<PostPage | ErrorBody>(cloud, `/search?${query}`);
const found = async (query: string) => {
  const response = await search(query);
  expect(response.status, query).toBe(200);
  return (response.body as PostPage).items.map((item) => item.id);
};

/** Polls `check` until it holds or `ms` pass (the stream follows the posts within seconds). */
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
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  authors = [];
  for (let i = 0; i < 3; i++) authors.push(await createUser(cloud, { name: `Buscadora ${i}` }));
  const [a, b, c] = authors as [TestUser, TestUser, TestUser];
  // At most five posts an author (the publish rate limit).
  posts.camion = await publishApproved(cloud, a, moderator, {
    category: 'trabajo',
    post: 'Llegué tarde al trabajo porque un camión de la basura bloqueaba toda la calle.',
  });
  posts.pijama = await publishApproved(cloud, a, moderator, {
    category: 'trabajo',
    post: 'Mi jefe me pilló trabajando en pijama durante la videollamada con el cliente.',
  });
  posts.novia = await publishApproved(cloud, a, moderator, {
    category: 'amor',
    post: 'Cambié tres veces de trabajos para seguir a mi novia y ella se mudó a Burgos.',
  });
  posts.mudanza = await publishApproved(cloud, b, moderator, {
    category: 'varios',
    post: 'El CAMION de mudanzas se llevó mi sofá a un pueblo equivocado de Teruel.',
  });
  posts.paella = await publishApproved(cloud, b, moderator, { category: 'familia', post: 'Mi suegra quemó la paella y culpó al perro.' });
  const created = await publish(cloud, c.idToken, { category: 'varios', post: 'Un unicornio esperando moderación en la oficina.' });
  expect(created.status).toBe(201);
  pending = created.body as OwnPost;
  posts.pizza = await publishApproved(cloud, c, moderator, { category: 'varios', post: 'La pizza voladora aterrizó en el ventilador.' });
  // Eight posts with «lunes», for paging.
  const by = [a, a, b, b, b, c, c, c];
  for (const [i, author] of by.entries()) {
    const post = await publishApproved(cloud, author, moderator, {
      category: i % 2 === 0 ? 'trabajo' : 'amistad',
      post: `Otro lunes número ${i + 1}: se me olvidó la cartera, versión ${'abcdefgh'[i]}.`,
    });
    lunes.push(post.id);
  }
  // Every published post findable (the stream follows within seconds; a loaded machine is slower).
  const all = await within(
    60_000,
    () => found('q=lunes&limit=100'),
    (ids) => ids.length === lunes.length,
  );
  expect(all.length).toBe(lunes.length);
  await within(
    60_000,
    () => found('q=paella'),
    (ids) => ids.length === 1,
  );
}, 600_000);

afterAll(async () => {
  await cloud?.stop();
});

describe('GET /search', () => {
  it('ignores case and accents: «camion» finds «camión» and «CAMION»', async () => {
    const ids = await found('q=camion');
    expect(ids.sort()).toEqual([posts.camion!.id, posts.mudanza!.id].sort());
    expect((await found('q=CAMIÓN')).sort()).toEqual(ids.sort());
  });

  it('matches Spanish word forms: «trabajo» finds «trabajo», «trabajando» and «trabajos»', async () => {
    const ids = await found('q=trabajo');
    expect(ids.sort()).toEqual([posts.camion!.id, posts.pijama!.id, posts.novia!.id].sort());
    expect((await found('q=trabajando')).sort()).toEqual(ids.sort());
  });

  it('requires every word', async () => {
    expect(await found(`q=${encodeURIComponent('camión basura')}`)).toEqual([posts.camion!.id]);
    expect(await found(`q=${encodeURIComponent('camión paella')}`)).toEqual([]);
    // Stop words are not words to find: «el camión de la» is «camión».
    expect((await found(`q=${encodeURIComponent('el camión de la')}`)).sort()).toEqual([posts.camion!.id, posts.mudanza!.id].sort());
  });

  it('answers whole published posts, best match first', async () => {
    const response = await search('q=paella');
    expect(response.body).toEqual({ items: [posts.paella], nextCursor: null });
  });

  it('filters by category', async () => {
    expect(await found('q=trabajo&category=amor')).toEqual([posts.novia!.id]);
    expect(await found('q=camion&category=varios')).toEqual([posts.mudanza!.id]);
    expect(await found('q=camion&category=picante')).toEqual([]);
    expect(await search('q=camion&category=bricolaje')).toMatchObject({ status: 400, body: { error: { code: 'UNKNOWN_CATEGORY' } } });
  });

  it('pages without repeats or gaps, newest first among equal scores', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response: Awaited<ReturnType<typeof search>> = await search(`q=lunes&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      const page = response.body as PostPage;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(lunes));
    // The eight posts have the same length and one «lunes» each: the same score, so newest first.
    expect(seen).toEqual([...lunes].reverse());
    expect(await search('q=lunes&cursor=bm9wZQ')).toMatchObject({ status: 400, body: { error: { code: 'INVALID_CURSOR' } } });
    expect(await search('q=lunes&limit=0')).toMatchObject({ status: 400, body: { error: { code: 'INVALID_LIMIT' } } });
  });

  it('never finds a pending post', async () => {
    expect(await found('q=unicornio')).toEqual([]);
    expect((await call(cloud, `/posts/${pending.id}`)).status).toBe(404);
  });

  it('forgets a removed post within 5 s (each page checks its posts are still published), and the stream deletes its entries', async () => {
    expect(await found(`q=${encodeURIComponent('pizza voladora')}`)).toEqual([posts.pizza!.id]);
    expect((await call(cloud, `/posts/${posts.pizza!.id}`, { method: 'DELETE', token: authors[2]!.idToken })).status).toBe(204);
    const ids = await within(
      5_000,
      () => found('q=pizza'),
      (value) => value.length === 0,
    );
    expect(ids).toEqual([]);
    // The index itself follows within seconds on a quiet machine; a loaded one gets a minute.
    const client = cloud.dynamodb();
    try {
      const [term] = queryTerms('pizza') as [string];
      const entries = await within(
        60_000,
        async () =>
          (
            await client.send(
              new QueryCommand({
                TableName: cloud.tables.search,
                KeyConditionExpression: 'term = :t',
                ExpressionAttributeValues: { ':t': { S: term } },
              }),
            )
          ).Items ?? [],
        (items) => items.length === 0,
      );
      expect(entries).toEqual([]);
    } finally {
      client.destroy();
    }
  });

  it('answers 400 INVALID_QUERY for an empty, overlong or letterless query, and never a 5xx for hostile ones', async () => {
    const invalid = { status: 400, body: { error: { code: 'INVALID_QUERY', message: ERRORS.INVALID_QUERY.message } } };
    for (const q of ['', '   ', 'a'.repeat(101), 'x'.repeat(1000), '!!! ¿¿?? ... ---', '7 42 1000', 'a b c', '🙈🙉🙊', '%00']) {
      expect(await search(`q=${encodeURIComponent(q)}`), q).toMatchObject(invalid);
    }
    expect(await search('')).toMatchObject(invalid);
    expect(await search('q=a&q=b')).toMatchObject({ status: 400 });
    for (const q of [
      "'; DROP TABLE posts; --",
      'camion OR 1=1',
      '.*+?^${}()|[]\\',
      'camión 🚚🔥',
      '" OR ""="',
      '<script>alert(1)</script>',
      'term#trabajo',
      'de la que el',
      'palabra '.repeat(12).trim(),
    ]) {
      const response = await search(`q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBeLessThan(500);
      expect([200, 400], q).toContain(response.status);
    }
    expect(await found(`q=${encodeURIComponent('camión 🚚🔥')}`)).toHaveLength(2);
    expect(await found(`q=${encodeURIComponent('de la que el')}`)).toEqual([]);
  });

  it('answers the same query twenty times at once alike', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => search('q=trabajo')));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    const first = JSON.stringify(responses[0]!.body);
    for (const response of responses) expect(JSON.stringify(response.body)).toBe(first);
  });
});

type Element = { textContent: string | null; getAttribute(name: string): string | null };
type HtmlDocument = {
  title: string;
  querySelector(selector: string): Element | null;
  querySelectorAll(selector: string): ArrayLike<Element> & Iterable<Element>;
};
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: HtmlDocument } } };

async function page(path: string) {
  const response = await fetch(`${cloud.webUrl}${path}`);
  const document = new JSDOM(await response.text()).window.document;
  return { status: response.status, document, text: document.querySelector('#root')?.textContent ?? '' };
}

describe('/buscar document', () => {
  it('holds the results without scripts, the query in the box, the matches marked, and noindex', async () => {
    const { status, document, text } = await page('/buscar?q=Camion');
    expect(status).toBe(200);
    expect(document.title).toBe('Buscar «Camion» · Vaya día');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(text).toContain(posts.camion!.post);
    expect(text).toContain(posts.mudanza!.post);
    expect(text).not.toContain(posts.paella!.post);
    expect(document.querySelector('#search-page-q')?.getAttribute('value')).toBe('Camion');
    expect([...document.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(expect.arrayContaining(['camión', 'CAMION']));
    // The header's box is a plain form to /buscar: it works before the scripts load.
    const form = document.querySelector('form.site-search');
    expect(form?.getAttribute('action')).toBe('/buscar');
    expect(form?.getAttribute('method')).toBe('get');
  });

  it('suggests the categories when nothing matches, and renders an invalid query without failing', async () => {
    const empty = await page(`/buscar?q=${encodeURIComponent('ornitorrinco')}`);
    expect(empty.status).toBe(200);
    expect(empty.text).toContain('No encontramos anécdotas');
    expect([...empty.document.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toContain('/category/amor');
    for (const q of ['', '!!!', 'x'.repeat(1000)]) {
      const { status, document } = await page(`/buscar?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content'), q).toBe('noindex');
    }
  });
});

describe('rebuilding the index (npm run rebuild -- search)', () => {
  it('writes back what is missing and deletes what no published post holds', async () => {
    const client = cloud.dynamodb();
    const documents = DynamoDBDocumentClient.from(client);
    try {
      const [term] = queryTerms('paella') as [string];
      const postKey = `${posts.paella!.publishedAt}#${posts.paella!.id}`;
      // The paella post's entry lost, and a stale entry for the pending post.
      await documents.send(new DeleteCommand({ TableName: cloud.tables.search, Key: { term, postKey } }));
      const stale = `2020-01-01T00:00:00.000Z#${pending.id}`;
      await documents.send(
        new PutCommand({
          TableName: cloud.tables.search,
          Item: { term: queryTerms('unicornio')[0], postKey: stale, termCategory: `${queryTerms('unicornio')[0]}#varios`, tf: 1, len: 3 },
        }),
      );
      expect(await found('q=paella')).toEqual([]);

      const done = await rebuildSearch(new DynamoSearchStore(documents, { search: cloud.tables.search, posts: cloud.tables.posts }));
      expect(done.removed).toBe(1);
      expect(done.published).toBe(5 + lunes.length);
      expect(await found('q=paella')).toEqual([posts.paella!.id]);
      const { Items = [] } = await client.send(new ScanCommand({ TableName: cloud.tables.search }));
      expect(Items.some((item) => item.postKey?.S === stale)).toBe(false);
      // Run again: nothing left to remove.
      expect(
        (await rebuildSearch(new DynamoSearchStore(documents, { search: cloud.tables.search, posts: cloud.tables.posts }))).removed,
      ).toBe(0);
    } finally {
      client.destroy();
    }
  });
});
