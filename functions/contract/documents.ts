/**
 * The contract of the site's documents: the runtime configuration, the pages' and RSS/sitemap paths,
 * page data, titles and heads. No zod here: the web's first script imports it (web/vite.config.ts checks it).
 */
import type { AuthorProfile } from './authors';
import type { LegalDetails } from './legal';
import type { PostPage, Post, Category } from './posts';
import { TOP_PERIOD_LABELS, VOTE_LABELS, type TopPeriod, type TopRanking } from './voteRules';

/**
 * `GET /config.json`: what the web app needs to find the backend, written at deploy time (AWS) or
 * by the local cloud. `userPoolEndpoint` exists only locally; `oauthDomain` only with Google sign-in.
 */
export type RuntimeConfig = {
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  apiUrl: string;
  wsUrl: string;
  userPoolEndpoint?: string;
  oauthDomain?: string;
  authFlowType?: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
};

const AUTH_FLOW_TYPES: ReadonlyArray<RuntimeConfig['authFlowType']> = ['USER_SRP_AUTH', 'USER_PASSWORD_AUTH'];

/** Whether the text is an absolute URL (as `new URL` reads it). */
function isUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The fields of a `/config.json` body that are missing or wrong, in the order of {@link RuntimeConfig}
 * (`(raíz)` when it is not an object); none when it is a RuntimeConfig. Checked by hand, not by a
 * schema: the web's first script reads it, and carries no zod (web/vite.config.ts checks it).
 */
export function runtimeConfigProblems(value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['(raíz)'];
  const config = value as Record<string, unknown>;
  const text = (field: string) => typeof config[field] === 'string' && config[field] !== '';
  const url = (field: string) => typeof config[field] === 'string' && isUrl(config[field]);
  const checks: Array<[field: keyof RuntimeConfig, ok: boolean]> = [
    ['region', text('region')],
    ['userPoolId', text('userPoolId')],
    ['userPoolClientId', text('userPoolClientId')],
    ['apiUrl', url('apiUrl')],
    ['wsUrl', url('wsUrl')],
    ['userPoolEndpoint', config.userPoolEndpoint === undefined || url('userPoolEndpoint')],
    ['oauthDomain', config.oauthDomain === undefined || text('oauthDomain')],
    ['authFlowType', config.authFlowType === undefined || AUTH_FLOW_TYPES.includes(config.authFlowType as RuntimeConfig['authFlowType'])],
  ];
  return checks.filter(([, ok]) => !ok).map(([field]) => field);
}

/** The site's legal documents (./legal.ts says what they hold). */
export const LEGAL_PATHS = {
  privacy: '/privacidad',
  legalNotice: '/aviso-legal',
} as const;

/** The path of an author's page on the site. */
export function authorPath(name: string): string {
  return `/autor/${encodeURIComponent(name)}`;
}

/**
 * The documents the page function serves besides the app's pages (docs/api.md): the RSS
 * 2.0 feeds of the site and of each category (the latest {@link FEED_DOCUMENT_SIZE} published posts),
 * the sitemap, robots.txt and the API's description. The web app links the feeds (`<link rel="alternate">`) from these.
 */
export const DOCUMENT_PATHS = {
  rss: '/rss.xml',
  categoryRss: (category: Category) => `/category/${category}/rss.xml`,
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
  /** The API's OpenAPI 3.1 description (docs/openapi.json, written by `npm run openapi`). */
  openapi: '/api/openapi.json',
  /**
   * «Aleatorio»: a redirect (302) to a random published post's page (to `/` while there is none), so
   * the header's link works before the app's scripts run, and without them.
   */
  random: '/aleatorio',
} as const;

/** How many posts an RSS feed lists. */
export const FEED_DOCUMENT_SIZE = 20;

/**
 * The data a server-rendered page carries for the app that takes it over (docs/api.md),
 * given by the page function to the renderer, which seeds the web app's query cache with it and writes
 * that cache into the document (web/src/lib/queries.ts): by key, a feed's first page, a post (`null`:
 * none to show, the page is a 404) or a Top page.
 */
export type PageDataEntries = Record<
  string,
  PostPage | { post: Post | null } | { author: AuthorProfile | null } | LegalDetails | undefined
>;

export const PAGE_DATA_KEYS = {
  feed: (category?: Category) => `feed:${category ?? ''}`,
  post: (id: string) => `post:${id}`,
  /** A Top page; `opening`: `/top` without a period (the page names the period chosen). */
  top: (period: TopPeriod | 'opening', by: TopRanking) => `top:${period}:${by}`,
  /** An author's profile (`null`: no such author, the page is a 404), by the name as the address has it. */
  author: (name: string) => `author:${name}`,
  /** The first page of an author's posts, by the name as the address has it. */
  authorPosts: (name: string) => `authorPosts:${name}`,
  /** The first page of a search's results (`/buscar?q=&category=`): the query and category as JSON. */
  search: (query: string, category?: Category) => `search:${JSON.stringify([query, category ?? ''])}`,
  /** «Privacidad» and «Aviso legal»: who runs the site and the region its data is in (functions/contract/legal.ts). */
  legal: 'legal',
};

/** The site's name, as tabs and shared links show it. */
export const SITE_NAME = 'Vaya día';

/**
 * Each page's title (the part before « · Vaya día»), the same in the document the page function
 * renders and in the tab once the app runs (web/src/lib/useDocumentTitle.ts).
 */
export const PAGE_TITLES = {
  category: (category: Category) => category.charAt(0).toUpperCase() + category.slice(1),
  unknownCategory: 'Categoría desconocida',
  post: (authorName: string) => `Anécdota de ${authorName}`,
  postNotFound: 'Anécdota no encontrada',
  top: (period: TopPeriod, by: TopRanking) => `Top: ${VOTE_LABELS[by]} (${TOP_PERIOD_LABELS[period].toLowerCase()})`,
  notFound: 'Página no encontrada',
  author: (name: string) => `Anécdotas de ${name}`,
  authorNotFound: 'Autor no encontrado',
  search: (query: string) => (query ? `Buscar «${query}»` : 'Buscar'),
  privacy: 'Privacidad',
  legalNotice: 'Aviso legal',
};

/** The whole `<title>`: "<page> · Vaya día", or the site's own for the home page. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${SITE_NAME}` : `${SITE_NAME} · anécdotas de días malos`;
}

/** The title of a category's RSS feed, in the feed itself and where pages announce it. */
export function categoryFeedTitle(category: Category): string {
  return `${SITE_NAME} · ${category}`;
}

/** The head of a server-rendered page (the page function's): each value is text, escaped where written. */
export type PageHead = {
  /** The whole `<title>` (see {@link documentTitle}). */
  title: string;
  description: string;
  /** Absolute URL of the page: canonical link and og:url. */
  url: string;
  type: 'website' | 'article' | 'profile';
  /** RSS feeds the page announces besides the site's own (which every page has). */
  feeds: Array<{ title: string; href: string }>;
  /**
   * The page's share card (`og:image`, functions/contract/shareCards.ts): an absolute URL and its
   * `og:image:alt`.
   * @default - the site's card, at the page's origin
   */
  image?: { url: string; alt: string };
  /** Kept out of search engines' indexes (`<meta name="robots" content="noindex">`): the search results. */
  noindex?: boolean;
};
