/**
 * Figure 5, the tap: how soon after a page paints does a tap on it work, on a slow phone? The
 * production build, served by the local cloud in dist mode, is loaded fresh (a new browser context:
 * no cache, no service worker, signed out) in Debian's Chromium through a Chrome DevTools session with
 * Lighthouse's slow-4G values (150 ms latency, 1.6 Mbps down, 750 Kbps up), the CPU slowed ×4 and the
 * cache disabled. At the page's first contentful paint (its PerformanceObserver 'paint' entry, read in
 * the page) a real tap (CDP touch events) is made on «Compartir» of the first card, a control that needs
 * the app. Chromium on Linux has no share sheet, so its effect is «Enlace copiado» on screen (the
 * clipboard is allowed in the context). The figure is the time from first paint until that effect is
 * on screen (the next animation frame after the text appears): a tap kept by the document's tap keeper
 * (web/src/lib/taps.ts) before the app took over, and replayed by it, counts as working, as the person
 * sees it. Reported beside it: the time from first paint until the app has taken the page over, so a tap
 * works directly — the tap keeper's own `window.__vayaTaps.app` turning true (useTapReplay: hydrated and
 * who is signed in known), read through an accessor the bench installs before the page's scripts run —
 * and the time until the scripts the document names had all arrived (Resource Timing), so a run says how
 * much of the wait is the download and how much the CPU after it.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../e2e/browser';
import { ENTRY_ATTRIBUTE, PAGE_DATA_ELEMENT_ID, PRELOAD_ATTRIBUTE } from '../../web/src/lib/documentScripts';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export type TapOptions = { runs: number };
export const FULL: TapOptions = { runs: 5 };
export const SMOKE: TapOptions = { runs: 1 };

/** Lighthouse's slow 4G (its `mobileSlow4G` RTT and throughputs), as DevTools network conditions. */
export const SLOW_4G = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (a Moto G Power). */
const SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75 };
/** How long one load may take before the figure gives up (it fails loudly then). */
const LOAD_DEADLINE_MS = 60_000;

export type TapRun = {
  /** First contentful paint, ms after navigation start. */
  fcpMs: number;
  /** First paint → the page's 'paint' observer ran, and the tap was sent then. */
  observedAfterPaintMs: number;
  /** First paint → the tap reached the page's listeners (they wait for its main thread). */
  tapAfterPaintMs: number;
  /** First paint → «Enlace copiado» on screen. */
  worksAfterPaintMs: number;
  /** First paint → the app has taken the page over (taps work directly). */
  hydratedAfterPaintMs: number;
  /** First paint → the last of the scripts the document names (its entry and module preloads) has arrived. */
  scriptsAfterPaintMs: number;
  /** Whether the tap was kept by the document's tap keeper and replayed by the app. */
  replayed: boolean;
  /** Layout shifts after first paint, summed, and the largest. */
  shiftAfterPaint: number;
  largestShift: string | null;
};

/** A load whose tap landed elsewhere: the page moved between its first paint and the tap. */
export type TapMiss = { missed: string; largestShift: string | null };

export type TapResult = { runs: TapRun[]; misses: TapMiss[] };

type InPage = {
  fcp: number | null;
  /** When the page's 'paint' observer ran (it waits for the main thread). */
  observedAt: number | null;
  tapAt: number | null;
  tapHit: boolean;
  /** What the tap reached instead of «Compartir», when the page moved under it. */
  missed: string | null;
  appAtTap: boolean;
  effectAt: number | null;
  manual: boolean;
  hydratedAt: number | null;
  /** Layout shifts after first paint, summed (the tap's own 500 ms of "recent input" included). */
  shiftAfterPaint: number;
  /** The largest of them: what moved, and by how many pixels down. */
  largestShift: string | null;
};

type Target = { x: number; y: number } | null;

/**
 * Runs in the page before any of its own scripts. Plain ES2020 in a string: it is sent to the browser
 * as written (no bundler helpers), and it must not change what the page does — the accessor on
 * `window.__vayaTaps` stores and returns exactly what the page's scripts set.
 */
const IN_PAGE = `(() => {
  const bench = (window.__bench = { fcp: null, observedAt: null, tapAt: null, tapHit: false, missed: null, appAtTap: false, effectAt: null, manual: false, hydratedAt: null, shiftAfterPaint: 0, largestShift: null });
  const taken = () => { if (bench.hydratedAt === null) bench.hydratedAt = performance.now(); };
  let taps;
  Object.defineProperty(window, '__vayaTaps', {
    configurable: true,
    get() { return taps; },
    set(value) {
      taps = value;
      if (!value || typeof value !== 'object') return;
      let app = value.app;
      if (app === true) taken();
      Object.defineProperty(value, 'app', {
        configurable: true,
        enumerable: true,
        get() { return app; },
        set(next) { app = next; if (next === true) taken(); },
      });
    },
  });
  const describe = (node) => node && node.tagName ? node.tagName.toLowerCase() + (node.className && typeof node.className === 'string' ? '.' + node.className.trim().split(/\\s+/).join('.') : '') : String(node);
  const shareButton = () => document.querySelector('[data-intent^="share:"]');
  addEventListener('click', (event) => {
    if (!event.isTrusted || bench.tapAt !== null) return;
    bench.tapAt = performance.now();
    const reached = event.target && event.target.closest ? event.target.closest('[data-intent^="share:"]') : null;
    bench.tapHit = reached !== null && reached === shareButton();
    if (!bench.tapHit) bench.missed = describe(event.target) + ' «' + ((event.target && event.target.textContent) || '').trim().slice(0, 30) + '»';
    bench.appAtTap = !!(window.__vayaTaps && window.__vayaTaps.app === true);
  }, true);
  const check = () => {
    if (bench.effectAt !== null || bench.tapAt === null) return;
    if (document.querySelector('.share__manual')) bench.manual = true;
    for (const status of document.querySelectorAll('.share__status')) {
      if ((status.textContent || '').includes('Enlace copiado')) {
        requestAnimationFrame(() => { if (bench.effectAt === null) bench.effectAt = performance.now(); });
        return;
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  let largest = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (bench.fcp === null || entry.startTime <= bench.fcp) continue;
      bench.shiftAfterPaint += entry.value;
      if (entry.value <= largest) continue;
      largest = entry.value;
      const source = (entry.sources || []).reduce((a, b) => (!a || Math.abs(b.currentRect.y - b.previousRect.y) > Math.abs(a.currentRect.y - a.previousRect.y) ? b : a), null);
      bench.largestShift = source ? describe(source.node) + ' ' + Math.round(source.currentRect.y - source.previousRect.y) + ' px (' + entry.value.toFixed(3) + ')' : entry.value.toFixed(3);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name !== 'first-contentful-paint' || bench.fcp !== null) continue;
      bench.fcp = entry.startTime;
      bench.observedAt = performance.now();
      const button = shareButton();
      if (!button) { window.__benchPainted(null); return; }
      button.scrollIntoView({ block: 'nearest' });
      const box = button.getBoundingClientRect();
      window.__benchPainted({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    }
  }).observe({ type: 'paint', buffered: true });
})();`;

function withDeadline<T>(promise: Promise<T>, what: string, ms = LOAD_DEADLINE_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

/** One fresh load of `url` (absolute) on a slow phone, tapped at its first paint. */
async function oneRun(browser: Browser, url: string): Promise<TapRun | TapMiss> {
  const origin = new URL(url).origin;
  const context = await browser.newContext({
    viewport: { width: SCREEN.width, height: SCREEN.height },
    deviceScaleFactor: SCREEN.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    let paintedAt!: (target: Target) => void;
    const painted = new Promise<Target>((resolve) => (paintedAt = resolve));
    await context.exposeBinding('__benchPainted', (_source, target: Target) => paintedAt(target));
    await context.addInitScript(IN_PAGE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const loading = page.goto(url, { waitUntil: 'commit', timeout: LOAD_DEADLINE_MS });
    // Awaited below; a failure meanwhile must not go unhandled.
    loading.catch(() => undefined);
    const target = await withDeadline(painted, `${url}: the first contentful paint`);
    if (!target) throw new Error(`${url} painted with no «Compartir» button (data-intent="share:…") to tap`);
    await page.touchscreen.tap(target.x, target.y);
    await loading;
    const state = () => page.evaluate<InPage>('window.__bench');
    const deadline = Date.now() + LOAD_DEADLINE_MS;
    for (;;) {
      // A tap that reached a link instead took the reader elsewhere.
      if (new URL(page.url()).pathname !== new URL(url).pathname)
        return { missed: `a link to ${new URL(page.url()).pathname}`, largestShift: null };
      const now = await state();
      // Another control (a vote…) may have been tapped: this load says nothing more about «Compartir».
      if (now.tapAt !== null && !now.tapHit) return { missed: now.missed ?? 'nothing', largestShift: now.largestShift };
      if (now.manual) throw new Error(`«Compartir» on ${url} could not copy the link (the manual fallback showed)`);
      if (now.effectAt !== null && now.hydratedAt !== null) break;
      if (Date.now() > deadline) {
        const missing =
          now.tapAt === null ? 'the tap never reached the page' : now.effectAt === null ? 'no «Enlace copiado»' : 'the app never took over';
        throw new Error(`${url}: ${missing} within ${LOAD_DEADLINE_MS / 1000} s of loading`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const bench = await state();
    const fcp = bench.fcp ?? Number.NaN;
    // When the scripts the document names (the after-paint loader adds them) had all arrived: Resource Timing's responseEnd.
    const scriptsAt = await page.evaluate<number | null>(`(() => {
      const data = document.getElementById(${JSON.stringify(PAGE_DATA_ELEMENT_ID)});
      if (!data) return null;
      const names = [${JSON.stringify(ENTRY_ATTRIBUTE)}, ${JSON.stringify(PRELOAD_ATTRIBUTE)}]
        .flatMap((attribute) => (data.getAttribute(attribute) || '').split(' '))
        .filter(Boolean)
        .map((src) => new URL(src, location.href).href);
      const ends = performance.getEntriesByType('resource').filter((entry) => names.includes(entry.name)).map((entry) => entry.responseEnd);
      return names.length > 0 && ends.length >= names.length ? Math.max(...ends) : null;
    })()`);
    if (scriptsAt === null) throw new Error(`${url}: the timing of the scripts the document names was not found`);
    return {
      fcpMs: fcp,
      observedAfterPaintMs: (bench.observedAt ?? Number.NaN) - fcp,
      tapAfterPaintMs: (bench.tapAt ?? Number.NaN) - fcp,
      worksAfterPaintMs: (bench.effectAt ?? Number.NaN) - fcp,
      hydratedAfterPaintMs: (bench.hydratedAt ?? Number.NaN) - fcp,
      scriptsAfterPaintMs: scriptsAt - fcp,
      replayed: !bench.appAtTap,
      shiftAfterPaint: bench.shiftAfterPaint,
      largestShift: bench.largestShift,
    };
  } finally {
    await context.close();
  }
}

/**
 * `runs` fresh loads of `url`, one at a time, in one headless Chromium. A load whose tap the page moved
 * away from «Compartir» is recorded as a miss and loaded again (at most `runs` times more; then it fails).
 */
export async function measureFirstTap(url: string, options: TapOptions): Promise<TapResult> {
  const browser = await chromium.launch({ executablePath: CHROME, args: CHROMIUM_FLAGS });
  try {
    const result: TapResult = { runs: [], misses: [] };
    while (result.runs.length < options.runs) {
      const run = await oneRun(browser, url);
      if ('missed' in run) {
        result.misses.push(run);
        console.log(`  first tap: the page moved under it (largest shift ${run.largestShift ?? 'none'}); it reached ${run.missed}`);
        if (result.misses.length > options.runs)
          throw new Error(
            `${result.misses.length} taps at first paint missed «Compartir»: the page moves under them (${run.largestShift ?? 'no shift seen'})`,
          );
        continue;
      }
      result.runs.push(run);
      console.log(
        `  first tap ${result.runs.length}: FCP ${run.fcpMs.toFixed(0)} ms; tap sent ${run.observedAfterPaintMs.toFixed(0)} ms and handled ${run.tapAfterPaintMs.toFixed(0)} ms after it; «Enlace copiado» ${run.worksAfterPaintMs.toFixed(0)} ms after it (${run.replayed ? 'kept and replayed' : 'direct'}); its scripts arrived ${run.scriptsAfterPaintMs.toFixed(0)} ms and the app took over ${run.hydratedAfterPaintMs.toFixed(0)} ms after it; shift after paint ${run.shiftAfterPaint.toFixed(3)}${run.largestShift ? ` (largest ${run.largestShift})` : ''}`,
      );
    }
    return result;
  } finally {
    await browser.close();
  }
}
