/**
 * A fresh site as a newcomer finds it, against the real local cloud with its samples: every sample's
 * author has a page built from their posts (`GET /authors/{name}`, `/autor/:name`), found whatever
 * the spelling; an account holding the same name wins; a copy of a sample is a DUPLICATE_POST; and
 * `/top` without a period opens on a period that has something to show, and says which.
 */
import { describe, expect, it } from 'vitest';
import type { AuthorProfile } from '../../functions/contract/authors';
import type { ErrorBody } from '../../functions/contract/errors';
import type { PostPage } from '../../functions/contract/posts';
import { DEFAULT_TOP_PERIODS, type TopPage } from '../../functions/contract/votes';
import { PENDING_SAMPLES, SAMPLES } from '../../infra/local/fixtures/samplePosts';
import { call, publish } from '../support/api';
import { cloudPerFile } from '../support/cloudPerFile';
import { fetchHtml } from '../support/html';
import { createUser } from '../support/users';

const site = cloudPerFile();

const profile = (name: string) => call<AuthorProfile | ErrorBody>(site.cloud, `/authors/${encodeURIComponent(name)}`);
const postsOf = (name: string, query = '') => call<PostPage>(site.cloud, `/authors/${encodeURIComponent(name)}/posts${query}`);
const sample = (name: string) => SAMPLES.find((item) => item.name === name)!;

describe('the samples’ authors', () => {
  it('each have a page with their published post', async () => {
    for (const { name, post } of SAMPLES) {
      const response = await profile(name);
      expect(response.status, name).toBe(200);
      expect(response.body, name).toMatchObject({ name, posts: 1, since: expect.any(String) as string });
      expect(
        (await postsOf(name)).body.items.map((item) => [item.name, item.post]),
        name,
      ).toEqual([[name, post]]);
    }
  });

  it('are found ignoring case, accents and look-alike letters', async () => {
    // «Lucía» as lucia, LUCÍA, with a dotless ı, a combining accent, full-width; «Tomás» waits in moderation: no page yet.
    for (const spelling of ['lucia', 'LUCÍA', 'Lucıa', 'Luci\u0301a', '\uff2c\uff55\uff43\uff49\uff41']) {
      const response = await profile(spelling);
      expect(response.status, spelling).toBe(200);
      expect((response.body as AuthorProfile).name, spelling).toBe('Lucía');
    }
    expect(PENDING_SAMPLES.map((item) => item.name)).toContain('Tomás');
    expect((await profile('Tomás')).status).toBe(404);
  });

  it('pages through an author’s posts like an account’s', async () => {
    const first = await postsOf('Ana', '?limit=1');
    expect(first.body).toMatchObject({ items: [{ post: sample('Ana').post }], nextCursor: null });
    expect((await postsOf('Ana', '?cursor=nope')).body).toMatchObject({ error: { code: 'INVALID_CURSOR' } });
  });

  it('refuses hostile names with 404 AUTHOR_NOT_FOUND and never another page', async () => {
    for (const name of ['David/../posts', 'David/', '/David', '%44avid', 'David%00', 'D'.repeat(200), 'Davi'.repeat(50), 'David\u202E']) {
      const response = await profile(name);
      expect(response.status, name).toBe(404);
      expect(response.body, name).toMatchObject({ error: { code: 'AUTHOR_NOT_FOUND' } });
    }
  });

  it('give way to an account that holds the same name: its page wins', async () => {
    await createUser(site.cloud, { name: 'sergio' });
    expect((await profile('Sergio')).body).toMatchObject({ name: 'sergio', posts: 0 });
    expect((await postsOf('Sergio')).body.items).toEqual([]);
  });

  it('have server-rendered /autor pages, and so do their other spellings', async () => {
    for (const [path, name] of [
      ['/autor/David', 'David'],
      ['/autor/elena', 'Elena'],
      ['/autor/LUC%C3%8DA', 'Lucía'],
    ] as const) {
      const { status, document } = await fetchHtml(`${site.cloud.webUrl}${path}`);
      expect(status, path).toBe(200);
      expect(document.title, path).toBe(`Anécdotas de ${name} · Vaya día`);
      expect(document.querySelector('#root')?.textContent, path).toContain(sample(name).post);
    }
  });
});

describe('a copy of a sample', () => {
  it('is refused with 409 DUPLICATE_POST, word for word or nearly so', async () => {
    const copier = await createUser(site.cloud, { name: 'Copia Muestras' });
    const { category, post } = sample('Nuria');
    expect((await publish(site.cloud, copier.idToken, { category, post })).body).toMatchObject({ error: { code: 'DUPLICATE_POST' } });
    const shouted = (await publish(site.cloud, copier.idToken, { category: 'varios', post: `${post.toUpperCase()}!!` })).body;
    expect(shouted).toMatchObject({ error: { code: 'DUPLICATE_POST' } });
    // One waiting in moderation holds its text too.
    const waiting = PENDING_SAMPLES[0]!;
    expect((await publish(site.cloud, copier.idToken, waiting)).body).toMatchObject({ error: { code: 'DUPLICATE_POST' } });
  });
});

describe('/top without a period', () => {
  const top = (query: string) => call<TopPage>(site.cloud, `/posts/top${query}`);

  it('opens on this week, or the first later period with votes, says which, and the document agrees', async () => {
    // The samples with votes were published a day or more ago: today has none.
    await expect.poll(async () => (await top('?period=all')).body.items.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect((await top('?period=day')).body.items).toEqual([]);
    const opening = await top('');
    expect(opening.status).toBe(200);
    expect(opening.body.items.length).toBeGreaterThan(0);
    let expected: string | undefined;
    for (const period of DEFAULT_TOP_PERIODS) {
      if ((await top(`?period=${period}`)).body.items.length > 0) {
        expected = period;
        break;
      }
    }
    expect(opening.body.period).toBe(expected);
    expect(opening.body).toEqual((await top(`?period=${expected}`)).body);

    const { status, document } = await fetchHtml(`${site.cloud.webUrl}/top`);
    expect(status).toBe(200);
    const labels = { week: 'Esta semana', month: 'Este mes', all: 'Siempre' } as Record<string, string>;
    expect(document.querySelector('.top-tabs a[aria-current="page"]')?.textContent).toBe(labels[expected!]);
    expect(document.querySelector('#root')?.textContent).toContain(opening.body.items[0]!.post);
  });
});
