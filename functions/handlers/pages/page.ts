/**
 * The page function: the site's documents that are not the app's bundle. Behind CloudFront on AWS
 * (its function URL is the origin of these paths: infra/documentRoutes.ts `PAGE_PATH_PATTERNS`), and
 * called by the local web server the same way (infra/local/functionUrl.ts). Today it serves
 * `/rss.xml`, `/category/:c/rss.xml`, `/sitemap.xml` (and its pages) and `/robots.txt`.
 *
 * Absolute URLs need the site's origin. The handler takes it from the request, never from
 * configuration (the distribution's domain is not known when the function is created, and a custom
 * domain may come later): `x-forwarded-host` is the host the visitor asked for (CloudFront's
 * viewer-request function copies it there, as the Lambda URL's own `host` is the function's; the
 * local server does the same) and `x-forwarded-proto` its scheme (set by Lambda's URL, and locally).
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { documentClient } from '../../clients';
import { requireEnv } from '../../config';
import { siteDocument, type SiteDocument } from '../../domain/documents';
import { flushMetrics, logger } from '../../observability';
import { DynamoPostRepository } from '../../store/dynamodb/postRepository';
import { DynamoSitemapSource } from '../../store/dynamodb/sitemapSource';
import { ENV } from '../../store/tables';
import { siteOrigin } from './origin';

const env = requireEnv(ENV.postsTable);
const deps = {
  posts: new DynamoPostRepository(documentClient, env[ENV.postsTable]),
  sitemap: new DynamoSitemapSource(documentClient, env[ENV.postsTable]),
};

/** CloudFront shares a document for a minute (and browsers keep it as long): new posts show soon. */
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=60, s-maxage=60';

const CONTENT_TYPES: Record<SiteDocument['kind'], string> = {
  rss: 'application/rss+xml; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  text: 'text/plain; charset=utf-8',
};

const plain = (statusCode: number, body: string, extra: Record<string, string> = {}): APIGatewayProxyResultV2 => ({
  statusCode,
  headers: { 'content-type': CONTENT_TYPES.text, 'cache-control': 'no-store', ...extra },
  body,
});

export const handler = async (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyResultV2> => {
  if (context) logger.addContext(context);
  const started = Date.now();
  const method = event.requestContext?.http?.method ?? 'GET';
  const path = event.rawPath;
  let result: APIGatewayProxyResultV2;
  let failure: unknown;
  try {
    const origin = siteOrigin(event.headers ?? {});
    if (method !== 'GET' && method !== 'HEAD') result = plain(405, 'Método no permitido.\n', { allow: 'GET, HEAD' });
    else if (!origin) result = plain(400, 'Petición no válida.\n');
    else {
      const document = await siteDocument(deps, path, origin);
      result = {
        statusCode: document.status,
        headers: {
          'content-type': CONTENT_TYPES[document.kind],
          'cache-control': DOCUMENT_CACHE_CONTROL,
          'x-content-type-options': 'nosniff',
        },
        body: method === 'HEAD' ? '' : document.body,
      };
    }
  } catch (error) {
    failure = error;
    result = plain(500, 'Error interno. Inténtalo de nuevo en un momento.\n');
  }
  const fields = {
    requestId: event.requestContext?.requestId,
    method,
    route: 'page',
    path,
    status: (result as { statusCode: number }).statusCode,
    durationMs: Date.now() - started,
  };
  if (failure) logger.error('request failed', { ...fields, error: failure });
  else logger.info('request', fields);
  flushMetrics();
  return result;
};
