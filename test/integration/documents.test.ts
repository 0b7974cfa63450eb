/**
 * The page function's documents (the app's pages rendered with their posts, RSS feeds, sitemap,
 * robots.txt) as a visitor, a link preview, a feed reader or a crawler gets them from the site's own
 * origin: the local web server calls the same handler CloudFront sends these paths to on AWS.
 */
import { BatchWriteItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEED_DOCUMENT_SIZE } from '../../functions/contract/documents';
import { type OwnPost, type Post } from '../../functions/contract/posts';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { postItem } from '../../functions/store/dynamodb/postItems';
import { call, publish } from '../support/api';
import { spelledDate } from '../support/dates';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser, type TestUser } from '../support/users';
import { publishedPost } from '../support/posts';

let cloud: LocalCloudProcess;
let author: TestUser;
let moderator: TestUser;
let hostile: Post;
let amor: Post;
let pending: OwnPost;

/** Characters no XML 1.0 document may hold, escaped or not. */
const CONTROL = '\u0001\u0007\u001f';
/** Everything a crawler could choke on: markup, an entity, the end of a CDATA section, control characters, quotes. */
const hostileText = (control: string) =>
  `Puse <script>alert("hola")</script> & &amp; ]]> en el chat${control} del jefe, «sin querer» 'de verdad'`;
const HOSTILE_TEXT = hostileText(CONTROL);
/** What XML can carry of it: the same text without the control characters. */
const HOSTILE_AS_XML = hostileText('');

beforeAll(async () => {
  cloud = await startLocalCloudProcess({ env: { SEED: '0' } });
  author = await createUser(cloud, { name: 'Feeds' });
  moderator = await createModerator(cloud);
  hostile = await publishApproved(cloud, author, moderator, { category: 'trabajo', post: HOSTILE_TEXT });
  amor = await publishApproved(cloud, author, moderator, { category: 'amor', post: 'Le escribí a mi ex en vez de a mi madre.' });
  // The Top lists only posts with a vote of its kind.
  const voted = await call(cloud, `/posts/${amor.id}/vote`, { method: 'PUT', token: moderator.idToken, body: { vote: 'agree' } });
  expect(voted.status).toBe(200);
  await vi.waitFor(
    async () =>
      expect((await call<{ items: Post[] }>(cloud, '/posts/top?period=all')).body.items.map((post) => post.id)).toContain(amor.id),
    { timeout: 15_000, interval: 200 },
  );
  const created = await publish(cloud, author.idToken, { category: 'amor', post: 'Esta espera en moderación.' });
  expect(created.status).toBe(201);
  pending = created.body as OwnPost;
});

afterAll(async () => {
  await cloud?.stop();
});

type Fetched = { status: number; type: string; cacheControl: string; body: string };

async function get(path: string): Promise<Fetched> {
  const response = await fetch(`${cloud.webUrl}${path}`);
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    cacheControl: response.headers.get('cache-control') ?? '',
    body: await response.text(),
  };
}

/** The part of the DOM these tests read (jsdom's types are not installed; this suite runs in Node). */
type XmlElement = {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  getElementsByTagName(tag: string): ArrayLike<XmlElement> & Iterable<XmlElement>;
};
type XmlDocument = { documentElement: XmlElement; getElementsByTagName(tag: string): ArrayLike<XmlElement> & Iterable<XmlElement> };
type DomParser = new () => { parseFromString(text: string, type: 'application/xml'): XmlDocument };
type HtmlDocument = {
  title: string;
  querySelector(selector: string): (XmlElement & { textContent: string | null }) | null;
  querySelectorAll(selector: string): ArrayLike<XmlElement>;
};
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { DOMParser: DomParser; document: HtmlDocument } };
};

/** A page as a browser without JavaScript (or a link preview) reads it. */
async function page(path: string) {
  const fetched = await get(path);
  const document = new JSDOM(fetched.body).window.document;
  const meta = (key: string) =>
    document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
    document.querySelector(`meta[name="${key}"]`)?.getAttribute('content');
  return {
    ...fetched,
    document,
    meta,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    text: document.querySelector('#root')?.textContent ?? '',
  };
}

/** Parses with a strict XML parser (a browser's, jsdom's): a document that is not well-formed fails the test. */
function parseXml(text: string): XmlDocument {
  const { DOMParser } = new JSDOM('').window;
  const document = new DOMParser().parseFromString(text, 'application/xml');
  const error = document.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`not well-formed XML: ${error.textContent}\n${text.slice(0, 500)}`);
  return document;
}

const texts = (document: XmlDocument, tag: string) => [...document.getElementsByTagName(tag)].map((element) => element.textContent ?? '');

describe('RSS', () => {
  it("serves the site's feed as RSS 2.0 that parses as XML, the hostile post's text escaped and intact, links absolute", async () => {
    const response = await get('/rss.xml');
    expect(response).toMatchObject({
      status: 200,
      type: 'application/rss+xml; charset=utf-8',
      cacheControl: 'public, max-age=60, s-maxage=60',
    });
    expect(response.body).not.toContain('<script>');
    expect(response.body).not.toContain(']]>');
    const feed = parseXml(response.body);
    expect(feed.documentElement.tagName).toBe('rss');
    expect(feed.documentElement.getAttribute('version')).toBe('2.0');
    const channel = feed.getElementsByTagName('channel')[0]!;
    expect(channel.getElementsByTagName('title')[0]?.textContent).toBe('Vaya día');
    expect(channel.getElementsByTagName('link')[0]?.textContent).toBe(`${cloud.webUrl}/`);
    const items = [...feed.getElementsByTagName('item')];
    const item = items.find((candidate) => candidate.getElementsByTagName('guid')[0]?.textContent === `${cloud.webUrl}/post/${hostile.id}`);
    expect(item, 'the hostile post is in the feed').toBeDefined();
    expect(item!.getElementsByTagName('description')[0]?.textContent).toBe(HOSTILE_AS_XML);
    expect(item!.getElementsByTagName('link')[0]?.textContent).toBe(`${cloud.webUrl}/post/${hostile.id}`);
    expect(item!.getElementsByTagName('dc:creator')[0]?.textContent).toBe('Feeds');
    // RFC 822, to the second.
    expect(Date.parse(item!.getElementsByTagName('pubDate')[0]?.textContent ?? '')).toBe(
      Math.floor(Date.parse(hostile.publishedAt) / 1000) * 1000,
    );
  });

  it('lists only published posts, newest first: the pending one is absent', async () => {
    const feed = parseXml((await get('/rss.xml')).body);
    const links = texts(feed, 'guid');
    expect(links).toEqual([`${cloud.webUrl}/post/${amor.id}`, `${cloud.webUrl}/post/${hostile.id}`]);
    expect((await get('/rss.xml')).body).not.toContain(pending.id);
  });

  it("serves each category's feed with that category's posts only, and 404 for an unknown category", async () => {
    const response = await get('/category/amor/rss.xml');
    expect(response.status).toBe(200);
    const feed = parseXml(response.body);
    expect(feed.getElementsByTagName('title')[0]?.textContent).toBe('Vaya día · amor');
    expect(texts(feed, 'guid')).toEqual([`${cloud.webUrl}/post/${amor.id}`]);
    expect((await get('/category/cocina/rss.xml')).status).toBe(404);
  });
});

describe('robots.txt and the sitemap', () => {
  it('robots.txt lets crawlers in, keeps them out of the forms and the API, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8' });
    expect(response.body).toContain('User-agent: *');
    expect(response.body).toContain('Disallow: /moderar');
    expect(response.body).toContain('Disallow: /posts');
    expect(response.body).toContain(`Sitemap: ${cloud.webUrl}/sitemap.xml`);
  });

  it('lists the sections and every published post, never a pending one', async () => {
    const response = await get('/sitemap.xml');
    expect(response).toMatchObject({ status: 200, type: 'application/xml; charset=utf-8' });
    const sitemap = parseXml(response.body);
    expect(sitemap.documentElement.tagName).toBe('urlset');
    const locations = texts(sitemap, 'loc');
    expect(locations).toContain(`${cloud.webUrl}/`);
    expect(locations).toContain(`${cloud.webUrl}/category/amor`);
    expect(locations).toContain(`${cloud.webUrl}/privacidad`);
    expect(locations).toContain(`${cloud.webUrl}/aviso-legal`);
    expect(locations).toContain(`${cloud.webUrl}/post/${hostile.id}`);
    expect(locations).toContain(`${cloud.webUrl}/post/${amor.id}`);
    expect(response.body).not.toContain(pending.id);
  });

  it('becomes an index of daily pages when the site is large; each page lists that day’s published posts', async () => {
    // 1,050 published posts over three days of January, written straight to the table.
    const posts: StoredPost[] = Array.from({ length: 1_050 }, (_, index) => {
      const at = new Date(Date.UTC(2026, 0, 1 + (index % 3), 10, 0, index % 60, index)).toISOString();
      return publishedPost({ name: 'Masa', post: `Anécdota número ${index}`, createdAt: at, authorId: 'bulk' });
    });
    const dynamo = cloud.dynamodb();
    try {
      for (let start = 0; start < posts.length; start += 25) {
        const requests = posts
          .slice(start, start + 25)
          .map((post) => ({ PutRequest: { Item: marshall(postItem(post), { removeUndefinedValues: true }) } }));
        const { UnprocessedItems } = await dynamo.send(new BatchWriteItemCommand({ RequestItems: { [cloud.tables.posts]: requests } }));
        expect(Object.keys(UnprocessedItems ?? {})).toEqual([]);
      }
    } finally {
      dynamo.destroy();
    }

    const index = parseXml((await get('/sitemap.xml')).body);
    expect(index.documentElement.tagName).toBe('sitemapindex');
    const pages = texts(index, 'loc');
    const today = new Date().toISOString().slice(0, 10);
    expect(pages[0]).toBe(`${cloud.webUrl}/sitemap-secciones.xml`);
    expect(pages[1]).toBe(`${cloud.webUrl}/sitemap-2026-01-01.xml`);
    expect(pages.at(-1)).toBe(`${cloud.webUrl}/sitemap-${today}.xml`);

    const firstDay = parseXml((await get('/sitemap-2026-01-01.xml')).body);
    const expected = posts.filter((post) => post.publishedAt!.startsWith('2026-01-01')).map((post) => `${cloud.webUrl}/post/${post.id}`);
    expect(texts(firstDay, 'loc').sort()).toEqual(expected.sort());
    const lastDay = texts(parseXml((await get(`/sitemap-${today}.xml`)).body), 'loc');
    expect(lastDay).toEqual(expect.arrayContaining([`${cloud.webUrl}/post/${hostile.id}`, `${cloud.webUrl}/post/${amor.id}`]));
    expect(lastDay.join(' ')).not.toContain(pending.id);
    expect(texts(parseXml((await get('/sitemap-secciones.xml')).body), 'loc')).toContain(`${cloud.webUrl}/top`);
    expect((await get('/sitemap-2026-02-30.xml')).status).toBe(404);

    // The feed still lists the latest 20, newest first.
    const feed = parseXml((await get('/rss.xml')).body);
    expect(texts(feed, 'guid')).toHaveLength(FEED_DOCUMENT_SIZE);
    expect(texts(feed, 'guid')[0]).toBe(`${cloud.webUrl}/post/${amor.id}`);
  });
});

describe("the API's description", () => {
  it('/api/openapi.json is the OpenAPI 3.1 document as JSON, the same for everyone and cacheable, describing the API', async () => {
    const response = await get('/api/openapi.json');
    expect(response.status).toBe(200);
    expect(response.type).toMatch(/^application\/json/);
    expect(response.cacheControl).toMatch(/public, max-age=\d+/);
    const document = JSON.parse(response.body) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(Object.keys(document.paths['/posts'] ?? {})).toEqual(['get', 'post']);
  });
});

describe('an API path with a malformed %-escape', () => {
  it('is answered by the API with its JSON error at the site origin, exactly as the gateway answers it, never the HTML not-found page', async () => {
    for (const [path, code] of [
      ['/posts/%E0%A4%A', 'POST_NOT_FOUND'],
      ['/posts/%E0%A4%A/comments', 'POST_NOT_FOUND'],
      ['/posts/%ZZ/nothing', 'ROUTE_NOT_FOUND'],
    ] as const) {
      const gateway = await fetch(`${cloud.config.apiUrl}${path}`);
      const site = await fetch(`${cloud.webUrl}${path}`);
      for (const response of [gateway, site]) {
        expect(response.status, path).toBe(404);
        expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
        expect(((await response.json()) as { error: { code: string } }).error.code, path).toBe(code);
      }
    }
  });
});

describe('pages rendered with their posts', () => {
  it('/ holds the newest posts, escaped, with its meta tags and the data the app takes over; shared a few seconds', async () => {
    const home = await page('/');
    expect(home).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, s-maxage=5' });
    expect(home.document.title).toBe('Vaya día · anécdotas de días malos');
    expect(home.text).toContain(amor.post);
    expect(home.text).toContain(HOSTILE_AS_XML.slice(0, 20));
    expect(home.document.querySelectorAll('#root script')).toHaveLength(0);
    expect(home.text).not.toContain(pending.post);
    expect(home.meta('description')).toBe('Anécdotas cortas de días malos, en seis categorías.');
    expect(home.meta('og:title')).toBe('Vaya día · anécdotas de días malos');
    expect(home.meta('og:url')).toBe(`${cloud.webUrl}/`);
    expect(home.meta('og:type')).toBe('website');
    expect(home.meta('og:site_name')).toBe('Vaya día');
    expect(home.meta('og:locale')).toBe('es_ES');
    expect(home.meta('twitter:card')).toBe('summary_large_image');
    expect(home.canonical).toBe(`${cloud.webUrl}/`);
    expect(home.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    // The data is the rendered page's query cache (TanStack Query's dehydrated state): the home feed's
    // first page holds the page's posts, newest first (the large site's posts of the sitemap test are older).
    const data = JSON.parse(home.document.querySelector('#vaya-datos')?.textContent ?? '') as {
      queries: Array<{ queryKey: unknown[]; state: { data: { pages: Array<{ items: Post[] }> } } }>;
    };
    const feed = data.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(['posts', 'feed', 'all']));
    const items = feed!.state.data.pages[0]!.items;
    expect(items.slice(0, 2).map((post) => post.id)).toEqual([amor.id, hostile.id]);
    expect(items).toHaveLength(home.document.querySelectorAll('#root article').length);
  });

  it("/post/:id previews the anecdote: its text in the page, og: tags of its own, the author's apodo, never an email", async () => {
    const shown = await page(`/post/${amor.id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain(amor.post);
    expect(shown.document.title).toBe('Anécdota de Feeds · Vaya día');
    expect(shown.meta('og:title')).toBe('Anécdota de Feeds · Vaya día');
    expect(shown.meta('og:description')).toBe(amor.post);
    expect(shown.meta('description')).toBe(amor.post);
    expect(shown.meta('og:type')).toBe('article');
    expect(shown.meta('og:url')).toBe(`${cloud.webUrl}/post/${amor.id}`);
    expect(shown.canonical).toBe(`${cloud.webUrl}/post/${amor.id}`);
    expect(shown.body).not.toContain(author.email);
    // Its date in Madrid's time (the server cannot know the reader's zone), spelled as the app spells it
    // in the reader's zone once it takes the page over: "26 de noviembre de 2026, 7:05".
    expect(shown.document.querySelector(`time[datetime="${amor.publishedAt}"]`)?.textContent).toBe(
      spelledDate(amor.publishedAt, 'Europe/Madrid'),
    );

    const hostilePage = await page(`/post/${hostile.id}`);
    expect(hostilePage.meta('og:description')).toBe(HOSTILE_TEXT.replace(/\s+/g, ' '));
    expect(hostilePage.document.querySelectorAll('script:not([type="module"]):not([type="application/json"]):not([src])')).toHaveLength(
      // index.html's own inline scripts (the early /config.json request, the votes note's, the tap keeper, the after-paint loader), and nothing from the post.
      4,
    );
  });

  it("answers 404 with the site's not-found page for a pending post, an unknown one, a malformed id, an unknown category or address", async () => {
    const waiting = await page(`/post/${pending.id}`);
    expect(waiting.status).toBe(404);
    expect(waiting.text).toContain('No encontramos esa anécdota');
    expect(waiting.body).not.toContain(pending.post);
    expect((await page(`/post/${randomUUID()}`)).status).toBe(404);
    expect((await page('/post/%E0%A4%A')).status).toBe(404);
    const cocina = await page('/category/cocina');
    expect(cocina).toMatchObject({ status: 404 });
    expect(cocina.text).toContain('Categoría desconocida');
    const nada = await page('/nada/de/nada');
    expect(nada.status).toBe(404);
    expect(nada.text).toContain('Esa dirección no existe');
    expect(await get('/imagen.png')).toMatchObject({ status: 404, type: 'text/plain; charset=utf-8' });
  });

  it('/category/:c holds that category only and announces its RSS feed', async () => {
    const category = await page('/category/amor');
    expect(category.status).toBe(200);
    expect(category.text).toContain(amor.post);
    expect(category.text).not.toContain(HOSTILE_AS_XML.slice(0, 20));
    expect(category.document.title).toBe('Amor · Vaya día');
    expect(category.document.querySelector('link[rel="alternate"][href="/category/amor/rss.xml"]')).not.toBeNull();
  });

  it('/top holds the ranking its address asks for (unknown tabs are the defaults)', async () => {
    const top = await page('/top?period=all&by=agree');
    expect(top.status).toBe(200);
    expect(top.text).toContain(amor.post);
    expect(top.document.title).toBe('Top: ¡Vaya día! (siempre) · Vaya día');
    expect(top.canonical).toBe(`${cloud.webUrl}/top?period=all&by=agree`);
    const hostileTabs = await page('/top?period=%3Cscript%3E&by=');
    expect(hostileTabs.status).toBe(200);
    expect(hostileTabs.canonical).toBe(`${cloud.webUrl}/top`);
  });

  it('works before any script: «Aleatorio», Login and Register are links in the HTML, and sign-in returns to the page', async () => {
    const post = await page(`/post/${amor.id}`);
    const link = (name: string) =>
      Array.from(post.document.querySelectorAll('header a'))
        .find((a) => a.textContent?.trim() === name)
        ?.getAttribute('href');
    expect(link('Aleatorio')).toBe('/aleatorio');
    expect(link('Login')).toBe(`/login?next=${encodeURIComponent(`/post/${amor.id}`)}`);
    expect(link('Register')).toBe(`/register?next=${encodeURIComponent(`/post/${amor.id}`)}`);
    // The vote buttons are not disabled (a tap before the app runs is kept by the document's script).
    const votes = Array.from(post.document.querySelectorAll('article [data-intent^="vote-"]'));
    expect(votes.map((button) => button.getAttribute('data-intent'))).toEqual([`vote-agree:${amor.id}`, `vote-deserved:${amor.id}`]);
    expect(votes.map((button) => button.getAttribute('disabled'))).toEqual([null, null]);
    expect(post.document.querySelector('head script')?.textContent).toBeTruthy();
  });

  it('/aleatorio redirects (302, never cached) to a random published post, never a pending one', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${cloud.webUrl}/aleatorio`, { redirect: 'manual' });
      expect(response.status).toBe(302);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const location = response.headers.get('location') ?? '';
      expect(location).toMatch(/^\/post\/[^/]+$/);
      seen.add(decodeURIComponent(location.slice('/post/'.length)));
    }
    expect(seen.has(pending.id)).toBe(false);
    for (const id of seen) expect((await call(cloud, `/posts/${encodeURIComponent(id)}`)).status, id).toBe(200);
    // Followed, it is the post's page.
    const followed = await fetch(`${cloud.webUrl}/aleatorio`);
    expect(followed.status).toBe(200);
    expect(new URL(followed.url).pathname).toMatch(/^\/post\//);
  });

  it('/privacidad and /aviso-legal are rendered documents with their titles, canonical address and footer links; locally the operator is a placeholder', async () => {
    const privacy = await page('/privacidad');
    expect(privacy).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(privacy.document.title).toBe('Privacidad · Vaya día');
    expect(privacy.canonical).toBe(`${cloud.webUrl}/privacidad`);
    expect(privacy.document.querySelector('h1')?.textContent).toBe('Privacidad');
    // No region locally: the page names the one the site is deployed to.
    expect(privacy.text).toContain('la región de AWS donde se despliega el sitio');
    expect(privacy.text).toContain('[Nombre del titular]');
    expect(privacy.text).toContain('Descargar mis datos');
    expect(privacy.document.querySelector('#main a[href="/cuenta"]')).not.toBeNull();
    // The details travel with the document, for the app that takes it over.
    expect(privacy.document.querySelector('#vaya-datos')?.textContent).toContain('[Correo de contacto]');

    const notice = await page('/aviso-legal');
    expect(notice).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
    expect(notice.document.title).toBe('Aviso legal · Vaya día');
    expect(notice.canonical).toBe(`${cloud.webUrl}/aviso-legal`);
    for (const placeholder of ['[Nombre del titular]', '[NIF del titular]', '[Dirección del titular]', '[Correo de contacto]'])
      expect(notice.text).toContain(placeholder);

    for (const shown of [privacy, notice, await page('/'), await page('/nada/de/nada')]) {
      expect(shown.document.querySelector('footer a[href="/privacidad"]')?.textContent).toBe('Privacidad');
      expect(shown.document.querySelector('footer a[href="/aviso-legal"]')?.textContent).toBe('Aviso legal');
    }
  });

  it('serves the forms and signed-in pages as the bare app, for the browser to render', async () => {
    for (const path of ['/login', '/newpost', '/moderar', '/moderar/suspensiones', '/moderar/registro', '/moderar/recursos', '/cuenta']) {
      const shell = await page(path);
      expect(shell.status, path).toBe(200);
      expect(shell.document.querySelector('#vaya-datos'), path).toBeNull();
      expect(shell.document.querySelector('script[type="module"]'), path).not.toBeNull();
    }
  });
});
