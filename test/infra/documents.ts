/**
 * The routing cases every test of it checks (the shared rules, CloudFront's behaviours as the stack
 * synthesizes them, the local server of the build), and a runner for CloudFront Function code.
 */
import { runInNewContext } from 'node:vm';
import { CATEGORIES } from '../../functions/contract/posts';
import type { PathKind } from '../../infra/documentRoutes';

export const POST_ID = '3f2b8c1e-9a4d-4e6f-8b7a-0c1d2e3f4a5b';

export const CASES: Record<PathKind, string[]> = {
  // The page function's: the app's pages, the feeds, the sitemap, robots.txt, and whatever else is
  // not a file or the API (it answers 404 itself).
  document: [
    '/',
    '/newpost',
    '/login',
    '/top',
    '/moderar',
    ...CATEGORIES.map((category) => `/category/${category}`),
    '/category/amor/',
    `/post/${POST_ID}`,
    '/rss.xml',
    '/category/amor/rss.xml',
    '/sitemap.xml',
    '/sitemap-2026-11-22.xml',
    '/robots.txt',
    '/nada',
    '/category/cocina',
    '/post/no-existe',
    '/index.html',
    '/wp-admin/',
    '/assets',
  ],
  // The image function's: the share cards (it answers 404 itself for what is not one).
  image: [`/og/post/${POST_ID}.png`, '/og/site.png', '/og/nada'],
  file: ['/config.json', '/favicon.svg', '/assets/index-abc123.js', '/assets/missing-chunk.js'],
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
export type CloudFrontEvent = {
  version: '1.0';
  context: { eventType: 'viewer-request' | 'viewer-response' };
  viewer: { ip: string };
  request: CloudFrontRequest;
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
