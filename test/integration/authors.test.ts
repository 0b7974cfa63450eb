/**
 * Author pages (docs/api.md) against the real local cloud: `GET /authors/{name}` and its
 * posts, looked up ignoring case and accents, the 404s (unknown, «Anonimo», deleted, a former apodo
 * past its 90 days), a renamed apodo's 301 to the new one,
 * totals that stay exact while votes arrive at once, and the server-rendered `/autor/:name` document.
 */
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameKey } from '../../functions/contract/apodos';
import type { AuthorProfile } from '../../functions/contract/authors';
import { ERRORS } from '../../functions/contract/errors';
import type { OwnPost, Post, PostPage } from '../../functions/contract/posts';
import { call, publish } from '../support/api';
import { fetchHtml } from '../support/html';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';

let cloud: LocalCloudProcess;
let author: TestUser;
let moderator: TestUser;
let voters: TestUser[];
let published: Post[];
let pending: OwnPost;

const NAME = 'María José';
const VOTERS = 12;

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  moderator = await createModerator(cloud);
  author = await createUser(cloud, { name: NAME });
  voters = [];
  for (let i = 0; i < VOTERS; i++) voters.push(await createUser(cloud, { name: `Lectora ${i}` }));
  published = [];
  // Five posts in all (the publish rate limit): three published, one removed, one pending.
  for (let i = 0; i < 3; i++)
    published.push(
      await publishApproved(cloud, author, moderator, { category: 'trabajo', post: `Mi jefe y la fotocopiadora, parte ${i}.` }),
    );
  // One more, removed by its author: it no longer counts.
  const removed = await publishApproved(cloud, author, moderator, { category: 'amor', post: 'Esta la borré yo.' });
  expect((await call(cloud, `/posts/${removed.id}`, { method: 'DELETE', token: author.idToken })).status).toBe(204);
  const created = await publish(cloud, author.idToken, { category: 'varios', post: 'Esta sigue en moderación.' });
  expect(created.status).toBe(201);
  pending = created.body as OwnPost;
}, 600_000);

afterAll(async () => {
  await cloud?.stop();
});

const profile = (name: string) => call<AuthorProfile>(cloud, `/authors/${encodeURIComponent(name)}`);
const postsOf = (name: string, query = '') => call<PostPage>(cloud, `/authors/${encodeURIComponent(name)}/posts${query}`);
const notFound = { status: 404, body: { error: { code: 'AUTHOR_NOT_FOUND', message: ERRORS.AUTHOR_NOT_FOUND.message } } };

describe('GET /authors/{name}', () => {
  it('answers the apodo, since when, the published posts (not pending nor removed) and the votes they received', async () => {
    const response = await profile(NAME);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ name: NAME, since: expect.any(String) as string, posts: 3, votes: { agree: 0, deserved: 0 } });
    // Since the apodo was claimed: before the first post, and not in the future.
    expect(Date.parse(response.body.since!)).toBeLessThanOrEqual(Date.parse(published[0]!.createdAt));
  });

  it('finds the author whatever the case and accents of the address', async () => {
    for (const spelling of ['maria jose', 'MARÍA JOSÉ', 'Maria Jose', 'mArÍa  josé']) {
      const response = await profile(spelling);
      expect(response.status, spelling).toBe(200);
      expect(response.body.name, spelling).toBe(NAME);
    }
  });

  it('keeps the totals exact when twelve readers vote on two posts at once, and when one changes their vote', async () => {
    const [first, second] = published as [Post, Post];
    const votes = await Promise.all(
      voters.map((voter, i) =>
        call(cloud, `/posts/${i % 2 === 0 ? first.id : second.id}/vote`, {
          method: 'PUT',
          token: voter.idToken,
          body: { vote: i % 3 === 0 ? 'deserved' : 'agree' },
        }),
      ),
    );
    expect(votes.map((vote) => vote.status)).toEqual(voters.map(() => 200));
    const agree = voters.filter((_, i) => i % 3 !== 0).length;
    expect((await profile(NAME)).body.votes).toEqual({ agree, deserved: VOTERS - agree });
    // Voter 0 voted «Te lo mereces»; now «¡Vaya día!».
    expect(
      (await call(cloud, `/posts/${first.id}/vote`, { method: 'PUT', token: voters[0]!.idToken, body: { vote: 'agree' } })).status,
    ).toBe(200);
    expect((await profile(NAME)).body.votes).toEqual({ agree: agree + 1, deserved: VOTERS - agree - 1 });
  });

  it('answers 404 AUTHOR_NOT_FOUND for an unknown name, «Anonimo», an empty or overlong name and path tricks', async () => {
    for (const name of ['Nadie Conocido', 'Anonimo', 'anonimo', 'Anónimo', ' ', 'x'.repeat(101), '../posts', '%00', '<script>']) {
      expect(await profile(name), name).toMatchObject(notFound);
      expect(await postsOf(name), name).toMatchObject(notFound);
    }
  });

  it('answers a deleted author at none of their names (their posts stay, signed «Anonimo»)', async () => {
    const renamed = await createUser(cloud, { name: 'Nombre Viejo' });
    const post = await publishApproved(cloud, renamed, moderator, { category: 'familia', post: 'Mi suegra y el GPS.' });
    expect((await rename(renamed, 'Nombre Nuevo')).status).toBe(200);
    expect((await profile('nombre nuevo')).body).toMatchObject({ name: 'Nombre Nuevo', posts: 1 });
    expect((await postsOf('Nombre Nuevo')).body.items.map((item) => [item.id, item.name])).toEqual([[post.id, 'Nombre Nuevo']]);

    expect((await call(cloud, '/me', { method: 'DELETE', token: renamed.idToken })).status).toBe(204);
    expect(await profile('Nombre Nuevo')).toMatchObject(notFound);
    expect(await unfollowed('/authors/Nombre%20Viejo')).toMatchObject({ status: 404 });
    expect((await call<Post>(cloud, `/posts/${post.id}`)).body.name).toBe('Anonimo');
  });
});

const rename = (user: TestUser, name: string) => call(cloud, '/me/name', { method: 'PUT', token: user.idToken, body: { name } });
/** A request whose redirect is not followed: its status and `Location`. */
async function unfollowed(path: string, base = cloud.config.apiUrl) {
  const response = await fetch(`${base}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return { status: response.status, location: response.headers.get('location'), cacheControl: response.headers.get('cache-control') };
}
/** Moves a former apodo's expiry (its name row's TTL) to the past, as 90 days would. */
async function expire(name: string) {
  const documents = DynamoDBDocumentClient.from(cloud.dynamodb());
  await documents.send(
    new UpdateCommand({
      TableName: cloud.tables.names,
      Key: { key: `name#${nameKey(name)}` },
      UpdateExpression: 'SET expiresAt = :past',
      ConditionExpression: 'attribute_exists(expiresAt)',
      ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
    }),
  );
  documents.destroy();
}

describe('a renamed apodo', () => {
  it('answers 301 to the new apodo, for the profile, its posts (query kept) and the /autor document, whatever the case', async () => {
    const user = await createUser(cloud, { name: 'Antes Era Pepa' });
    await publishApproved(cloud, user, moderator, { category: 'amistad', post: 'La cena sorpresa era el lunes.' });
    expect((await rename(user, 'Ahora Soy Pepa')).status).toBe(200);
    expect(await unfollowed('/authors/antes%20era%20pepa')).toEqual({
      status: 301,
      location: '/authors/Ahora%20Soy%20Pepa',
      // Shared for seconds, never kept for good: the old name may be claimed again.
      cacheControl: expect.stringContaining('max-age=0') as string,
    });
    expect((await unfollowed('/authors/Antes%20Era%20Pepa/posts?limit=2')).location).toBe('/authors/Ahora%20Soy%20Pepa/posts?limit=2');
    // A client that follows it lands on the account's page.
    expect((await profile('Antes Era Pepa')).body).toMatchObject({ name: 'Ahora Soy Pepa', posts: 1 });
    expect(await unfollowed('/autor/Antes%20Era%20Pepa', cloud.webUrl)).toMatchObject({
      status: 301,
      location: '/autor/Ahora%20Soy%20Pepa',
    });
    // Two renames: the first name leads to the last.
    expect((await rename(user, 'Pepa Tercera')).status).toBe(200);
    expect((await unfollowed('/authors/Antes%20Era%20Pepa')).location).toBe('/authors/Pepa%20Tercera');
    expect((await unfollowed('/authors/Ahora%20Soy%20Pepa')).location).toBe('/authors/Pepa%20Tercera');
  });

  it('is a 404 once its 90 days are over', async () => {
    const user = await createUser(cloud, { name: 'Caduca Pronto' });
    expect((await rename(user, 'Caducado Ya')).status).toBe(200);
    expect((await unfollowed('/authors/Caduca%20Pronto')).status).toBe(301);
    await expire('Caduca Pronto');
    expect(await profile('Caduca Pronto')).toMatchObject(notFound);
    expect((await unfollowed('/autor/Caduca%20Pronto', cloud.webUrl)).status).toBe(404);
  });

  it('can be claimed by someone else at once, whose page it then is; its old owner can take it back before that', async () => {
    const first = await createUser(cloud, { name: 'Nombre Codiciado' });
    expect((await rename(first, 'Otro Nombre Cualquiera')).status).toBe(200);
    expect((await rename(first, 'nombre codiciado')).status).toBe(200);
    expect((await profile('Nombre Codiciado')).body.name).toBe('nombre codiciado');
    expect((await rename(first, 'Me Mudo Otra Vez')).status).toBe(200);

    const second = await createUser(cloud, { name: 'Recien Llegada' });
    // Another spelling of the former apodo is the same name.
    expect((await rename(second, 'NOMBRE CODICIADO')).status).toBe(200);
    expect(await unfollowed('/authors/Nombre%20Codiciado')).toMatchObject({ status: 200 });
    expect((await profile('Nombre Codiciado')).body).toMatchObject({ name: 'NOMBRE CODICIADO', posts: 0 });
    // Its first owner can no longer have it.
    expect((await rename(first, 'Nombre Codiciado')).body).toMatchObject({ error: { code: 'NAME_TAKEN' } });
  });
});

describe('GET /authors/{name}/posts', () => {
  it('pages through the published posts newest first, without repeats, leaving pending and removed ones out', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response: Awaited<ReturnType<typeof postsOf>> = await postsOf('MARIA JOSE', `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      expect(response.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.items.map((item) => item.id));
      cursor = response.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(published.map((post) => post.id).reverse());
    expect(seen).not.toContain(pending.id);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    expect((await postsOf(NAME, '?limit=0')).body).toMatchObject({ error: { code: 'INVALID_LIMIT' } });
    expect((await postsOf(NAME, '?cursor=nope')).body).toMatchObject({ error: { code: 'INVALID_CURSOR' } });
  });
});

async function page(path: string) {
  const { status, document, meta } = await fetchHtml(`${cloud.webUrl}${path}`);
  return { status, document, meta, text: document.querySelector('#root')?.textContent ?? '' };
}

describe('/autor/:name document', () => {
  it('holds the profile, the posts and its own title, description and Open Graph tags, whatever the case of the address', async () => {
    const { status, document, meta, text } = await page('/autor/maria%20jose');
    expect(status).toBe(200);
    expect(document.title).toBe(`Anécdotas de ${NAME} · Vaya día`);
    expect(meta('og:title')).toBe(`Anécdotas de ${NAME} · Vaya día`);
    expect(meta('og:type')).toBe('profile');
    expect(meta('description')).toContain('3 anécdotas publicadas');
    expect(meta('og:description')).toBe(meta('description'));
    const canonical = `${cloud.webUrl}/autor/${encodeURIComponent(NAME)}`;
    expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(canonical);
    expect(meta('og:url')).toBe(canonical);
    expect(document.querySelector('h1')?.textContent).toBe(NAME);
    expect(text).toMatch(/Desde \p{L}+ de \d{4}/u);
    for (const post of published) expect(text).toContain(post.post);
    expect(text).not.toContain('Esta sigue en moderación.');
    expect(text).not.toContain('Esta la borré yo.');
  });

  it('links every author name on the cards to their page', async () => {
    const { document } = await page('/');
    const links = [...document.querySelectorAll('a.post-card__author')];
    expect(links.length).toBeGreaterThan(0);
    expect(links.map((link) => link.getAttribute('href'))).toContain(`/autor/${encodeURIComponent(NAME)}`);
  });

  it('answers 404 with the not-found page for an unknown author and for «Anonimo»', async () => {
    for (const path of ['/autor/Nadie%20Conocido', '/autor/An%C3%B3nimo', '/autor/%E0%A4%A']) {
      const { status, document } = await page(path);
      expect(status, path).toBe(404);
      expect(document.title, path).toBe('Autor no encontrado · Vaya día');
    }
  });
});
