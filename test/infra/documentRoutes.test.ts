/**
 * Document routing (infra/documentRoutes.ts): the rules, the CloudFront Functions built from them,
 * and the local server of the production build, which must answer every path as CloudFront does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATH_PREFIXES,
  APP_ROUTES,
  classifyPath,
  isPagePath,
  PAGE_PATH_PATTERNS,
  pageRequestFunctionCode,
  viewerRequestFunctionCode,
  viewerResponseFunctionCode,
} from '../../infra/documentRoutes';
import { startWebServer, type RunningServer } from '../../infra/local/webServer';
import { allCases, CASES, cloudFrontHandler, throughCloudFront, viewerRequest, viewerResponse } from './documents';

const INDEX_HTML =
  '<!doctype html><html lang="es"><title>Vaya día</title><script type="module" src="/assets/index-abc123.js"></script></html>';

describe('the rules', () => {
  it.each(allCases())('call %s a path like %s', (kind, path) => {
    expect(classifyPath(path)).toBe(kind);
  });

  it('send every page-function path pattern to the page function and nothing of the app', () => {
    expect(PAGE_PATH_PATTERNS.length).toBeGreaterThan(0);
    for (const path of [...CASES.app, ...CASES.file, ...CASES.unknown]) expect(isPagePath(path), path).toBe(false);
    for (const path of CASES.page) expect(isPagePath(path), path).toBe(true);
  });

  it('never let an app route start like an API path', () => {
    for (const path of CASES.app)
      expect(
        API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix)),
        path,
      ).toBe(false);
    expect(APP_ROUTES.length).toBeGreaterThan(0);
  });
});

describe("CloudFront's document functions", () => {
  const objects = new Set(['/index.html', '/404.html', '/config.json', '/favicon.svg', '/assets/index-abc123.js', '/robots.txt']);
  const route = (uri: string) => throughCloudFront(viewerRequestFunctionCode(), viewerResponseFunctionCode(), objects, uri);

  it('fit in CloudFront Functions’ 10 KB code limit', () => {
    expect(Buffer.byteLength(viewerRequestFunctionCode())).toBeLessThan(10_240);
    expect(Buffer.byteLength(viewerResponseFunctionCode())).toBeLessThan(10_240);
  });

  it.each(CASES.app)('answer the app route %s with index.html and 200', (uri) => {
    expect(route(uri)).toEqual({ object: '/index.html', status: 200 });
  });

  it.each(CASES.unknown)('answer the unknown document %s with 404.html (the app) and 404', (uri) => {
    expect(route(uri)).toEqual({ object: '/404.html', status: 404 });
  });

  it.each(CASES.file)('pass the file %s through unchanged', (uri) => {
    expect(route(uri)).toEqual({ object: uri, status: objects.has(uri) ? 200 : 404 });
  });

  it("hand the page function the visitor's host as x-forwarded-host, whatever the viewer sent", () => {
    const handle = cloudFrontHandler<{ headers: Record<string, { value: string }> }>(pageRequestFunctionCode());
    const event = viewerRequest('/rss.xml');
    event.request.headers = { host: { value: 'd111111abcdef8.cloudfront.net' }, 'x-forwarded-host': { value: 'evil.example' } };
    expect(handle(event).headers['x-forwarded-host']).toEqual({ value: 'd111111abcdef8.cloudfront.net' });
    expect(Buffer.byteLength(pageRequestFunctionCode())).toBeLessThan(10_240);
  });

  it('leave a revalidation (304) of the not-found document alone', () => {
    const respond = cloudFrontHandler<{ statusCode: number }>(viewerResponseFunctionCode());
    expect(respond(viewerResponse('/nada', 304)).statusCode).toBe(304);
  });
});

describe('the local server of the build (WEB_MODE=dist)', () => {
  let server: RunningServer;
  const apiCalls: string[] = [];
  const pageCalls: string[] = [];

  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'vaya-dia-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("hola");');
    writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\n');
    server = await startWebServer({
      host: '127.0.0.1',
      port: 0,
      mode: 'dist',
      distDir: dist,
      config: { region: 'local', userPoolId: 'pool', userPoolClientId: 'client', apiUrl: 'http://127.0.0.1:1', wsUrl: 'ws://127.0.0.1:2' },
      api: async (req: IncomingMessage, res: ServerResponse) => {
        apiCalls.push(`${req.method} ${req.url}`);
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'ROUTE_NOT_FOUND', message: 'x' } }));
      },
      pages: async (req: IncomingMessage, res: ServerResponse) => {
        pageCalls.push(`${req.method} ${req.url}`);
        res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        res.end('<rss version="2.0"/>');
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, init);
    return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
  };

  it.each(CASES.app)('answers the app route %s with index.html and 200', async (path) => {
    expect(await get(path)).toMatchObject({ status: 200, type: 'text/html; charset=utf-8', body: INDEX_HTML });
  });

  it.each(CASES.unknown)("answers the unknown document %s with 404 and index.html's body (the app's not-found page)", async (path) => {
    expect(await get(path)).toMatchObject({ status: 404, type: 'text/html; charset=utf-8', body: INDEX_HTML });
  });

  it.each(CASES.file)('serves the file %s, or a plain 404 if the build has none', async (path) => {
    const response = await get(path);
    if (path === '/config.json') expect(JSON.parse(response.body)).toMatchObject({ region: 'local' });
    else if (path.includes('missing')) expect(response).toMatchObject({ status: 404, type: 'text/plain; charset=utf-8' });
    else expect(response.status).toBe(200);
    if (path !== '/index.html') expect(response.body).not.toBe(INDEX_HTML);
  });

  it.each(CASES.api)('passes the API path %s to the API, never answering the app', async (path) => {
    apiCalls.length = 0;
    const response = await get(`${path}?limit=5`);
    expect(response).toMatchObject({ status: 404, type: 'application/json' });
    expect(apiCalls).toEqual([`GET ${path}?limit=5`]);
  });

  it.each(CASES.page)("calls the page function for %s, as CloudFront's behaviours send it to the function's URL", async (path) => {
    pageCalls.length = 0;
    const response = await get(path);
    expect(response).toMatchObject({ status: 200, type: 'application/rss+xml; charset=utf-8', body: '<rss version="2.0"/>' });
    expect(pageCalls).toEqual([`GET ${path}`]);
  });

  it('passes writes on API paths to the API too', async () => {
    apiCalls.length = 0;
    await get('/posts', { method: 'POST', body: '{}' });
    expect(apiCalls).toEqual(['POST /posts']);
  });
});
