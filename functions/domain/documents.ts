/**
 * The documents the page function serves besides the app's pages: RSS 2.0 feeds of the site and of
 * each category, the sitemap (an index of daily pages when the site is large) and robots.txt. Only
 * published posts ever appear (the feed indexes are sparse: they hold nothing else). Absolute URLs
 * are built from the site's origin, which the caller takes from the request (see the page handler).
 *
 * XML is built by fast-xml-parser's XMLBuilder, which escapes every text and attribute (`<`, `&`,
 * `>`, quotes), so `]]>` or `<script>` in a post are plain text. Characters XML 1.0 cannot carry at
 * all (control characters, lone surrogates, U+FFFE/U+FFFF), escaped or not, are removed first.
 */
import { XMLBuilder } from 'fast-xml-parser';
import { categoryFeedTitle, DOCUMENT_PATHS, FEED_DOCUMENT_SIZE, SITE_NAME } from '../contract/documents';
import { CATEGORIES, isCategory, type Category } from '../contract/posts';
import { LEGAL_PATHS } from '../contract/legal';
import { API_PATH_PREFIXES } from '../contract/routes';
import type { SitemapEntry, SitemapSource } from './ports/documents';
import type { PostRepository, StoredPost } from './ports/posts';
import { timeOf } from './clock';

export type SiteDocument = {
  status: 200 | 404;
  /** `rss`: application/rss+xml; `xml`: application/xml; `text`: text/plain. */
  kind: 'rss' | 'xml' | 'text';
  body: string;
};

export type DocumentDeps = {
  posts: PostRepository;
  sitemap: SitemapSource;
  now?: () => Date;
  /**
   * Up to this many published posts, `/sitemap.xml` lists them itself; beyond, it is an index of
   * one page per day. @default SITEMAP_DIRECT_LIMIT
   */
  sitemapDirectLimit?: number;
};

/** `/sitemap.xml` lists the posts itself up to this many; a larger site gets an index of days. */
export const SITEMAP_DIRECT_LIMIT = 1_000;
/** The sitemap protocol's limit of URLs per file (and of sitemaps per index). */
export const SITEMAP_MAX_URLS = 50_000;
/** The page of the index that lists the site's sections (home, top, categories). */
export const SITEMAP_SECTIONS_PATH = '/sitemap-secciones.xml';
const dayPagePath = (day: string) => `/sitemap-${day}.xml`;

export const SITE_DESCRIPTION = 'Anécdotas cortas de días malos, en seis categorías.';

export function categoryDescription(category: Category): string {
  return `Anécdotas de días malos en la categoría ${category}.`;
}
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const CATEGORY_RSS = /^\/category\/([^/]+)\/rss\.xml$/;
const DAY_PAGE = /^\/sitemap-(\d{4}-\d{2}-\d{2})\.xml$/;

/**
 * The document at `path` for a site served at `origin` (`https://example.org`, no trailing slash):
 * a feed of an unknown category answers 404 (as plain text); a path that is none of these documents
 * is undefined (the app's pages: appPages.ts).
 */
export async function siteDocument(deps: DocumentDeps, path: string, origin: string): Promise<SiteDocument | undefined> {
  if (path === DOCUMENT_PATHS.rss) return rssFeed(deps, origin);
  const categoryFeed = CATEGORY_RSS.exec(path);
  if (categoryFeed) {
    const category = categoryFeed[1];
    return isCategory(category) ? rssFeed(deps, origin, category) : notFound();
  }
  if (path === DOCUMENT_PATHS.sitemap) return sitemap(deps, origin);
  if (path === SITEMAP_SECTIONS_PATH) return urlset(sectionUrls(origin));
  const day = DAY_PAGE.exec(path)?.[1];
  if (day && isDay(day)) return urlset(postUrls(origin, await deps.sitemap.publishedOn(day, SITEMAP_MAX_URLS)));
  if (path === DOCUMENT_PATHS.robots) return { status: 200, kind: 'text', body: robotsTxt(origin) };
  return undefined;
}

function notFound(): SiteDocument {
  return { status: 404, kind: 'text', body: 'No encontrado.\n' };
}

/** RSS 2.0 of the latest published posts (of one category): one Query of the feed or category index. */
async function rssFeed(deps: DocumentDeps, origin: string, category?: Category): Promise<SiteDocument> {
  const { items } = await deps.posts.page({ category, limit: FEED_DOCUMENT_SIZE });
  const pageUrl = `${origin}${category ? `/category/${category}` : '/'}`;
  const selfUrl = `${origin}${category ? DOCUMENT_PATHS.categoryRss(category) : DOCUMENT_PATHS.rss}`;
  const newest = items[0]?.publishedAt;
  const body = xml({
    rss: {
      '@_version': '2.0',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      channel: {
        title: category ? categoryFeedTitle(category) : SITE_NAME,
        link: pageUrl,
        description: category ? categoryDescription(category) : SITE_DESCRIPTION,
        language: 'es-es',
        'atom:link': { '@_href': selfUrl, '@_rel': 'self', '@_type': 'application/rss+xml' },
        ...(newest ? { lastBuildDate: rfc822(newest) } : {}),
        item: items.map((post) => rssItem(origin, post)),
      },
    },
  });
  return { status: 200, kind: 'rss', body };
}

function rssItem(origin: string, post: StoredPost) {
  const link = `${origin}/post/${post.id}`;
  return {
    title: titleOf(post.post),
    link,
    guid: { '@_isPermaLink': 'true', '#text': link },
    description: post.post,
    'dc:creator': post.name,
    category: post.category,
    ...(post.publishedAt ? { pubDate: rfc822(post.publishedAt) } : {}),
  };
}

/** The first words of the text, at most 80 characters, as the item's title. */
function titleOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  const characters = [...line];
  if (characters.length <= 80) return line;
  const cut = characters.slice(0, 79).join('');
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 40)).trimEnd()}…`;
}

/** RFC 822 dates, as RSS 2.0 asks (`Sun, 22 Nov 2026 08:39:31 GMT`). */
function rfc822(iso: string): string {
  return new Date(iso).toUTCString();
}

/**
 * `/sitemap.xml`: the sections and every published post while there are at most
 * `sitemapDirectLimit` of them (one Query); beyond that, a sitemap index of the sections page and one
 * page per UTC day from the oldest published post's day to today (one more Query of one item).
 */
async function sitemap(deps: DocumentDeps, origin: string): Promise<SiteDocument> {
  const { entries, more } = await deps.sitemap.newest(deps.sitemapDirectLimit ?? SITEMAP_DIRECT_LIMIT);
  if (!more) return urlset([...sectionUrls(origin), ...postUrls(origin, entries)]);
  const oldest = await deps.sitemap.oldestPublishedAt();
  const today = timeOf(deps).toISOString().slice(0, 10);
  const days = oldest ? daysBetween(oldest.slice(0, 10), today, SITEMAP_MAX_URLS - 1) : [];
  const body = xml({
    sitemapindex: {
      '@_xmlns': SITEMAP_NS,
      sitemap: [SITEMAP_SECTIONS_PATH, ...days.map(dayPagePath)].map((path) => ({ loc: `${origin}${path}` })),
    },
  });
  return { status: 200, kind: 'xml', body };
}

type SitemapUrl = { loc: string; lastmod?: string };

function sectionUrls(origin: string): SitemapUrl[] {
  return [
    `${origin}/`,
    `${origin}/top`,
    ...CATEGORIES.map((category) => `${origin}/category/${category}`),
    `${origin}${LEGAL_PATHS.privacy}`,
    `${origin}${LEGAL_PATHS.legalNotice}`,
  ].map((loc) => ({ loc }));
}

function postUrls(origin: string, entries: SitemapEntry[]): SitemapUrl[] {
  return entries.map((entry) => ({ loc: `${origin}/post/${entry.id}`, lastmod: entry.publishedAt.slice(0, 10) }));
}

function urlset(urls: SitemapUrl[]): SiteDocument {
  return { status: 200, kind: 'xml', body: xml({ urlset: { '@_xmlns': SITEMAP_NS, url: urls } }) };
}

function isDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Every UTC day from `first` to `last` (both `YYYY-MM-DD`), oldest first, at most `max` (the newest ones). */
function daysBetween(first: string, last: string, max: number): string[] {
  const days: string[] = [];
  const end = Date.parse(`${last}T00:00:00.000Z`);
  for (let at = Date.parse(`${first}T00:00:00.000Z`); at <= end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days.slice(-max);
}

/**
 * robots.txt: everything public may be crawled; the forms, the pages of one account and the API's
 * JSON may not (the API's paths: the contract's `API_PATH_PREFIXES`). Names the sitemap.
 */
function robotsTxt(origin: string): string {
  const disallowed = ['/newpost', '/login', '/register', '/moderar', '/mis-anecdotas', '/cuenta', '/guardadas', ...API_PATH_PREFIXES];
  return [
    'User-agent: *',
    ...disallowed.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}${DOCUMENT_PATHS.sitemap}`,
    '',
  ].join('\n');
}

/** XML 1.0's `Char` production: anything else cannot appear in a document, not even escaped. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

// suppressBooleanAttributes off: `isPermaLink="true"` must keep its value (a bare attribute is not XML).
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});

/** An XML document (with its declaration) of `root`, every string cleaned of characters XML cannot hold. */
function xml(root: Record<string, unknown>): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build(clean(root))}`;
}

function clean(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NOT_XML_CHAR, '');
  if (Array.isArray(value)) return value.map(clean);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, clean(inner)]));
  return value;
}
