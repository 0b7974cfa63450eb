/**
 * The page function: every document of the site. Behind CloudFront on AWS (its function URL is the
 * origin of every path that is not a file of the build or the API: infra/documentRoutes.ts), and
 * called by the local web server the same way (infra/local/aws/lambda/functionUrl.ts). It serves
 * - `/aleatorio` («Aleatorio»): a 302 to a random published post (no-store); `/autor/:old`, a renamed
 *   account's former apodo: a 301 to `/autor/:new`;
 * - the app's pages: `/`, `/category/:c`, `/post/:id`, `/top`, `/autor/:name`, `/buscar`, `/privacidad`,
 *   `/aviso-legal` and the not-found page rendered with
 *   their data and meta tags (functions/domain/appPages.ts, web/src/server/renderDocument.tsx), and
 *   the forms' and signed-in pages' routes as the app's bare shell;
 * - `/rss.xml`, `/category/:c/rss.xml`, `/sitemap.xml` (and its pages) and `/robots.txt`;
 * - `/api/openapi.json`, the API's description (docs/openapi.json, a file beside the function, read on
 *   its first request: parsing 170 KB of JSON in every cold start cost every page's first visitor).
 *
 * The shell is the built web/dist/index.html, bundled beside the handler as `index.html`
 * (PAGE_SHELL_FILE: the Pages construct's `shell`, infra/constructs/pages.ts); it is read from
 * `LAMBDA_TASK_ROOT`, which Lambda sets to the bundle's folder, and the local cloud to the folder
 * where it copies the built shell, or where its dev server writes Vite's (infra/local/cloud.ts).
 *
 * Absolute URLs need the site's origin. The handler takes it from the request, never from
 * configuration (the distribution's domain is not known when the function is created, and a custom
 * domain may come later): `x-forwarded-host` is the host the visitor asked for (CloudFront's
 * viewer-request function copies it there, as the Lambda URL's own `host` is the function's; the
 * local server does the same) and `x-forwarded-proto` its scheme (set by Lambda's URL, and locally).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { OPENAPI_FILE, PAGE_SHELL_FILE, requireEnv } from '../../config';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appDocument } from '../../domain/appPages';
import { siteDocument, type SiteDocument } from '../../domain/documents';
import { loggedRequest } from '../../observability';
import { preloadServerRenderedPages, renderDocument } from '../../../web/src/server/renderDocument';
import { DOCUMENT_PATHS } from '../../contract/documents';
import { siteOrigin } from './origin';
import { authorStore, postRepository, rankingStore, searchStore, sitemapSource } from '../../wiring';
import { ENV } from '../../store/tables';
import { legalDetailsFrom, legalDetailsSchema } from '../../contract/legal';
import * as z from 'zod/mini';

const env = requireEnv('LAMBDA_TASK_ROOT', ENV.legalDetails);
// Who runs the site and the region, for «Privacidad» and «Aviso legal»: checked at start, a bad value fails fast.
const legal = legalDetailsFrom(z.parse(legalDetailsSchema, JSON.parse(env[ENV.legalDetails])));
// While the environment starts (Lambda's init; the local runtime's start), not in a visitor's request.
await preloadServerRenderedPages();
const deps = {
  posts: postRepository(),
  sitemap: sitemapSource(),
  top: rankingStore(),
  authors: authorStore(),
  search: searchStore({ posts: true }),
  legal,
};

/** The app's built index.html, read once per execution environment. */
let shell: Promise<string> | undefined;
const readShell = () => (shell ??= readFile(join(env.LAMBDA_TASK_ROOT, PAGE_SHELL_FILE), 'utf8'));

/** The API's description, as served: it changes only with a deployment. */
let openApi: Promise<string> | undefined;
const readOpenApi = () => (openApi ??= readFile(join(env.LAMBDA_TASK_ROOT, OPENAPI_FILE), 'utf8'));

/** CloudFront shares a feed or the sitemap for a minute (and browsers keep it as long): new posts show soon. */
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

/**
 * CloudFront shares a page for a few seconds (a burst of readers of one shared link is one render);
 * browsers ask again each time, so a reload shows what is new. The live socket brings the rest.
 */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';

const CONTENT_TYPES: Record<SiteDocument['kind'] | 'html' | 'json', string> = {
  rss: 'application/rss+xml; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

type Answer = { status: number; kind: keyof typeof CONTENT_TYPES; cacheControl: string; body: string; location?: string };

/** A redirect that changes on every request («Aleatorio»): neither CloudFront nor the browser keeps it. */
export const REDIRECT_CACHE_CONTROL = 'no-store';

/** The answer for a GET of `path`: the API's description, a feed, the sitemap, robots.txt, or one of the app's pages. */
async function answer(path: string, rawQuery: string, origin: string): Promise<Answer> {
  if (path === DOCUMENT_PATHS.openapi)
    return { status: 200, kind: 'json', cacheControl: DOCUMENT_CACHE_CONTROL, body: await readOpenApi() };
  const document = await siteDocument(deps, path, origin);
  if (document) return { status: document.status, kind: document.kind, cacheControl: DOCUMENT_CACHE_CONTROL, body: document.body };
  const query = new URLSearchParams(rawQuery);
  const page = await appDocument(deps, path, query, origin);
  if (page.kind === 'redirect') {
    return {
      status: page.status,
      kind: 'text',
      // A moved author is the same for every reader (shared, never kept for good: the name may be claimed again).
      cacheControl: page.status === 301 ? PAGE_CACHE_CONTROL : REDIRECT_CACHE_CONTROL,
      body: `Redirigiendo a ${page.location}\n`,
      location: page.location,
    };
  }
  if (page.kind === 'missingFile') return { status: 404, kind: 'text', cacheControl: PAGE_CACHE_CONTROL, body: 'No encontrado.\n' };
  const built = await readShell();
  if (page.kind === 'shell') return { status: 200, kind: 'html', cacheControl: PAGE_CACHE_CONTROL, body: built };
  const url = rawQuery ? `${path}?${rawQuery}` : path;
  const body = await renderDocument({ shell: built, url, head: page.head, data: page.data });
  return { status: page.status, kind: 'html', cacheControl: PAGE_CACHE_CONTROL, body };
}

const plain = (statusCode: number, body: string, extra: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': CONTENT_TYPES.text, 'cache-control': 'no-store', ...extra },
  body,
});

export const handler = (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = event.rawPath;
  return loggedRequest(context, { requestId: event.requestContext?.requestId, method, route: 'page', path }, async () => {
    try {
      const origin = siteOrigin(event.headers ?? {});
      if (method !== 'GET' && method !== 'HEAD') return { result: plain(405, 'Método no permitido.\n', { allow: 'GET, HEAD' }) };
      if (!origin) return { result: plain(400, 'Petición no válida.\n') };
      const document = await answer(path, event.rawQueryString ?? '', origin);
      return {
        result: {
          statusCode: document.status,
          headers: {
            'content-type': CONTENT_TYPES[document.kind],
            'cache-control': document.cacheControl,
            'x-content-type-options': 'nosniff',
            ...(document.location ? { location: document.location } : {}),
          },
          body: method === 'HEAD' ? '' : document.body,
        },
      };
    } catch (error) {
      return { result: plain(500, 'Error interno. Inténtalo de nuevo en un momento.\n'), failure: error };
    }
  });
};
