/**
 * Where the site's origin sends a path, decided in one place for CloudFront (the behaviours of
 * infra/constructs/site.ts) and for the local web server (infra/local/aws/cloudfront/webServer.ts), so the two
 * cannot drift:
 *
 * - `api`: the API's paths (the first segments of the contract's routes: `/posts*`, `/me*`, `/moderation*`, …) go to the
 *   HTTP API and always answer its JSON, never a page;
 * - `file`: the build's files ({@link FILE_PATH_PATTERNS}: hashed assets, the icons, the manifest, the service worker, `config.json`)
 *   come from the bucket, as they are or a real 404;
 * - `image`: the share cards under {@link IMAGE_PATH_PREFIX} go to the image function (a behaviour with a long
 *   cache: functions/handlers/images/shareCard.ts);
 * - `document`: everything else goes to the page function, which renders the app's pages (with their
 *   data, or the bare shell for the forms), the feeds, the sitemap and robots.txt, and answers 404
 *   for what it does not know (functions/handlers/pages/page.ts).
 */

import { API_PATH_PREFIXES } from '../functions/contract/routes';
import { SHARE_CARD_PREFIX } from '../functions/contract/shareCards';

export { API_PATH_PREFIXES };

/** Where Vite puts the content-hashed files (web/vite.config.ts `build.assetsDir`). */
export const HASHED_ASSETS_DIR = 'assets';

/**
 * The build's files, as CloudFront path patterns (`*` is any run of characters): each is a behaviour
 * whose origin is the bucket. Every file of web/dist but index.html (which the page function has)
 * must match one: test/infra/documentRoutes.test.ts checks the build against this list.
 */
export const FILE_PATH_PATTERNS = [
  `/${HASHED_ASSETS_DIR}/*`,
  '/favicon.svg',
  '/config.json',
  // The installable app (web/public): its manifest and icons, and the service worker (docs/web.md).
  '/manifest.webmanifest',
  '/icons/*',
  '/sw.js',
] as const;

const FILE_PATHS: readonly RegExp[] = FILE_PATH_PATTERNS.map(
  (pattern) => new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`),
);

/** The share cards' paths (CloudFront path pattern `/og/*`): functions/contract/shareCards.ts. */
export const IMAGE_PATH_PREFIX = SHARE_CARD_PREFIX;

export type PathKind = 'api' | 'file' | 'image' | 'document';

/** The kind of a URL path (no query string; as the client sent it, percent-encoded or not). */
export function classifyPath(path: string): PathKind {
  if (API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'api';
  if (path.startsWith(IMAGE_PATH_PREFIX)) return 'image';
  if (FILE_PATHS.some((pattern) => pattern.test(path))) return 'file';
  return 'document';
}

/**
 * CloudFront Function code for the viewer request of the page function's behaviour: the host the
 * visitor asked for goes to the function as `x-forwarded-host` (the function URL origin receives its
 * own host name in `host`), so absolute links in the documents name the site, whatever its domain.
 * The header is part of that behaviour's cache key, so one domain's document never answers another.
 * With `canonicalHost` (the site's own domain), a document asked for at any other host (the
 * distribution's `*.cloudfront.net` address) answers 301 there, so every link and card names the domain.
 */
export function pageRequestFunctionCode(canonicalHost?: string): string {
  if (canonicalHost !== undefined && !/^[a-z0-9.-]+$/.test(canonicalHost)) throw new Error(`Not a host name: ${canonicalHost}`);
  return [
    'function handler(event) {',
    '  var request = event.request;',
    ...(canonicalHost
      ? [
          `  if (!request.headers.host || request.headers.host.value !== '${canonicalHost}') {`,
          '    var query = Object.keys(request.querystring).map(function (name) {',
          '      var value = request.querystring[name];',
          "      return value.value === '' ? name : name + '=' + value.value;",
          "    }).join('&');",
          `    var location = 'https://${canonicalHost}' + request.uri + (query ? '?' + query : '');`,
          "    return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location } } };",
          '  }',
        ]
      : []),
    "  if (request.headers.host) request.headers['x-forwarded-host'] = { value: request.headers.host.value };",
    '  return request;',
    '}',
  ].join('\n');
}
