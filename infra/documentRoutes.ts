/**
 * What the site's origin answers for a path, decided in one place for CloudFront (the viewer-request
 * and viewer-response functions of infra/constructs/site.ts) and for the local server of the
 * production build (infra/local/webServer.ts), so the two cannot drift:
 *
 * - `api`: the API paths of DESIGN.md §3 (`/posts*`, `/me*`, `/moderation*`, `/comments*`) go to the
 *   HTTP API and always answer its JSON, never the app;
 * - `page`: the documents of the page function (the RSS feeds, the sitemap, robots.txt: see
 *   {@link PAGE_PATH_PATTERNS}) go to that function;
 * - `app`: a route of the single-page app gets `index.html` with 200;
 * - `file`: a path whose last segment has a dot (`/config.json`, `/assets/index-abc.js`) is a file,
 *   served as it is or a real 404;
 * - `unknown`: any other document answers 404 with `index.html`'s body, which renders the app's own
 *   not-found page.
 */
import { CATEGORIES } from '../functions/contract';

/** The API's paths: every path that starts with one of these (CloudFront path patterns `<prefix>*`). */
export const API_PATH_PREFIXES = ['/posts', '/me', '/moderation', '/comments'] as const;

/** The one object the app is: every app route is answered with it. */
export const APP_DOCUMENT = '/index.html';

/**
 * The object CloudFront answers unknown documents with (a copy of index.html, deployed beside it), so
 * that the viewer-response function can tell them apart and set 404.
 */
export const NOT_FOUND_DOCUMENT = '/404.html';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * The app's routes (web/src/app/AppRoutes.tsx, and those DESIGN.md §1 adds: `/top`, `/moderar`,
 * `/mis-anecdotas`, `/cuenta`), as whole-path patterns; a trailing slash is allowed, as React Router
 * allows it. `/category/…` only for the six categories and `/post/…` only for a post id (a UUID):
 * anything else under them is an unknown document.
 */
export const APP_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/(?:newpost|login|register|top|moderar|mis-anecdotas|cuenta)\/?$/,
  new RegExp(`^/category/(?:${CATEGORIES.join('|')})/?$`),
  new RegExp(`^/post/${UUID}/?$`),
];

/**
 * The paths the page function answers, as CloudFront path patterns (`*` is any run of characters):
 * each is a behaviour of the distribution whose origin is the function's URL, and the local web
 * server calls the same function for them. The function itself answers 404 for what it does not know
 * under them (`/category/cocina/rss.xml`, `/sitemap-nada.xml`).
 */
export const PAGE_PATH_PATTERNS = ['/rss.xml', '/category/*/rss.xml', '/sitemap*.xml', '/robots.txt'] as const;

const PAGE_PATHS: readonly RegExp[] = PAGE_PATH_PATTERNS.map(
  (pattern) =>
    new RegExp(
      `^${pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    ),
);

/** Whether CloudFront sends `path` to the page function (one of {@link PAGE_PATH_PATTERNS}). */
export function isPagePath(path: string): boolean {
  return PAGE_PATHS.some((pattern) => pattern.test(path));
}

export type PathKind = 'api' | 'page' | 'app' | 'file' | 'unknown';

/** The kind of a URL path (no query string; as the client sent it, percent-encoded or not). */
export function classifyPath(path: string): PathKind {
  if (API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'api';
  if (isPagePath(path)) return 'page';
  if (APP_ROUTES.some((route) => route.test(path))) return 'app';
  if (/\.[^/]*$/.test(path)) return 'file';
  return 'unknown';
}

/**
 * The same classification as {@link classifyPath}, as the source of a JavaScript function
 * `kind(path)` for CloudFront Functions' runtime (cloudfront-js-2.0: no modules, so the lists are
 * written into the code). Plain ES5, which every CloudFront Functions runtime accepts.
 */
function classifierSource(): string {
  return [
    `var API_PATH_PREFIXES = ${JSON.stringify(API_PATH_PREFIXES)};`,
    `var APP_ROUTES = [${APP_ROUTES.map((route) => `/${route.source}/${route.flags}`).join(', ')}];`,
    'function kind(path) {',
    '  var i;',
    "  for (i = 0; i < API_PATH_PREFIXES.length; i++) if (path.indexOf(API_PATH_PREFIXES[i]) === 0) return 'api';",
    "  for (i = 0; i < APP_ROUTES.length; i++) if (APP_ROUTES[i].test(path)) return 'app';",
    "  return /\\.[^/]*$/.test(path) ? 'file' : 'unknown';",
    '}',
  ].join('\n');
}

/**
 * CloudFront Function code for the viewer-request event of the documents' behaviour: an app route
 * becomes `/index.html`, an unknown document `/404.html`; files (and API paths, which other
 * behaviours take first) pass unchanged.
 */
export function viewerRequestFunctionCode(): string {
  return [
    classifierSource(),
    'function handler(event) {',
    '  var request = event.request;',
    '  var pathKind = kind(request.uri);',
    `  if (pathKind === 'app') request.uri = ${JSON.stringify(APP_DOCUMENT)};`,
    `  else if (pathKind === 'unknown') request.uri = ${JSON.stringify(NOT_FOUND_DOCUMENT)};`,
    '  return request;',
    '}',
  ].join('\n');
}

/**
 * CloudFront Function code for the viewer-response event of the same behaviour: the not-found
 * document, found (200), is sent with 404. It checks both the URI the viewer asked for and the one
 * the viewer-request function rewrote it to, so it is right whichever of the two the event holds.
 * Any other response (a 304 revalidation, an S3 error for a missing file) passes unchanged.
 */
export function viewerResponseFunctionCode(): string {
  return [
    classifierSource(),
    'function handler(event) {',
    '  var response = event.response;',
    '  var uri = event.request.uri;',
    `  if (response.statusCode === 200 && (uri === ${JSON.stringify(NOT_FOUND_DOCUMENT)} || kind(uri) === 'unknown')) {`,
    '    response.statusCode = 404;',
    "    response.statusDescription = 'Not Found';",
    '  }',
    '  return response;',
    '}',
  ].join('\n');
}

/**
 * CloudFront Function code for the viewer request of the page function's behaviours: the host the
 * visitor asked for goes to the function as `x-forwarded-host` (the function URL origin receives its
 * own host name in `host`), so absolute links in the documents name the site, whatever its domain.
 * The header is part of those behaviours' cache key, so one domain's document never answers another.
 */
export function pageRequestFunctionCode(): string {
  return [
    'function handler(event) {',
    '  var request = event.request;',
    "  if (request.headers.host) request.headers['x-forwarded-host'] = { value: request.headers.host.value };",
    '  return request;',
    '}',
  ].join('\n');
}
