/**
 * Figure 5: where a phone's main thread goes when `/` loads, to say what the blocking time is made of.
 * Each run is a new Chromium context (no cache, no service worker) at CPU ×4, the network unthrottled
 * (the CPU's share alone). The page's own Long Animation Frames observer (installed before its scripts)
 * attributes each long frame to its scripts: the entry module's first evaluation — compiling it and
 * running its top level, React DOM and the contract's schemas with it — is read apart from everything
 * else. Then `/` is loaded twice more in the same context: by the third load V8 keeps the compiled code
 * (its code cache), which is what a returning reader gets, and the entry's evaluation is read again.
 * Blocking is Lighthouse's definition: each long task's time past 50 ms, from first paint until the app
 * has taken over and two seconds have passed quietly.
 */
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/browser';
import { CPU_SLOWDOWN } from './firstTap';

export type MainThreadOptions = { runs: number };
export const FULL: MainThreadOptions = { runs: 5 };
export const SMOKE: MainThreadOptions = { runs: 1 };

export type MainThreadRun = {
  /** The entry module's evaluation on a first visit, ms (at CPU ×4). */
  entryFirstVisit: number;
  /** The same on the third load in the same context, with V8's code cache, ms; null when no long frame held it (under 50 ms). */
  entryCodeCached: number | null;
  /** Σ (long task − 50 ms) after first paint on the first visit, ms. */
  blocking: number;
  /** Of that, the entry module's evaluation task's share, ms. */
  blockingFromEntry: number;
};

export type MainThreadResult = { runs: MainThreadRun[]; cpuSlowdown: number };

/** `entry` is null when no long animation frame held the entry's evaluation: it took under 50 ms. */
type Frames = { entry: number | null; blocking: number; blockingFromEntry: number };

/** Installed before the page's scripts: keeps long tasks and the entry module's evaluation time. */
function observe(): void {
  const kept = { tasks: [] as Array<[number, number]>, entry: [] as Array<[number, number]> };
  (window as unknown as { __mainThread: typeof kept }).__mainThread = kept;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) kept.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries() as unknown as Array<{
      scripts: Array<{ invokerType: string; sourceURL: string; startTime: number; duration: number }>;
    }>) {
      for (const script of frame.scripts) {
        if (script.invokerType === 'module-script' && /\/assets\/index-[^/]*\.js$/.test(script.sourceURL)) {
          kept.entry.push([script.startTime, script.duration]);
        }
      }
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
}

/** Loads `url` in `page` and reads what the observer kept once the app has taken over and the thread is quiet. */
async function load(page: Page, url: string): Promise<Frames> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __vayaTaps?: { app?: boolean } }).__vayaTaps?.app === true, undefined, {
    timeout: 60_000,
  });
  // Quiet: no long task in the last two seconds (a long task ends the wait only once it is over).
  await page.waitForFunction(
    () => {
      const { tasks } = (window as unknown as { __mainThread: { tasks: Array<[number, number]> } }).__mainThread;
      const last = tasks.at(-1);
      return performance.now() - (last ? last[0] + last[1] : 0) > 2_000;
    },
    undefined,
    { timeout: 60_000, polling: 250 },
  );
  // No named helper inside: the function is sent to the page as text, without tsx's `__name`.
  return page.evaluate(() => {
    const { tasks, entry } = (window as unknown as { __mainThread: { tasks: Array<[number, number]>; entry: Array<[number, number]> } })
      .__mainThread;
    const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0;
    const entryTask = entry[0];
    // The long task that holds the entry's evaluation (a frame's script sits inside one task).
    const holding = entryTask ? tasks.find(([start, duration]) => start <= entryTask[0] + 1 && entryTask[0] < start + duration) : undefined;
    return {
      entry: entryTask ? entryTask[1] : null,
      blocking: tasks.filter(([start]) => start >= paint).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
      blockingFromEntry: holding && holding[0] >= paint ? Math.max(0, holding[1] - 50) : 0,
    };
  });
}

export async function measureMainThread(url: string, options: MainThreadOptions): Promise<MainThreadResult> {
  const browser = await launchChromium();
  try {
    const runs: MainThreadRun[] = [];
    for (let index = 0; index < options.runs; index++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      try {
        await context.addInitScript(observe);
        const page = await context.newPage();
        const session = await context.newCDPSession(page);
        await session.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        const first = await load(page, url);
        await load(page, url);
        const third = await load(page, url);
        runs.push({
          // A first visit always compiles the entry: a frame under 50 ms would be a finding of its own.
          entryFirstVisit: first.entry ?? 0,
          entryCodeCached: third.entry,
          blocking: first.blocking,
          blockingFromEntry: first.blockingFromEntry,
        });
      } finally {
        await context.close();
      }
    }
    return { runs, cpuSlowdown: CPU_SLOWDOWN };
  } finally {
    await browser.close();
  }
}
