/**
 * The document-routing cases every test of it checks (the shared rules, CloudFront's functions as the
 * stack synthesizes them, the local server of the build), and a runner for CloudFront Function code.
 */
import { runInNewContext } from 'node:vm';
import { CATEGORIES } from '../../functions/contract';
import type { PathKind } from '../../infra/documentRoutes';

export const POST_ID = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';

export const CASES: Record<PathKind, string[]> = {
  app: [
    '/',
    '/newpost',
    '/login',
    '/register',
    '/top',
    '/moderar',
    '/mis-anecdotas',
    '/cuenta',
    ...CATEGORIES.map((category) => `/category/${category}`),
    '/category/amor/',
    `/post/${POST_ID}`,
    `/post/${POST_ID.toUpperCase()}`,
  ],
  file: ['/index.html', '/config.json', '/favicon.svg', '/assets/index-abc123.js', '/assets/missing-chunk.js'],
  // The page function's documents; it answers 404 itself for what it does not know under them.
  page: [
    '/rss.xml',
    '/category/amor/rss.xml',
    '/category/cocina/rss.xml',
    '/sitemap.xml',
    '/sitemap-2026-11-22.xml',
    '/sitemap-secciones.xml',
    '/robots.txt',
  ],
  unknown: [
    '/nada',
    '/category',
    '/category/',
    '/category/cocina',
    '/category/amor/extra',
    '/post/no-existe',
    `/post/${POST_ID}/extra`,
    '/newpost/x',
    '/login2',
    '/categoria/amor',
    '/wp-admin/',
  ],
  api: [
    '/posts',
    '/posts/random',
    `/posts/${POST_ID}`,
    `/posts/${POST_ID}/comments`,
    '/me',
    '/me/posts',
    '/moderation/next',
    '/comments/abc',
  ],
};

export const allCases = (): [PathKind, string][] =>
  (Object.entries(CASES) as [PathKind, string[]][]).flatMap(([kind, paths]) => paths.map((path): [PathKind, string] => [kind, path]));

type CloudFrontRequest = { method: string; uri: string; querystring: object; headers: object; cookies: object };
type CloudFrontResponse = { statusCode: number; statusDescription?: string; headers: object; cookies: object };
export type CloudFrontEvent = {
  version: '1.0';
  context: { eventType: 'viewer-request' | 'viewer-response' };
  viewer: { ip: string };
  request: CloudFrontRequest;
  response?: CloudFrontResponse;
};

/**
 * Runs CloudFront Function source in a fresh V8 context (no Node globals, as at the edge) and returns
 * its `handler`.
 */
export function cloudFrontHandler<R>(code: string): (event: CloudFrontEvent) => R {
  return runInNewContext(`${code}\nhandler`, {}) as (event: CloudFrontEvent) => R;
}

export function viewerRequest(uri: string): CloudFrontEvent {
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '192.0.2.1' },
    request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} },
  };
}

export function viewerResponse(uri: string, statusCode = 200): CloudFrontEvent {
  return {
    ...viewerRequest(uri),
    context: { eventType: 'viewer-response' },
    response: { statusCode, statusDescription: statusCode === 200 ? 'OK' : 'Other', headers: {}, cookies: {} },
  };
}

/**
 * What a viewer gets from the documents' behaviour for `uri`: the object S3 is asked for (after the
 * viewer-request function) and the status after the viewer-response function, given that the
 * bucket holds `objects`. The response function is run with both URIs the event may carry (the
 * viewer's and the rewritten one); both must give the same status.
 */
export function throughCloudFront(
  requestCode: string,
  responseCode: string,
  objects: Set<string>,
  uri: string,
): { object: string; status: number } {
  const request = cloudFrontHandler<CloudFrontRequest>(requestCode)(viewerRequest(uri));
  const originStatus = objects.has(request.uri) ? 200 : 404;
  const respond = cloudFrontHandler<CloudFrontResponse>(responseCode);
  const statuses = [uri, request.uri].map((seen) => respond(viewerResponse(seen, originStatus)).statusCode);
  if (statuses[0] !== statuses[1]) throw new Error(`${uri}: status ${statuses[0]} for the viewer's URI, ${statuses[1]} for ${request.uri}`);
  return { object: request.uri, status: statuses[0]! };
}
