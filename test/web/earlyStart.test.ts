import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES, DEFAULT_PAGE_SIZE, isCategory } from '@contract';
import { createApiClient } from '../../web/src/lib/api';
import { earlyConfigFetch, earlyFeedFetch, earlyStartScript } from '../../web/src/lib/earlyStart';
import { feedKey, feedPathCategory } from '../../web/src/lib/feedPage';

/** The API under the site's own origin, as CloudFront and the local web server serve it. */
const API = window.location.origin;
const page = { items: [], nextCursor: null };

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** The address a fetch was called with. */
function urlOf(input: RequestInfo | URL): string {
  return input instanceof Request ? input.url : String(input);
}

/** Runs index.html's inline script, as the browser does. */
function runEarlyStartScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script under test is text, exactly as it goes into index.html
  const script = new Function(earlyStartScript(CATEGORIES, DEFAULT_PAGE_SIZE)) as () => void;
  script();
}

/** Runs index.html's inline script at `path` with a fake fetch; returns the fetch mock. */
async function runScriptAt(path: string) {
  window.history.replaceState(null, '', path);
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => (urlOf(input) === '/config.json' ? json({ apiUrl: API }) : json(page)));
  vi.stubGlobal('fetch', fetchMock);
  runEarlyStartScript();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return fetchMock;
}

/** The address the app's own client asks for (what the early request must match). */
async function clientUrl(category?: (typeof CATEGORIES)[number]): Promise<string> {
  const fetchImpl = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => json(page));
  await createApiClient({ apiUrl: API, getIdToken: async () => null, fetchImpl }).listPosts({ category, limit: DEFAULT_PAGE_SIZE });
  return urlOf(fetchImpl.mock.calls[0]![0]);
}

describe("index.html's early-start script", () => {
  beforeEach(() => delete window.__vayaEarly);
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('asks for /config.json and, at once, the home feed exactly as the API client does; hands both over once', async () => {
    const fetchMock = await runScriptAt('/');
    expect(fetchMock.mock.calls.map(([url]) => `${window.location.origin}${urlOf(url)}`)).toEqual([
      `${API}/config.json`,
      await clientUrl(),
    ]);

    const configFetch = earlyConfigFetch();
    await expect((await configFetch('/config.json')).json()).resolves.toEqual({ apiUrl: API });
    expect(fetchMock).toHaveBeenCalledTimes(2); // the early answer, no new request
    await configFetch('/config.json');
    expect(fetchMock).toHaveBeenCalledTimes(3); // later calls are ordinary requests

    const api = createApiClient({ apiUrl: API, getIdToken: async () => null, fetchImpl: earlyFeedFetch() });
    await expect(api.listPosts({ limit: DEFAULT_PAGE_SIZE })).resolves.toEqual(page);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('asks for the feed in the same task as /config.json, without waiting for it', () => {
    const fetchMock = vi.fn((_input: RequestInfo | URL) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyStartScript();
    expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toEqual(['/config.json', `/posts?limit=${DEFAULT_PAGE_SIZE}`]);
  });

  it('asks for a known category feed; not for an unknown category or another route', async () => {
    let fetchMock = await runScriptAt('/category/amor');
    expect(fetchMock.mock.calls.map(([url]) => `${window.location.origin}${urlOf(url)}`)).toEqual([
      `${API}/config.json`,
      await clientUrl('amor'),
    ]);

    for (const path of ['/category/nada', '/newpost', '/post/abc']) {
      delete window.__vayaEarly;
      fetchMock = await runScriptAt(path);
      expect(fetchMock.mock.calls.map(([url]) => urlOf(url))).toEqual(['/config.json']);
    }
  });

  it('starts early exactly the feed pages main.tsx prefetches (one pattern, one key)', async () => {
    const paths = [
      '/',
      '/category/amor',
      '/category/amor/',
      '/category/nada',
      '/category/%ZZ',
      '/category/amor/x',
      '/newpost',
      '/post/abc',
    ];
    for (const path of paths) {
      delete window.__vayaEarly;
      await runScriptAt(path);
      const category = feedPathCategory(path);
      const prefetched = category === undefined ? feedKey() : category !== null && isCategory(category) ? feedKey(category) : null;
      expect(
        Object.keys(window.__vayaEarly ?? {}).filter((key) => key !== 'config'),
        path,
      ).toEqual(prefetched ? [prefetched] : []);
    }
  });

  it('makes its own request when the API is elsewhere or the early request failed', async () => {
    const fetchMock = await runScriptAt('/');
    const api = createApiClient({ apiUrl: 'https://other.test', getIdToken: async () => null, fetchImpl: earlyFeedFetch() });
    await api.listPosts({ limit: DEFAULT_PAGE_SIZE });
    expect(urlOf(fetchMock.mock.calls.at(-1)![0])).toBe('https://other.test/posts?limit=20');

    window.__vayaEarly = { [feedKey()]: Promise.reject(new TypeError('offline')) };
    await createApiClient({ apiUrl: API, getIdToken: async () => null, fetchImpl: earlyFeedFetch() }).listPosts({
      limit: DEFAULT_PAGE_SIZE,
    });
    expect(urlOf(fetchMock.mock.calls.at(-1)![0])).toBe(await clientUrl());
  });

  it('without the script (dev tools, tests), the app simply fetches', async () => {
    const fetchMock = vi.fn(async () => json({ apiUrl: API }));
    vi.stubGlobal('fetch', fetchMock);
    await earlyConfigFetch()('/config.json');
    expect(fetchMock).toHaveBeenCalledWith('/config.json', undefined);
  });
});
