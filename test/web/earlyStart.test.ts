import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { earlyConfigFetch, earlyStartScript } from '../../web/src/lib/earlyStart';

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
}

/** Runs index.html's inline script, as the browser does. */
function runEarlyStartScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script under test is text, exactly as it goes into index.html
  const script = new Function(earlyStartScript()) as () => void;
  script();
}

describe("index.html's early-start script", () => {
  beforeEach(() => delete window.__vayaConfig);
  afterEach(() => vi.unstubAllGlobals());

  it('asks for /config.json at once and hands the answer over once; later reads are ordinary requests', async () => {
    const fetchMock = vi.fn(async () => json({ apiUrl: 'https://example.org' }));
    vi.stubGlobal('fetch', fetchMock);
    runEarlyStartScript();
    expect(fetchMock).toHaveBeenCalledWith('/config.json');

    const configFetch = earlyConfigFetch();
    await expect((await configFetch('/config.json')).json()).resolves.toEqual({ apiUrl: 'https://example.org' });
    expect(fetchMock).toHaveBeenCalledTimes(1); // the early answer, no new request
    await configFetch('/config.json');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without the script (dev tools, tests), the app simply fetches', async () => {
    const fetchMock = vi.fn(async () => json({}));
    vi.stubGlobal('fetch', fetchMock);
    await earlyConfigFetch()('/config.json');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never throws, even where fetch is missing', () => {
    vi.stubGlobal('fetch', undefined);
    expect(runEarlyStartScript).not.toThrow();
  });
});
