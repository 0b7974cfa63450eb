/**
 * Figure 5: the page a visitor loads. The production build (`npm run build`), served by the local
 * cloud in dist mode, is audited by Lighthouse 12 (mobile preset, its default simulated throttling)
 * in Debian's Chromium. Bytes are counted for what loading `/` actually fetches (every script and
 * style sheet in Lighthouse's network log) and, separately, for what index.html names up front.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { PostPage } from '../../functions/contract/posts';
import { acceptedEncoding, compress } from '../../infra/local/aws/cloudfront/compression';
import { call } from '../support/api';
import type { LocalCloudProcess } from '../support/localCloud';
import { createModerator, publishApproved } from '../support/moderation';
import { createUser } from '../support/users';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '../..');
const DIST = join(ROOT, 'web/dist');
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run';

/** `everyPage`: the four pages the figure reports; else the home page alone (each page is two Lighthouse runs, ~40 s here). */
export type WebOptions = { lighthouseRuns: number; everyPage: boolean };
/**
 * Five runs a page: Lighthouse simulates slow 4G and a 4× slower CPU by scaling an unthrottled load, so this
 * host's jitter is multiplied (three loads of / in a row gave TBT 92, 484 and 448 ms); the median of five
 * leans less on one load.
 */
export const FULL: WebOptions = { lighthouseRuns: 5, everyPage: true };
/** The smoke run checks that the figure works: one page, once, and its static twin. */
export const SMOKE: WebOptions = { lighthouseRuns: 1, everyPage: false };

export type Sizes = { raw: number; gzip: number; brotli: number; files: string[] };

export type LighthouseRun = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Same-origin /assets/ files the page fetched, by type. */
  scripts: string[];
  styles: string[];
  /** What Lighthouse says costs the most, for docs/benchmarks-notes.md's "what limits it". */
  opportunities: string[];
  lcpElement: string;
  /** Lighthouse's own measure of the machine's speed during the run (its `benchmarkIndex`): a loaded machine scores low, and TBT grows. */
  benchmarkIndex: number;
};

/** The author the bench seeds for `/autor/:apodo`, and the word its posts (and a sample post) hold for `/buscar?q=`. */
export const BENCH_AUTHOR = 'Rocío Bench';
export const SEARCH_WORD = 'jefe';
const AUTHOR_POSTS: Array<{ category: string; post: string }> = [
  { category: 'trabajo', post: 'Mi jefe me pide el informe para ayer. Se lo mando y me contesta que era el del año pasado. Vaya día.' },
  { category: 'trabajo', post: 'Llego tarde a la reunión, entro corriendo y me siento en la silla del jefe. Estaba él detrás. Vaya día.' },
  { category: 'varios', post: 'Le escribo a mi jefe «te quiero» en vez de «te quito» el turno. Ahora me saluda con cariño. Vaya día.' },
  {
    category: 'familia',
    post: 'Mi madre llama a mi jefe para decirle que hoy no voy porque estoy malo. Tengo treinta y cinco años. Vaya día.',
  },
];

/**
 * Pages beyond the samples' for Lighthouse: an author with several published posts (signed up, named,
 * posting through the API and published by a moderator, as on the site), and a search that finds them.
 * Returns their paths once the search answers them all (the index is written by the posts' stream).
 */
export async function seedDiscovery(cloud: LocalCloudProcess): Promise<{ authorPath: string; searchPath: string }> {
  const moderator = await createModerator(cloud);
  const author = await createUser(cloud, { name: BENCH_AUTHOR });
  for (const body of AUTHOR_POSTS) await publishApproved(cloud, author, moderator, body);
  const searchPath = `/buscar?q=${encodeURIComponent(SEARCH_WORD)}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await call<PostPage>(cloud, `/search?q=${encodeURIComponent(SEARCH_WORD)}`);
    const found = response.status === 200 ? response.body.items.length : 0;
    if (found >= AUTHOR_POSTS.length) break;
    if (Date.now() > deadline)
      throw new Error(`GET /search?q=${SEARCH_WORD} found ${found} posts, not the ${AUTHOR_POSTS.length} seeded, within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { authorPath: `/autor/${encodeURIComponent(BENCH_AUTHOR)}`, searchPath };
}

/** `npm run build`: the production build the local cloud serves in dist mode. */
export async function buildWeb(): Promise<number> {
  const started = Date.now();
  await run('npm', ['run', 'build'], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('npm run build wrote no web/dist/index.html');
  return Date.now() - started;
}

function compressedSizes(contents: Array<{ file: string; content: Buffer }>): Sizes {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const { content } of contents) {
    raw += content.length;
    // The same levels the local web server (and CloudFront's brotli) use.
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return { raw, gzip, brotli, files: contents.map(({ file }) => file) };
}

/** Sizes of files in web/dist, read right after the build. */
export function sizesOf(files: string[]): Sizes {
  return compressedSizes(files.map((file) => ({ file, content: readFileSync(join(DIST, file)) })));
}

/** Sizes of files as the web server serves them (uncompressed on the wire, compressed here). */
export async function servedSizes(webUrl: string, files: string[]): Promise<Sizes> {
  const contents = await Promise.all(
    files.map(async (file) => {
      const response = await fetch(`${webUrl}${file}`, { headers: { 'accept-encoding': 'identity' } });
      if (!response.ok) throw new Error(`${file} answered ${response.status} (was web/dist rebuilt during the run?)`);
      return { file, content: Buffer.from(await response.arrayBuffer()) };
    }),
  );
  return compressedSizes(contents);
}

/** Scripts and style sheets index.html asks for before any code runs: entry, modulepreloads, CSS. */
export function declaredAssets(): { scripts: string[]; styles: string[] } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const scripts = tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => attribute(tag, 'src') ?? attribute(tag, 'href'))
    .filter((path): path is string => !!path && path.startsWith('/assets/'));
  const styles = tags
    .filter((tag) => /rel="stylesheet"/.test(tag))
    .map((tag) => attribute(tag, 'href'))
    .filter((path): path is string => !!path && path.startsWith('/assets/'));
  return { scripts, styles };
}

type Audit = {
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  title: string;
  details?: { type?: string; items?: Array<Record<string, unknown>>; overallSavingsMs?: number };
};
type Report = { categories: Record<string, { score: number }>; audits: Record<string, Audit>; environment?: { benchmarkIndex?: number } };

export async function lighthouse(url: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(join(tmpdir(), 'vaya-dia-bench-lh-'));
  const output = join(dir, 'report.json');
  try {
    await run(
      join(ROOT, 'node_modules/.bin/lighthouse'),
      [
        url,
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        `--chrome-flags=${CHROME_FLAGS}`,
        '--quiet',
      ],
      { cwd: ROOT, env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
    );
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    const audit = (id: string) => report.audits[id] as Audit;
    const requests = (audit('network-requests').details?.items ?? []) as Array<{ url: string; resourceType?: string }>;
    const assets = (type: string) =>
      requests
        .filter((r) => r.resourceType === type)
        .map((r) => new URL(r.url).pathname)
        .filter((path) => path.startsWith('/assets/'));
    const opportunities = Object.entries(report.audits)
      .filter(([, a]) => a.score !== null && a.score < 0.9 && (a.details?.overallSavingsMs ?? 0) > 0)
      .map(([, a]) => `${a.title} (~${Math.round(a.details?.overallSavingsMs ?? 0)} ms)`);
    const lcpItems = audit('largest-contentful-paint-element').details?.items ?? [];
    const lcpNode = JSON.stringify(lcpItems).match(/"snippet":"((?:[^"\\]|\\.)*)"/)?.[1] ?? 'unknown';
    return {
      performance: Math.round((report.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((report.categories.accessibility?.score ?? 0) * 100),
      bestPractices: Math.round((report.categories['best-practices']?.score ?? 0) * 100),
      seo: Math.round((report.categories.seo?.score ?? 0) * 100),
      lcp: audit('largest-contentful-paint').numericValue ?? Number.NaN,
      tbt: audit('total-blocking-time').numericValue ?? Number.NaN,
      cls: audit('cumulative-layout-shift').numericValue ?? Number.NaN,
      fcp: audit('first-contentful-paint').numericValue ?? Number.NaN,
      scripts: [...new Set(assets('Script'))],
      styles: [...new Set(assets('Stylesheet'))],
      opportunities,
      lcpElement: lcpNode.replace(/\\"/g, '"'),
      benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A page's static twin: the document as served with every script taken out — `<script>` elements
 * (module, inline, the page's JSON data) and module preloads — and nothing else changed. Its LCP is
 * what the page's markup, styles, fonts and images alone allow: the page's own LCP ÷ it says what the
 * app's scripts add.
 */
export function staticTwin(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/gi, '').replace(/<link\b[^>]*\brel=["']?modulepreload\b[^>]*>\s*/gi, '');
}

export type TwinServer = { origin: string; close: () => Promise<void> };

/** Response headers not passed on as received: the body is decoded, changed and encoded again here. */
const REWRITTEN = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive']);

/**
 * Serves the static twins of `paths` (each a path with its query, as the local cloud serves it) on
 * 127.0.0.1 at a free port; every other request is passed to the local cloud at `webUrl` as it came, so
 * a twin loads the same styles, fonts and images. Only `webUrl` is ever fetched. Each twin is the cloud's
 * answer of that moment (read again on every request, so it pays the same server render as the page),
 * compressed as the cloud compresses a page function's answer.
 */
export async function startTwinServer(webUrl: string, paths: readonly string[]): Promise<TwinServer> {
  const cloud = new URL(webUrl);
  const twins = new Set(paths);
  const serveTwin = async (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const page = await fetch(new URL(incoming.url ?? '/', cloud), { headers: { 'accept-encoding': 'identity' }, redirect: 'manual' });
    const body = Buffer.from(staticTwin(await page.text()));
    const encoding = acceptedEncoding(incoming.headers['accept-encoding']);
    const sent = encoding ? await compress(body, encoding, 'fast') : body;
    const headers: Record<string, string> = {};
    page.headers.forEach((value, name) => {
      if (!REWRITTEN.has(name)) headers[name] = value;
    });
    outgoing.writeHead(page.status, { ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': sent.length });
    outgoing.end(sent);
  };
  const pass = (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const forwarded = request(
      {
        host: cloud.hostname,
        port: cloud.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: cloud.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => outgoing.destroy(error));
    incoming.pipe(forwarded);
  };
  const server = createServer((incoming, outgoing) => {
    if (incoming.method === 'GET' && twins.has(incoming.url ?? '')) {
      serveTwin(incoming, outgoing).catch((error: unknown) => {
        console.error(`  static twin of ${incoming.url}:`, error);
        if (!outgoing.headersSent) outgoing.writeHead(502);
        outgoing.end();
      });
    } else pass(incoming, outgoing);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
