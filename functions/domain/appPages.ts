/**
 * The app's pages as documents (docs/api.md, and docs/decisions/0001-page-function-renders-documents.md): for a path, what the page function answers —
 * the data the page shows (read here, at most one Query, plus a GetItem for a post), its status and
 * the tags of its head (title, description, Open Graph with the page's share card, Twitter, canonical). The web renderer
 * (web/src/server/renderDocument.tsx) turns that into HTML with the app's own components.
 *
 * Pages that show data for no one in particular are rendered: `/`, `/category/:c`, `/post/:id`, `/top`,
 * `/autor/:name`, `/buscar`, `/privacidad`, `/aviso-legal` and the not-found page. The forms and the signed-in pages (`/login`, `/moderar`…) are the app's
 * bare shell, which the browser renders.
 */
import {
  DOCUMENT_PATHS,
  PAGE_DATA_KEYS,
  PAGE_TITLES,
  SITE_NAME,
  categoryFeedTitle,
  documentTitle,
  type PageDataEntries,
  type PageHead,
} from '../contract/documents';
import { isCategory, type Category, type Post } from '../contract/posts';
import { TOP_PERIODS, TOP_RANKINGS } from '../contract/votes';
import { categoryDescription, SITE_DESCRIPTION } from './documents';
import { NoPostsError, PostNotFoundError, ValidationError } from './errors';
import { readFeed, readPost, readRandomPost } from './posts';
import type { PostRepository } from './ports/posts';
import type { RankingStore } from './ports/rankings';
import type { AuthorStore } from './ports/authors';
import { AuthorNotFoundError, readAuthor, readAuthorPosts } from './authors';
import { authorPath, type AuthorProfile } from '../contract/authors';
import { readTop } from './votes';
import { postCardAlt } from '../contract/shareCards';
import { postCardPath } from './shareCards';
import { searchPosts } from './search';
import type { SearchIndexReader } from './ports/search';
import { searchPath } from '../contract/search';
import { LEGAL_PATHS, type LegalDetails } from '../contract/legal';

export type AppDocument =
  /** A page rendered on the server with its data: 200, or 404 for what does not exist or is not public. */
  | { kind: 'rendered'; status: 200 | 404; head: PageHead; data: PageDataEntries }
  /** A page the browser renders (forms, signed-in pages): the app's shell, 200. */
  | { kind: 'shell' }
  /** A path with an extension that is not one of the site's files: a plain 404. */
  | { kind: 'missingFile' }
  /**
   * «Aleatorio» (`/aleatorio`): a 302 to a random published post's page, or to `/` while there is
   * none; a renamed account's former apodo (`/autor/:old`): a 301 to its page at the apodo it holds now.
   */
  | { kind: 'redirect'; status: 301 | 302; location: string };

export type AppPageDeps = {
  posts: PostRepository;
  top: RankingStore;
  authors: AuthorStore;
  search: SearchIndexReader;
  /** Who runs the site and the region its data is in, for «Privacidad» and «Aviso legal». */
  legal: LegalDetails;
  now?: () => Date;
};

/** Routes of the app that only the browser renders (web/src/app/ClientRoutes.tsx). */
const SHELL_ROUTES = new Set([
  '/newpost',
  '/login',
  '/register',
  '/moderar',
  '/moderar/suspensiones',
  '/moderar/registro',
  '/moderar/recursos',
  '/mis-anecdotas',
  '/cuenta',
  '/guardadas',
  '/avisos',
]);

/** The longest description a page's head carries; shared-link previews show about this much. */
const DESCRIPTION_LENGTH = 200;

/**
 * The document for `path` (as requested, still percent-encoded) and its query string, for a site at
 * `origin` (`https://example.org`).
 */
export async function appDocument(deps: AppPageDeps, path: string, query: URLSearchParams, origin: string): Promise<AppDocument> {
  // React Router matches with or without a trailing slash; the canonical address has none.
  const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (route === '/') return feedPage(deps, origin);
  if (route === DOCUMENT_PATHS.random) return randomPage(deps);
  if (SHELL_ROUTES.has(route)) return { kind: 'shell' };
  if (route === '/top') return topPage(deps, origin, query);
  if (route === '/buscar') return searchPage(deps, origin, query);
  if (route === LEGAL_PATHS.privacy) return legalPage(deps, origin, 'privacy');
  if (route === LEGAL_PATHS.legalNotice) return legalPage(deps, origin, 'legalNotice');
  const segments = route.split('/').slice(1);
  if (segments.length === 2 && segments[0] === 'category') {
    const category = decoded(segments[1] ?? '');
    return category !== undefined && isCategory(category) ? feedPage(deps, origin, category) : unknownCategory(origin, route);
  }
  if (segments.length === 2 && segments[0] === 'post') return postPage(deps, origin, decoded(segments[1] ?? '') ?? '');
  if (segments.length === 2 && segments[0] === 'autor') return authorPage(deps, origin, route, decoded(segments[1] ?? ''));
  if (/\.[^/]*$/.test(route)) return { kind: 'missingFile' };
  return notFound(origin, route, PAGE_TITLES.notFound);
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function feedPage(deps: AppPageDeps, origin: string, category?: Category): Promise<AppDocument> {
  const page = await readFeed(deps, { category });
  return {
    kind: 'rendered',
    status: 200,
    head: {
      title: documentTitle(category ? PAGE_TITLES.category(category) : undefined),
      description: category ? categoryDescription(category) : SITE_DESCRIPTION,
      url: `${origin}${category ? `/category/${category}` : '/'}`,
      type: 'website',
      feeds: category ? [{ title: categoryFeedTitle(category), href: DOCUMENT_PATHS.categoryRss(category) }] : [],
    },
    data: { [PAGE_DATA_KEYS.feed(category)]: page },
  };
}

/** One Query of the random index (at most two), as `GET /posts/random`; a site with no post sends the reader home. */
async function randomPage(deps: AppPageDeps): Promise<AppDocument> {
  try {
    const post = await readRandomPost(deps);
    return { kind: 'redirect', status: 302, location: `/post/${encodeURIComponent(post.id)}` };
  } catch (error) {
    if (!(error instanceof NoPostsError)) throw error;
    return { kind: 'redirect', status: 302, location: '/' };
  }
}

async function postPage(deps: AppPageDeps, origin: string, id: string): Promise<AppDocument> {
  let post: Post | null;
  try {
    post = await readPost(deps, id);
  } catch (error) {
    // A malformed id, or a post that does not exist or is not public (pending, rejected, hidden…).
    if (!(error instanceof PostNotFoundError) && !(error instanceof ValidationError)) throw error;
    post = null;
  }
  const data = { [PAGE_DATA_KEYS.post(id)]: { post } };
  if (!post) return { ...notFound(origin, `/post/${encodeURIComponent(id)}`, PAGE_TITLES.postNotFound), data };
  return {
    kind: 'rendered',
    status: 200,
    head: {
      title: documentTitle(PAGE_TITLES.post(post.name)),
      description: excerpt(post.post),
      url: `${origin}/post/${post.id}`,
      type: 'article',
      feeds: [],
      image: { url: `${origin}${postCardPath(post)}`, alt: postCardAlt(post.name) },
    },
    data,
  };
}

/**
 * `/top`: as the page itself reads its address (web/src/app/routes/TopRoute.tsx), anything unknown is
 * the default; without a period it opens on the one `GET /posts/top` chooses (this week, or the
 * first later one with a ranked post), named in the page's data.
 */
async function topPage(deps: AppPageDeps, origin: string, query: URLSearchParams): Promise<AppDocument> {
  const asked = oneOf(TOP_PERIODS, query.get('period'));
  const by = oneOf(TOP_RANKINGS, query.get('by')) ?? 'agree';
  const page = await readTop(deps, { period: asked, by });
  const address = asked ? `?period=${asked}&by=${by}` : by === 'agree' ? '' : `?by=${by}`;
  return {
    kind: 'rendered',
    status: 200,
    head: {
      title: documentTitle(PAGE_TITLES.top(page.period, by)),
      description: `Las anécdotas más votadas en ${SITE_NAME}: hoy, esta semana, este mes y siempre.`,
      url: `${origin}/top${address}`,
      type: 'website',
      feeds: [],
    },
    data: { [PAGE_DATA_KEYS.top(asked ?? 'opening', by)]: page },
  };
}

/**
 * `/autor/:name`: the author's profile and first page of posts (an account's, or a name's without
 * one), a 301 for a renamed account's former apodo, or a 404 (unknown, deleted, «Anonimo»). The
 * canonical address is the apodo as the account holds it now.
 */
async function authorPage(deps: AppPageDeps, origin: string, route: string, name: string | undefined): Promise<AppDocument> {
  let author: AuthorProfile;
  try {
    const found = await readAuthor(deps, name);
    if ('movedTo' in found) return { kind: 'redirect', status: 301, location: authorPath(found.movedTo) };
    author = found;
  } catch (error) {
    if (!(error instanceof AuthorNotFoundError)) throw error;
    return {
      ...notFound(origin, route, PAGE_TITLES.authorNotFound),
      data: name === undefined ? {} : { [PAGE_DATA_KEYS.author(name)]: { author: null } },
    };
  }
  const key = name ?? author.name;
  const posts = await readAuthorPosts(deps, key, {});
  // Renamed between the two reads: the next request is redirected.
  if ('movedTo' in posts) return { kind: 'redirect', status: 301, location: authorPath(posts.movedTo) };
  const count = author.posts === 1 ? '1 anécdota publicada' : `${author.posts} anécdotas publicadas`;
  return {
    kind: 'rendered',
    status: 200,
    head: {
      title: documentTitle(PAGE_TITLES.author(author.name)),
      description: `${author.name} en ${SITE_NAME}: ${count}, ${author.votes.agree} «¡Vaya día!» y ${author.votes.deserved} «Te lo mereces».`,
      url: `${origin}${authorPath(author.name)}`,
      type: 'profile',
      feeds: [],
    },
    data: { [PAGE_DATA_KEYS.author(key)]: { author }, [PAGE_DATA_KEYS.authorPosts(key)]: posts },
  };
}

/**
 * `/buscar?q=&category=`: the first page of results in the document, kept out of search engines
 * (`noindex`: a results page is no content of its own). Without a query, or with one the API refuses
 * (INVALID_QUERY, UNKNOWN_CATEGORY), the page carries no results and the app says why.
 */
async function searchPage(deps: AppPageDeps, origin: string, query: URLSearchParams): Promise<AppDocument> {
  const q = (query.get('q') ?? '').trim();
  const rawCategory = query.get('category') ?? undefined;
  const category = rawCategory !== undefined && isCategory(rawCategory) ? rawCategory : undefined;
  const head: PageHead = {
    title: documentTitle(PAGE_TITLES.search(q)),
    description: `Busca entre las anécdotas de ${SITE_NAME} por sus palabras.`,
    url: `${origin}${q ? searchPath(q, category) : '/buscar'}`,
    type: 'website',
    feeds: [],
    noindex: true,
  };
  if (!q || (rawCategory !== undefined && !category)) return { kind: 'rendered', status: 200, head, data: {} };
  try {
    const page = await searchPosts(deps, { q, category });
    return { kind: 'rendered', status: 200, head, data: { [PAGE_DATA_KEYS.search(q, category)]: page } };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return { kind: 'rendered', status: 200, head, data: {} };
  }
}

/**
 * «Privacidad» and «Aviso legal»: documents of the site itself, rendered like the other pages, with
 * the deployment's details (the operator, the region) as their data.
 */
function legalPage(deps: AppPageDeps, origin: string, page: keyof typeof LEGAL_PATHS): AppDocument {
  const description =
    page === 'privacy'
      ? `Qué datos guarda ${SITE_NAME}, para qué, cuánto tiempo, quién los trata y cómo ejercer tus derechos.`
      : `Quién es el titular de ${SITE_NAME} y cómo contactar con él.`;
  return {
    kind: 'rendered',
    status: 200,
    head: {
      title: documentTitle(PAGE_TITLES[page]),
      description,
      url: `${origin}${LEGAL_PATHS[page]}`,
      type: 'website',
      feeds: [],
    },
    data: { [PAGE_DATA_KEYS.legal]: deps.legal },
  };
}

function unknownCategory(origin: string, route: string): AppDocument {
  return notFound(origin, route, PAGE_TITLES.unknownCategory);
}

function notFound(origin: string, route: string, title: string): AppDocument & { kind: 'rendered' } {
  return {
    kind: 'rendered',
    status: 404,
    head: { title: documentTitle(title), description: SITE_DESCRIPTION, url: `${origin}${route}`, type: 'website', feeds: [] },
    data: {},
  };
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** The text for a description: whitespace folded, cut at a word with an ellipsis when long. */
function excerpt(text: string): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  if (folded.length <= DESCRIPTION_LENGTH) return folded;
  const cut = folded.slice(0, DESCRIPTION_LENGTH - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}
