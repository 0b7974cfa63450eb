/**
 * The local stand-in for CloudFront + S3: serves `/config.json`, the web app's files and its
 * documents on one port, routed by the same rules as CloudFront (infra/documentRoutes.ts):
 *
 * - the API paths (`/posts*`, `/me*`, `/moderation*`, `/comments*`) are passed to the local HTTP
 *   gateway, as CloudFront's behaviours pass them to the HTTP API: the API is served under the site's
 *   own origin and those paths always answer the API's JSON, never a page;
 * - every document (the app's pages, the feeds, the sitemap, robots.txt) calls the page function, as
 *   CloudFront's default behaviour sends them to its URL; it renders into the app's shell, which this
 *   server gives it (`shellDir`); the share cards (`/og/…`) call the image function the same way;
 * - the files: `dev` has Vite in middleware mode serve them, with hot reload over this same port, and
 *   writes Vite's index.html as the shell; Vite starts on the first request for a file or a document
 *   (or when `warm` is called), so a local cloud nobody browses never pays for it; `dist` serves the
 *   production build in web/dist as CloudFront does (a missing file is a plain 404; hashed files
 *   under `assets/` are cached for a year, the rest `no-cache`; text is compressed, brotli or gzip,
 *   when the browser accepts it) under the site's Content-Security-Policy, which every answer gets.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ViteDevServer } from 'vite';
import { PAGE_SHELL_FILE } from '../../../../functions/config';
import { type RuntimeConfig } from '../../../../functions/contract/documents';
import { errorBody } from '../../../../functions/contract/errors';
import { contentSecurityPolicy } from '../../../contentSecurityPolicy';
import { classifyPath } from '../../../documentRoutes';
import { acceptedEncoding, compress, type Encoding } from './compression';
import { closeServer, listen } from '../../process/ports';

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
   * The page function (infra/local/aws/lambda/functionUrl.ts), called for the documents.
   * @default - documents answer a plain 404
   */
  pages?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /**
   * The image function (infra/local/aws/lambda/functionUrl.ts), called for the share cards (`/og/…`).
   * @default - they answer a plain 404
   */
  images?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** The built site served in `dist` mode. @default web/dist */
  distDir?: string;
  /** In `dev` mode, where to write Vite's index.html for the page function (as `PAGE_SHELL_FILE`). */
  shellDir?: string;
};
export type RunningServer = {
  url: string;
  /** Starts now what would otherwise start on the first request (Vite, in `dev` mode). */
  warm: () => void;
  close: () => Promise<void>;
};

const WEB_DIR = fileURLToPath(new URL('../../../../web/', import.meta.url));
/**
 * Compressed copies of the build's files, kept between runs and named by their content: every local
 * cloud in `dist` mode serves the same build, and compressing it at brotli's highest level took ~3.5 s
 * of CPU at each start. Copies not used for KEPT_COMPRESSED_DAYS are removed.
 */
const KEPT_COMPRESSED_DIR = fileURLToPath(new URL('../../../../node_modules/.cache/vaya-dia/compressed/', import.meta.url));
const KEPT_COMPRESSED_DAYS = 14;
/** The production build (`npm run build`), whose index.html is the page function's shell in `dist` mode. */
export const DIST_DIR = join(WEB_DIR, 'dist');

/** Paths only Vite's dev server has (its client, the app's modules, pre-bundled dependencies). */
const VITE_DEV_PATHS = /^\/(?:@|src\/|node_modules\/)/;

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

/**
 * The path as the visitor sent it, still percent-encoded: CloudFront matches its behaviours' path
 * patterns against that, so an API path stays the API's even when an escape in it is malformed
 * (`/posts/%E0%A4%A`), and the gateway answers it with its JSON, never the page function its HTML.
 */
function pathnameOf(req: IncomingMessage): string {
  return new URL(req.url ?? '/', 'http://localhost').pathname;
}

/** A file's key as the bucket reads it (decoded); undefined for a malformed escape, which names no file. */
function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

function sendConfig(res: ServerResponse, configJson: string): void {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': NO_CACHE });
  res.end(configJson);
}

export async function startWebServer(options: WebServerOptions): Promise<RunningServer> {
  const configJson = JSON.stringify(options.config);
  const mode = options.mode ?? 'dev';
  const server = createServer();
  let closeExtra: () => Promise<void> = async () => {};
  let warm = () => {};
  const { api } = options;
  /** Extra headers on every answer (the Content-Security-Policy in `dist` mode, as CloudFront adds it). */
  let siteHeaders: Record<string, string> = {};
  /** What a document waits for before the page function renders it (in `dev` mode, Vite's shell). */
  let shellReady: () => Promise<unknown> = () => Promise.resolve();
  /** Answers the API paths, `/config.json` and the documents (the same in both modes); false for the files. */
  const sharedRoutes = (req: IncomingMessage, res: ServerResponse): boolean => {
    for (const [name, value] of Object.entries(siteHeaders)) res.setHeader(name, value);
    const pathname = pathnameOf(req);
    const kind = classifyPath(pathname);
    // CloudFront's API behaviours: every method, query and header reach the API.
    if (kind === 'api') {
      if (api) void api(req, res);
      else {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(errorBody('ROUTE_NOT_FOUND')));
      }
      return true;
    }
    if (pathname === '/config.json') {
      sendConfig(res, configJson);
      return true;
    }
    if (kind === 'image' || (kind === 'document' && !(mode === 'dev' && VITE_DEV_PATHS.test(pathname)))) {
      const origin = kind === 'image' ? options.images : options.pages;
      if (origin) {
        (kind === 'image' ? origin(req, res) : shellReady().then(() => origin(req, res))).catch((error: unknown) => {
          console.error(`local web server: ${kind === 'image' ? 'image' : 'page'} function:`, error);
          if (!res.headersSent && !res.destroyed) res.writeHead(500).end();
        });
      } else {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('No encontrado.');
      }
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
    const distDir = options.distDir ?? DIST_DIR;
    const serve = await distHandler(distDir);
    siteHeaders = {
      'content-security-policy': contentSecurityPolicy({ connectSources, indexHtml: await readFile(join(distDir, 'index.html'), 'utf8') }),
    };
    server.on('request', (req, res) => {
      if (sharedRoutes(req, res)) return;
      serve(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('Error interno del servidor web.');
      });
    });
  } else {
    // Started once, on demand: ~2.5 s of CPU, and its dependency scan after that.
    let vite: Promise<ViteDevServer> | undefined;
    const startVite = () =>
      (vite ??= (async () => {
        const { createServer: createViteServer } = await import('vite');
        const started = await createViteServer({
          configFile: join(WEB_DIR, 'vite.config.ts'),
          appType: 'spa',
          logLevel: 'warn',
          // Hot reload shares this server's port, so several local clouds (tests) never collide.
          server: { middlewareMode: true, ws: { server } },
        });
        if (options.shellDir) {
          // The page function's shell: index.html as Vite serves it (its client, the React refresh preamble).
          const html = await started.transformIndexHtml('/', await readFile(join(WEB_DIR, 'index.html'), 'utf8'));
          await mkdir(options.shellDir, { recursive: true });
          await writeFile(join(options.shellDir, PAGE_SHELL_FILE), html);
        }
        return started;
      })().catch((error: unknown) => {
        // Asked again by the next request (a configuration fixed meanwhile).
        vite = undefined;
        throw error;
      }));
    shellReady = startVite;
    warm = () => void startVite().catch((error: unknown) => console.error('local web server: Vite did not start:', error));
    // Vite's watchers would keep the process alive: one still starting is closed once it has.
    closeExtra = async () => (await vite?.catch(() => undefined))?.close();
    server.on('request', (req, res) => {
      if (sharedRoutes(req, res)) return;
      startVite().then(
        (started) =>
          started.middlewares(req, res, () => {
            res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
            res.end('No encontrado.');
          }),
        (error: unknown) => {
          console.error('local web server: Vite did not start:', error);
          if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          res.end('Error interno del servidor web.');
        },
      );
    });
  }

  const port = await listen(server, options.port, options.host).catch(async (error: unknown) => {
    await closeExtra();
    throw error;
  });
  return {
    url: `http://localhost:${port}`,
    warm,
    async close() {
      await closeExtra();
      await closeServer(server);
    },
  };
}

type Encoded = { body: Buffer; encoding?: Encoding };

/**
 * Serves web/dist as CloudFront does, under the site's Content-Security-Policy, compressing text
 * once per file and encoding and keeping it in memory.
 */
async function distHandler(distDir: string): Promise<(req: IncomingMessage, res: ServerResponse) => Promise<void>> {
  try {
    await stat(join(distDir, 'index.html'));
  } catch {
    throw new Error(`No hay web construida en ${distDir}: ejecuta "npm run build" antes de usar el modo dist.`);
  }
  // Compressed copies are made once (off the main thread) and kept; all of them are started right
  // away so the first visitor does not wait for brotli's highest level.
  const cache = new Map<string, Promise<Encoded>>();

  function load(file: string, encoding: Encoding | undefined): Promise<Encoded> {
    const key = `${encoding ?? 'identity'}:${file}`;
    let entry = cache.get(key);
    if (!entry) {
      entry = readFile(file).then(async (raw): Promise<Encoded> =>
        encoding ? { body: await keptCompressed(raw, encoding), encoding } : { body: raw },
      );
      entry.catch(() => cache.delete(key));
      cache.set(key, entry);
    }
    return entry;
  }

  void removeUnusedCompressed();
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
    const key = decodedPath(pathnameOf(req));
    const file = key === undefined ? null : await resolveFile(key);
    if (!file) {
      // A missing file is a real 404 (an old tab asking for a replaced chunk), never a page.
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': NO_CACHE });
      res.end('No encontrado.');
      return;
    }
    const ext = extname(file);
    const encoding = COMPRESSIBLE.has(ext) ? acceptedEncoding(req.headers['accept-encoding']) : undefined;
    const { body, encoding: used } = await load(file, encoding);
    const headers: Record<string, string | number> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.startsWith(join(distDir, 'assets') + sep) ? IMMUTABLE : NO_CACHE,
      'content-length': body.length,
      'x-content-type-options': 'nosniff',
      vary: 'accept-encoding',
    };
    if (used) headers['content-encoding'] = used;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** A file's compressed copy, made once for its content at the highest level and kept (KEPT_COMPRESSED_DIR). */
async function keptCompressed(raw: Buffer, encoding: Encoding): Promise<Buffer> {
  const kept = join(KEPT_COMPRESSED_DIR, `${createHash('sha256').update(raw).digest('hex')}.${encoding}`);
  const found = await readFile(kept).catch(() => undefined);
  if (found) {
    // Its use, for the clean-up below (a file system may not keep access times).
    const now = new Date();
    void utimes(kept, now, now).catch(() => {});
    return found;
  }
  const body = await compress(raw, encoding, 'smallest');
  // Written whole under a name of its own, then renamed: another cloud may be writing the same copy.
  const writing = `${kept}.${randomUUID()}`;
  await mkdir(KEPT_COMPRESSED_DIR, { recursive: true })
    .then(() => writeFile(writing, body))
    .then(() => rename(writing, kept))
    // Not kept (a read-only checkout): served all the same.
    .catch(() => rm(writing, { force: true }));
  return body;
}

/** Removes the compressed copies of old builds. */
async function removeUnusedCompressed(): Promise<void> {
  const before = Date.now() - KEPT_COMPRESSED_DAYS * 24 * 60 * 60 * 1000;
  const names = await readdir(KEPT_COMPRESSED_DIR).catch(() => [] as string[]);
  for (const name of names) {
    const file = join(KEPT_COMPRESSED_DIR, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Date.now() }));
    if (mtimeMs < before) await rm(file, { force: true }).catch(() => {});
  }
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}
