/**
 * Routing of the site's paths (infra/documentRoutes.ts): the rules, the page function's
 * viewer-request function, and the local server of the production build, which must send every path
 * where CloudFront does.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATH_PREFIXES, classifyPath, pageRequestFunctionCode } from '../../infra/documentRoutes';
import { startWebServer, type RunningServer } from '../../infra/local/aws/cloudfront/webServer';
import { allCases, CASES, cloudFrontHandler, viewerRequest } from './documents';

const INDEX_HTML =
  '<!doctype html><html lang="es"><title>Vaya día</title><script type="module" src="/assets/index-abc123.js"></script></html>';

describe('the rules', () => {
  it.each(allCases())('call %s a path like %s', (kind, path) => {
    expect(classifyPath(path)).toBe(kind);
  });

  it('never let a document start like an API path', () => {
    for (const path of CASES.document) expect(API_PATH_PREFIXES.some((prefix) => path.startsWith(prefix), path)).toBe(false);
  });

  it("send the build's files to the bucket (web/public's, hashed assets), and index.html to the page function, which has the shell", () => {
    const publicDir = fileURLToPath(new URL('../../web/public/', import.meta.url));
    const files = readdirSync(publicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${relative(publicDir, join(entry.parentPath, entry.name))}`);
    expect(files.length).toBeGreaterThan(0);
    for (const file of [...files, '/assets/index-abc123.js', '/assets/index-abc123.css']) expect(classifyPath(file), file).toBe('file');
    expect(classifyPath('/index.html')).toBe('document');
  });
});

describe("the page function's viewer-request function", () => {
  it("hands the page function the visitor's host as x-forwarded-host, whatever the viewer sent", () => {
    const handle = cloudFrontHandler<{ headers: Record<string, { value: string }> }>(pageRequestFunctionCode());
    const event = viewerRequest('/rss.xml');
    event.request.headers = { host: { value: 'd111111abcdef8.cloudfront.net' }, 'x-forwarded-host': { value: 'evil.example' } };
    expect(handle(event).headers['x-forwarded-host']).toEqual({ value: 'd111111abcdef8.cloudfront.net' });
    expect(Buffer.byteLength(pageRequestFunctionCode())).toBeLessThan(10_240);
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
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end('<p>de la función</p>');
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, init);
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? '',
      csp: response.headers.get('content-security-policy') ?? '',
      body: await response.text(),
    };
  };

  it.each(CASES.document)('calls the page function for %s, under the site’s Content-Security-Policy', async (path) => {
    pageCalls.length = 0;
    const response = await get(`${path}?period=week`);
    expect(response).toMatchObject({ status: 200, body: '<p>de la función</p>' });
    expect(response.csp).toContain("script-src 'self'");
    expect(pageCalls).toEqual([`GET ${path}?period=week`]);
  });

  it.each(CASES.file)('serves the file %s, or a plain 404 if the build has none', async (path) => {
    const response = await get(path);
    if (path === '/config.json') expect(JSON.parse(response.body)).toMatchObject({ region: 'local' });
    else if (path.includes('missing')) expect(response).toMatchObject({ status: 404, type: 'text/plain; charset=utf-8' });
    else expect(response.status).toBe(200);
    expect(response.body).not.toBe(INDEX_HTML);
  });

  it.each(CASES.api)('passes the API path %s to the API, never answering a page', async (path) => {
    apiCalls.length = 0;
    const response = await get(`${path}?limit=5`);
    expect(response).toMatchObject({ status: 404, type: 'application/json' });
    expect(apiCalls).toEqual([`GET ${path}?limit=5`]);
  });

  it('passes writes on API paths to the API too', async () => {
    apiCalls.length = 0;
    await get('/posts', { method: 'POST', body: '{}' });
    expect(apiCalls).toEqual(['POST /posts']);
  });
});
