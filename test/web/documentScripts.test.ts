import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaintLoaderScript, ENTRY_ATTRIBUTE, PAGE_DATA_ELEMENT_ID, PRELOAD_ATTRIBUTE } from '../../web/src/lib/documentScripts';

/** Runs index.html's after-paint loader, as the browser does at the end of the body. */
function runLoader() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the script under test is text, exactly as it goes into index.html
  (new Function(afterPaintLoaderScript()) as () => void)();
}

const added = () =>
  [...document.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')].map(
    (node) => `${node.tagName.toLowerCase()} ${node.getAttribute('src') ?? node.getAttribute('href')}`,
  );

describe("index.html's after-paint loader", () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  it('adds the entry script and its preloads named by a rendered page, once, after the first paint', () => {
    vi.useFakeTimers();
    const data = document.createElement('script');
    data.id = PAGE_DATA_ELEMENT_ID;
    data.type = 'application/json';
    data.setAttribute(ENTRY_ATTRIBUTE, '/assets/index-abc.js');
    data.setAttribute(PRELOAD_ATTRIBUTE, '/assets/a.js /assets/b.js');
    document.body.append(data);

    runLoader();
    expect(added()).toEqual([]); // nothing before the page has painted
    vi.advanceTimersByTime(2_000); // jsdom reports no paint: the next frame, or the fallback, loads it
    expect(added()).toEqual(['link /assets/a.js', 'link /assets/b.js', 'script /assets/index-abc.js']);
    vi.advanceTimersByTime(2_000);
    expect(added()).toHaveLength(3);
  });

  it('does nothing on a page that is not server-rendered (the forms keep their own script tag)', () => {
    vi.useFakeTimers();
    expect(runLoader).not.toThrow();
    vi.advanceTimersByTime(2_000);
    expect(added()).toEqual([]);
  });
});
