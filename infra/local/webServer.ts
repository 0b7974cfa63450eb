/**
 * The local stand-in for CloudFront + S3: serves `/config.json` and the web app on one port.
 *
 * - `dev` (the default, for `npm start`): Vite in middleware mode, with hot reload over this same port.
 * - `dist`: the production build in web/dist, as CloudFront serves it, documents routed by the same
 *   rules (infra/documentRoutes.ts): the app's routes get `index.html`, an unknown document gets
 *   `index.html`'s body with 404 (the app's not-found page), a missing file a plain 404;
 *   `index.html` and `config.json` are `no-cache`; hashed files under `assets/` are cached for a
 *   year; text is compressed (brotli or gzip) when the browser accepts it.
 *
 * In both modes the page function's paths (`/rss.xml`, `/category/:c/rss.xml`, `/sitemap*.xml`,
 * `/robots.txt`: infra/documentRoutes.ts `PAGE_PATH_PATTERNS`) call that function, as CloudFront's
 * behaviours send them to its URL, and the API paths (`/posts*`, `/me*`, `/moderation*`, `/comments*`) are passed to the
 * local HTTP gateway, as CloudFront's behaviours pass them to the HTTP API (infra/constructs/site.ts):
 * the API is served under the site's own origin, so the first page of the feed needs no second
 * connection, and those paths always answer the API's JSON, never the app.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlib } from 'node:zlib';
import { errorBody, type RuntimeConfig } from '../../functions/contract';
import { contentSecurityPolicy } from '../contentSecurityPolicy';
import { classifyPath } from '../documentRoutes';
import { closeServer, listen } from './net';

export type WebServerOptions = {
  host: string;
  port: number;
  config: RuntimeConfig;
  /**
   * `dev`: Vite dev server with hot reload; `dist`: the built site in web/dist (run `npm run build` first).
   * @default 'dev'
   */
  mode?: 'dev' | 'dist';
  /**
   * The local HTTP gateway's request handler, served under the API paths of this server (in-process).
   * @default - the API paths answer a JSON 404
   */
  api?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /**
   * The page function (infra/local/functionUrl.ts), called for the paths CloudFront sends it.
   * @default - those paths answer a plain 404
   */
  pages?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** The built site served in `dist` mode. @default web/dist */
  distDir?: string;
};
export type RunningServer = { url: string; close: () => Promise<void> };

const WEB_DIR = fileURLToPath(new URL('../../web/', import.meta.url));
const DIST_DIR = join(WEB_DIR, 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.map', '.webmanifest']);
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function pathnameOf(req: IncomingMessage): string {
  try {
    return decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  } catch {
    return '/';
  }
}

function sendConfig(res: ServerResponse, configJson: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': NO_CACHE });
  res.end(configJson);
}

/** The paths CloudFront sends to the HTTP API (`/posts*`, `/me*`…; the app's permalink is `/post/:id`). */
export function isApiPath(url: string | undefined): boolean {
  return classifyPath(url ?? '/') === 'api';
}

export async function startWebServer(options: WebServerOptions): Promise<RunningServer> {
  const configJson = JSON.stringify(options.config);
  const mode = options.mode ?? 'dev';
  const server = createServer();
  let closeExtra: () => Promise<void> = async () => {};
  const { api } = options;
  /** Answers the API paths and `/config.json` (the same in both modes); false for everything else. */
  const sharedRoutes = (req: IncomingMessage, res: ServerResponse): boolean => {
    // CloudFront's API behaviours: every method, query and header reach the API.
    if (isApiPath(req.url)) {
      if (api) void api(req, res);
      else {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(errorBody('ROUTE_NOT_FOUND')));
      }
      return true;
    }
    if (classifyPath(pathnameOf(req)) === 'page') {
      if (options.pages) {
        options.pages(req, res).catch((error: unknown) => {
          console.error('local web server: page function:', error);
          if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
        });
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('No encontrado.');
      }
      return true;
    }
    if (pathnameOf(req) === '/config.json') {
      sendConfig(res, configJson);
      return true;
    }
    return false;
  };

  if (mode === 'dist') {
    const { apiUrl, wsUrl, userPoolEndpoint, oauthDomain } = options.config;
    const connectSources = [
      apiUrl,
      wsUrl,
      ...(userPoolEndpoint ? [userPoolEndpoint] : []),
      ...(oauthDomain ? [`https://${oauthDomain}`] : []),
    ].map((url) => new URL(url).origin);
    const serve = await distHandler(options.distDir ?? DIST_DIR, connectSources);
    server.on('request', (req, res) => {
      if (sharedRoutes(req, res)) return;
      serve(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Error interno del servidor web.');
      });
    });
  } else {
    const { createServer: createViteServer } = await import('vite');
    const vite = await createViteServer({
      configFile: join(WEB_DIR, 'vite.config.ts'),
      appType: 'spa',
      logLevel: 'warn',
      // Hot reload shares this server's port, so several local clouds (tests) never collide.
      server: { middlewareMode: true, ws: { server } },
    });
    closeExtra = () => vite.close();
    server.on('request', (req, res) => {
      if (sharedRoutes(req, res)) return;
      vite.middlewares(req, res, () => {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('No encontrado.');
      });
    });
  }

  const port = await listen(server, options.port, options.host).catch(async (error: unknown) => {
    await closeExtra(); // Vite's watchers would keep the process alive
    throw error;
  });
  return {
    url: `http://localhost:${port}`,
    async close() {
      await closeExtra();
      await closeServer(server);
    },
  };
}

type Encoded = { body: Buffer; encoding?: 'br' | 'gzip' };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Serves web/dist as CloudFront does, under the site's Content-Security-Policy, compressing text
 * once per file and encoding and keeping it in memory.
 */
async function distHandler(
  distDir: string,
  connectSources: string[],
): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> {
  const indexPath = join(distDir, 'index.html');
  try {
    await stat(indexPath);
  } catch {
    throw new Error(`No hay web construida en ${distDir}: ejecuta "npm run build" antes de usar el modo dist.`);
  }
  const csp = contentSecurityPolicy({ connectSources, indexHtml: await readFile(indexPath, 'utf8') });
  // Compressed copies are made once (off the main thread) and kept; all of them are started right
  // away so the first visitor does not wait for brotli's highest level.
  const cache = new Map<string, Promise<Encoded>>();

  function load(file: string, encoding: 'br' | 'gzip' | undefined): Promise<Encoded> {
    const key = `${encoding ?? 'identity'}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = readFile(file).then(async (raw): Promise<Encoded> =>
        encoding === 'br'
          ? { body: await brotliAsync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }), encoding }
          : encoding === 'gzip'
            ? { body: await gzipAsync(raw, { level: 9 }), encoding }
            : { body: raw },
      );
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  for (const file of await listFiles(distDir)) {
    if (COMPRESSIBLE.has(extname(file))) void load(file, 'br').catch(() => {});
  }

  async function resolveFile(pathname: string): Promise<string | null> {
    const candidate = normalize(join(distDir, pathname));
    if (!candidate.startsWith(distDir + sep)) return null;
    try {
      return (await stat(candidate)).isFile() ? candidate : null;
    } catch {
      return null;
    }
  }

  return async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return;
    }
    const pathname = pathnameOf(req);
    const kind = classifyPath(pathname);
    const found = kind === 'file' ? await resolveFile(pathname) : null;
    if (kind === 'file' && !found) {
      // A missing file is a real 404 (an old tab asking for a replaced chunk), never the app.
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_CACHE });
      res.end('No encontrado.');
      return;
    }
    // The app's routes get the app; an unknown document gets it too, with 404, as CloudFront answers
    // its 404.html (a copy of index.html): the app renders its not-found page.
    const file = found ?? indexPath;
    const status = kind === 'unknown' ? 404 : 200;
    const ext = extname(file);
    const accept = String(req.headers['accept-encoding'] ?? '');
    const encoding = COMPRESSIBLE.has(ext) ? (/\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined) : undefined;
    const { body, encoding: used } = await load(file, encoding);
    const headers: Record<string, string | number> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.startsWith(join(distDir, 'assets') + sep) ? IMMUTABLE : NO_CACHE,
      'content-length': body.length,
      'x-content-type-options': 'nosniff',
      'content-security-policy': csp,
      vary: 'accept-encoding',
    };
    if (used) headers['content-encoding'] = used;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
