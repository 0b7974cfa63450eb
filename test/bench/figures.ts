/**
 * Turns each benchmark's measurements into table rows with their targets. The measuring lives in
 * one module per figure; the targets live here, beside the rows that judge them.
 */
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { FanoutOptions, FanoutRound } from './liveFanout';
import type { LatencyResult } from './liveLatency';
import type { RouteRun } from './httpThroughput';
import { REFERENCE_BUNDLES, type BundleResult } from './lambdaBundles';
import { GROWTH_BESIDE_CONTROL_LIMIT, growthBesideControlRow, growthRow, sizeLabel, type FigureResult, type Row } from './report';
import { formatBytes, formatSummary, percentile, summarize } from './stats';
import type { ShareCardRun } from './shareCards';
import type { SearchBenchResult } from './search';
import type { ListsResult } from './signedInLists';
import type { NavigationResult } from './navigation';
import type { PersonalDataBenchResult } from './personalData';
import { FALSE_POSITIVE_GOAL, RECALL_GOAL } from '../fixtures/personalData/corpus';
import type { TapResult } from './firstTap';
import type { MainThreadResult } from './mainThread';
import type { LighthouseRun, Sizes } from './webPage';
import { driftLabel, KINDS, type SoakResult } from './soak';

const MB = 1024 * 1024;

export function throughputRows(runs: RouteRun[][]): FigureResult {
  const routes = [...new Set(runs.flat().map((run) => run.route))];
  const rows: Row[] = routes.map((route) => {
    const perRun = runs.map((r) => r.find((run) => run.route === route)).filter((run): run is RouteRun => run !== undefined);
    const rps = summarize(perRun.map((run) => run.requestsPerSecond));
    const p99 = summarize(perRun.map((run) => run.p99));
    const errors = perRun.reduce((sum, run) => sum + run.errors, 0);
    const total = perRun.reduce((sum, run) => sum + run.total, 0);
    const isRead = route.startsWith('GET');
    // The local read-throughput target is retired: it measured the emulator, not the
    // product. Reads are reported; errors still fail any route.
    return {
      figure: 2,
      what: `${route} (autocannon${isRead ? '' : ', 5 posts per user'})`,
      measured: `${formatSummary(rps, ' req/s', 0)} · p50 ${formatSummary(summarize(perRun.map((run) => run.p50)), ' ms', 0)} · p99 ${formatSummary(p99, ' ms', 0)} · ${errors} errors of ${total.toLocaleString('en')}`,
      target: isRead ? 'reported (0 errors)' : '0 errors',
      status: errors > 0 ? 'missed' : isRead ? 'reported' : 'met',
    };
  });
  return { rows, notes: [] };
}

export function memoryRows(idle: number[], duringRuns: number[][]): FigureResult {
  const peaks = duringRuns.map((samples) => Math.max(...samples));
  const rows: Row[] = [];
  if (idle.length > 0) {
    rows.push({
      figure: 6,
      what: 'Local cloud RSS, idle (all its processes, sampled)',
      measured: formatSummary(summarize(idle.map((bytes) => bytes / MB)), ' MB', 0),
      target: 'reported',
      status: 'reported',
    });
  }
  if (peaks.length > 0) {
    rows.push({
      figure: 6,
      what: `Local cloud peak RSS during benchmark 2, ${peaks.map((_, index) => `run ${index + 1}`).join(' / ')}`,
      measured: peaks.map((peak) => `${(peak / MB).toFixed(0)} MB`).join(' / '),
      target: 'reported',
      status: 'reported',
    });
  }
  if (peaks.length >= 2) {
    const growth = (peaks[1] as number) / (peaks[0] as number) - 1;
    rows.push({
      figure: 6,
      what: 'Peak RSS growth, run 2 vs run 1 of benchmark 2 (back to back)',
      measured: `${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %`,
      target: 'no growth (≤ +10 %, sampling noise)',
      status: growth <= 0.1 ? 'met' : 'missed',
    });
  }
  return { rows, notes: [] };
}

type FanoutCase = { rounds: FanoutRound[]; options: FanoutOptions };

const readersCores = ({ rounds }: FanoutCase) => summarize(rounds.map((round) => round.readersCores));

/** Rows of one fan-out size: p50 / p99 from publication to message, and what was missed. */
function fanoutCaseRows(
  { rounds, options }: FanoutCase,
  target: { p50?: number; p99?: number },
): { rows: Row[]; p99: ReturnType<typeof summarize> } {
  const p50 = summarize(rounds.map((round) => round.p50));
  const p99 = summarize(rounds.map((round) => round.p99));
  const missed = rounds.reduce((sum, round) => sum + round.missed, 0);
  const duplicates = rounds.reduce((sum, round) => sum + round.duplicates, 0);
  const deliveries = rounds.reduce((sum, round) => sum + round.deliveries, 0);
  const parts = rounds.flatMap((round) => (round.parts ? [round.parts.min, round.parts.max] : []));
  const clients = options.clients.toLocaleString('en');
  const clientsWord = options.clients === 1 ? 'client' : 'clients';
  return {
    p99,
    rows: [
      {
        figure: 3,
        what: `Live fan-out, ${clients} WebSocket ${clientsWord} × ${options.posts} posts (one every ${options.intervalMs / 1000} s; ${parts.length > 0 ? `${Math.min(...parts)}–${Math.max(...parts)} parallel parts` : 'parts unknown'}), published (the moderator's 200) → message: p50 / p99`,
        measured: `${formatSummary(p50, ' ms', 0)} / ${formatSummary(p99, ' ms', 0)} (max ${Math.max(...rounds.map((round) => round.max)).toFixed(0)} ms)`,
        target:
          target.p50 !== undefined && target.p99 !== undefined
            ? `p50 ≤ ${target.p50.toLocaleString('en')} ms, p99 ≤ ${target.p99.toLocaleString('en')} ms`
            : 'reported',
        status:
          target.p50 === undefined || target.p99 === undefined
            ? 'reported'
            : p50.median <= target.p50 && p99.median <= target.p99
              ? 'met'
              : 'missed',
      },
      {
        figure: 3,
        what: `Live fan-out, ${clients} ${clientsWord}: missed deliveries (and duplicates)`,
        measured: `${missed} missed of ${(deliveries + missed).toLocaleString('en')} (${duplicates} duplicates)`,
        target: '0 missed',
        status: missed === 0 ? 'met' : 'missed',
      },
    ],
  };
}

/**
 * Figure 3 at three audiences in the same run: one reader (a publication on the socket within
 * half a second), 1,000 clients (p50 ≤ 1 s, p99 ≤ 2 s), and the flatness target, p99 at 5,000 ≤
 * 1.5 × p99 at 1,000.
 */
export function fanoutScaleRows(single: FanoutCase, small: FanoutCase, large: FanoutCase): FigureResult {
  const reader = fanoutCaseRows(single, { p50: 500, p99: 1_000 });
  const one = fanoutCaseRows(small, { p50: 1_000, p99: 2_000 });
  const five = fanoutCaseRows(large, {});
  const ratio = five.p99.median / one.p99.median;
  return {
    rows: [
      ...reader.rows,
      ...one.rows,
      ...five.rows,
      {
        figure: 3,
        what: `Live fan-out p99 at ${large.options.clients.toLocaleString('en')} ÷ p99 at ${small.options.clients.toLocaleString('en')} clients (same run)`,
        measured: `${ratio.toFixed(2)}×`,
        target: '≤ 1.5×',
        status: ratio <= 1.5 ? 'met' : 'missed',
      },
      {
        figure: 3,
        what: `Beside it: the readers' own CPU (this process hosts every WebSocket client), at ${small.options.clients.toLocaleString('en')} and at ${large.options.clients.toLocaleString('en')} clients, of the machine's ${availableParallelism()} cores`,
        measured: `${formatSummary(readersCores(small), ' cores', 2)} and ${formatSummary(readersCores(large), ' cores', 2)}`,
        target: 'reported',
        status: 'reported',
      },
    ],
    notes: [],
  };
}

/** The floors handlers are held to, by where they run: the page function against its own, every other against the SDK's. */
const API_FLOOR = 'test/bench/lambdaFloor/dynamoOnly.ts';
const PAGE_FLOOR = 'test/bench/lambdaFloor/serverRender.ts';
const PAGE_FUNCTION = 'functions/handlers/pages/page.ts';
/** How far above its floor a handler's import may be: an HTTP handler's is on a reader's cold request; the page function's too, with React's renderer. */
const IMPORT_LIMIT = { http: 1.2, page: 1.3 } as const;

/**
 * Figure 4: each handler's minified size and import time, and its import as a ratio to the floor it
 * stands on, pass by pass (the bundles are imported in interleaved passes, so a drift in the
 * machine's speed hits a handler and its floor alike). An absolute time would judge the host: the
 * floor alone (the SDK's document client) takes most of any fixed budget on a slow one.
 */
export function bundleRows(bundles: BundleResult[]): FigureResult {
  const byEntry = new Map(bundles.map((bundle) => [bundle.entry, bundle]));
  return {
    rows: bundles.map((bundle): Row => {
      const importTime = summarize(bundle.importMs);
      const measured = `${formatBytes(bundle.bytes)} · ${formatSummary(importTime, ' ms', 0)}`;
      const reference = REFERENCE_BUNDLES[bundle.entry];
      if (reference) {
        return {
          figure: 4,
          what: `Reference: ${reference}: minified size · import (median of ${bundle.importMs.length})`,
          measured,
          target: 'reported',
          status: 'reported',
        };
      }
      const isPage = bundle.entry === PAGE_FUNCTION;
      const floor = byEntry.get(isPage ? PAGE_FLOOR : API_FLOOR);
      const ratio = summarize(bundle.importMs.map((ms, pass) => ms / (floor?.importMs[pass] ?? Number.NaN)));
      const limit = isPage ? IMPORT_LIMIT.page : bundle.entry.startsWith('functions/handlers/http/') ? IMPORT_LIMIT.http : undefined;
      return {
        figure: 4,
        what: `Lambda ${basename(bundle.entry, '.ts')}: minified size · import in a fresh Node (median of ${bundle.importMs.length}) · ÷ ${isPage ? "the page function's" : "the SDK's"} floor`,
        measured: `${measured} · ${formatSummary(ratio, '×', 2)}`,
        target: limit === undefined ? 'reported' : `size reported · import ≤ ${limit}× the floor`,
        status: limit === undefined ? 'reported' : ratio.median <= limit ? 'met' : 'missed',
      };
    }),
    notes: [],
  };
}

export function webRows(
  declared: { js: Sizes; css: Sizes; html: Sizes },
  fetched: { js: Sizes; css: Sizes } | undefined,
  pages: Array<{ path: string; runs: LighthouseRun[]; twins?: LighthouseRun[] }>,
): FigureResult {
  const kb = (sizes: Sizes) =>
    `${formatBytes(sizes.gzip)} gzip / ${formatBytes(sizes.brotli)} br (${sizes.files.length} files, ${formatBytes(sizes.raw)} raw)`;
  const rows: Row[] = [
    {
      figure: 5,
      what: 'JS named by index.html for / (entry + modulepreload)',
      measured: kb(declared.js),
      target: '≤ 120 KB gzip',
      status: declared.js.gzip <= 120 * 1024 ? 'met' : 'missed',
    },
  ];
  if (fetched) {
    rows.push({
      figure: 5,
      what: 'All JS fetched while loading / (Lighthouse network log)',
      measured: kb(fetched.js),
      target: '≤ 120 KB gzip',
      status: fetched.js.gzip <= 120 * 1024 ? 'met' : 'missed',
    });
  }
  rows.push({ figure: 5, what: 'CSS for /', measured: kb(fetched?.css ?? declared.css), target: 'reported', status: 'reported' });
  rows.push({
    figure: 5,
    what: 'index.html (any inlined CSS is here)',
    measured: kb(declared.html),
    target: 'reported',
    status: 'reported',
  });
  for (const { path, runs, twins } of pages) {
    if (runs.length === 0) continue;
    const score = (pick: (run: LighthouseRun) => number) => summarize(runs.map(pick));
    const performance = score((run) => run.performance);
    const accessibility = score((run) => run.accessibility);
    const seo = score((run) => run.seo);
    const lcp = score((run) => run.lcp / 1000);
    const cls = score((run) => run.cls);
    const tbt = score((run) => run.tbt);
    const noindex = path.startsWith('/buscar');
    const label = `Lighthouse 12, mobile, ${path}, ${runs.length} runs`;
    rows.push(
      {
        figure: 5,
        what: `${label}: performance`,
        measured: formatSummary(performance, '', 0),
        target: '100',
        status: performance.median >= 100 ? 'met' : 'missed',
      },
      {
        figure: 5,
        what: `${label}: accessibility`,
        measured: formatSummary(accessibility, '', 0),
        target: '100',
        status: accessibility.median >= 100 ? 'met' : 'missed',
      },
      {
        figure: 5,
        what: `${label}: SEO`,
        measured: formatSummary(seo, '', 0),
        // A search's page says noindex (docs/api.md), which Lighthouse's "is crawlable" audit counts against it.
        ...(noindex
          ? { target: 'reported (noindex by design)', status: 'reported' as const }
          : { target: '100', status: seo.median >= 100 ? ('met' as const) : ('missed' as const) }),
      },
      {
        figure: 5,
        what: `${label}: best practices`,
        measured: formatSummary(
          score((run) => run.bestPractices),
          '',
          0,
        ),
        target: 'reported',
        status: 'reported',
      },
      {
        figure: 5,
        what: `${label}: LCP (FCP ${formatSummary(
          score((run) => run.fcp / 1000),
          ' s',
          2,
        )})`,
        measured: formatSummary(lcp, ' s', 2),
        target: '≤ 1.0 s',
        status: lcp.median <= 1.0 ? 'met' : 'missed',
      },
      ...(twins ? staticTwinRows(label, runs, twins) : []),
      {
        figure: 5,
        what: `${label}: TBT`,
        measured: formatSummary(tbt, ' ms', 0),
        target: '≤ 100 ms',
        status: tbt.median <= 100 ? 'met' : 'missed',
      },
      {
        figure: 5,
        what: `${label}: CLS`,
        measured: formatSummary(cls, '', 3),
        target: '≤ 0.02',
        status: cls.median <= 0.02 ? 'met' : 'missed',
      },
    );
  }
  const runs = pages[0]?.runs ?? [];
  const last = runs.at(-1);
  const notes = last
    ? [
        `Lighthouse LCP element on ${pages[0]?.path ?? '/'}: \`${last.lcpElement.replace(/`/g, "'")}\`.`,
        `Lighthouse's benchmarkIndex (its measure of this machine's speed during each run; a loaded machine scores low and its TBT grows): ${formatSummary(
          summarize(pages.flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
          '',
          0,
        )}.`,
        last.opportunities.length > 0
          ? `Lighthouse opportunities (last run): ${last.opportunities.join('; ')}.`
          : 'Lighthouse listed no opportunity with savings.',
      ]
    : [];
  return { rows, notes };
}

/** How far above its static twin's a page's LCP may be: the app's scripts may delay the largest paint by a tenth at most. */
export const TWIN_LCP_LIMIT = 1.1;

/**
 * Figure 5, beside a page's Lighthouse rows: the LCP of its static twin (the same document with every
 * script taken out, audited in the same pass), and the page's LCP ÷ the twin's, pass by pass, so a
 * drift in the machine's speed hits both alike. The twin is the limit the page's markup, styles and
 * images set; what is above it is the scripts'.
 */
export function staticTwinRows(label: string, runs: readonly LighthouseRun[], twins: readonly LighthouseRun[]): Row[] {
  const ratio = summarize(twins.map((twin, pass) => (runs[pass]?.lcp ?? Number.NaN) / twin.lcp));
  return [
    {
      figure: 5,
      what: `${label}: its static twin's LCP (the same document without its scripts, same passes)`,
      measured: formatSummary(summarize(twins.map((twin) => twin.lcp / 1000)), ' s', 2),
      target: 'reported',
      status: 'reported',
    },
    {
      figure: 5,
      what: `${label}: LCP ÷ its static twin's LCP (same pass)`,
      measured: formatSummary(ratio, '×', 2),
      target: `≤ ${TWIN_LCP_LIMIT}×`,
      status: ratio.median <= TWIN_LCP_LIMIT ? 'met' : 'missed',
    },
  ];
}

/**
 * Figure 5, the tap: first paint → the first tap that works on `/` (a kept and replayed tap counts, as
 * the reader sees it), and first paint → the app taking over (a tap then works directly).
 */
export function firstTapRows({ runs, misses }: TapResult): FigureResult {
  const works = summarize(runs.map((run) => run.worksAfterPaintMs / 1000));
  const hydrated = summarize(runs.map((run) => run.hydratedAfterPaintMs / 1000));
  const scripts = summarize(runs.map((run) => run.scriptsAfterPaintMs / 1000));
  const handled = summarize(runs.map((run) => run.tapAfterPaintMs));
  const fcp = summarize(runs.map((run) => run.fcpMs / 1000));
  const shift = summarize(runs.map((run) => run.shiftAfterPaint));
  const replayed = runs.filter((run) => run.replayed).length;
  const largest = runs.filter((run) => run.largestShift !== null).sort((a, b) => b.shiftAfterPaint - a.shiftAfterPaint)[0]?.largestShift;
  const conditions = 'signed-out reader, fresh load, slow 4G (150 ms, 1.6 Mbps down, 750 Kbps up) + CPU ×4, cache off';
  return {
    rows: [
      {
        figure: 5,
        what: `Time from first paint to the first tap that works on / (${conditions}): «Compartir» on the first card tapped at first contentful paint, until «Enlace copiado» is on screen; a tap kept and replayed by the app counts (${replayed} of ${runs.length} were); ${runs.length} runs`,
        measured: formatSummary(works, ' s', 2),
        target: '≤ 1.5 s',
        status: works.median <= 1.5 ? 'met' : 'missed',
      },
      {
        figure: 5,
        what: `Time from first paint until the app has taken / over, so a tap works directly (the tap keeper's window.__vayaTaps.app: hydrated, who is signed in known; same loads)`,
        measured: formatSummary(hydrated, ' s', 2),
        target: 'reported',
        status: 'reported',
      },
      {
        figure: 5,
        what: `Time from first paint until the scripts the document names (entry and module preloads, requested at first paint) have all arrived (Resource Timing; same loads): the rest of the take-over is CPU`,
        measured: formatSummary(scripts, ' s', 2),
        target: 'reported',
        status: 'reported',
      },
    ],
    notes: [
      `First tap on /: first contentful paint ${formatSummary(fcp, ' s', 2)} after navigation (real slow 4G, not Lighthouse's simulation); the tap reached the page's listeners ${formatSummary(handled, ' ms', 0)} after first paint (the page reports its paint, and handles the tap, when its main thread is free); layout shift after first paint ${formatSummary(shift, '', 3)}${largest ? `, the largest ${largest}` : ''}.`,
      ...(misses.length > 0
        ? [
            `First tap on /: in ${misses.length} more load(s) the page moved between its first paint and the tap, which reached ${misses.map((miss) => `${miss.missed} (largest shift ${miss.largestShift ?? 'none seen'})`).join('; ')}; those loads were repeated.`,
          ]
        : []),
    ],
  };
}

/**
 * Figure 5: what the first visit's blocking time on / is made of (test/bench/mainThread.ts): the entry
 * script's first evaluation beside the whole, and that evaluation again once V8 keeps its compiled code.
 */
export function mainThreadRows({ runs, cpuSlowdown }: MainThreadResult): FigureResult {
  const conditions = `/ at CPU ×${cpuSlowdown}, network unthrottled, ${runs.length} runs`;
  const cached = runs.flatMap((run) => (run.entryCodeCached === null ? [] : [run.entryCodeCached]));
  const underLongFrame = runs.length - cached.length;
  const cachedMeasured =
    cached.length === 0
      ? 'under 50 ms in every run (no long frame held it)'
      : `${formatSummary(summarize(cached), ' ms', 0)}${underLongFrame > 0 ? ` (under 50 ms in ${underLongFrame} more)` : ''}`;
  return {
    rows: [
      {
        figure: 5,
        what: `Main thread blocked after first paint on a first visit (Σ long task − 50 ms until the app has taken over and 2 s pass quietly; ${conditions})`,
        measured: formatSummary(summarize(runs.map((run) => run.blocking)), ' ms', 0),
        target: 'reported',
        status: 'reported',
      },
      {
        figure: 5,
        what: `Of which the task that evaluates the entry script (compiling it, React DOM and the schemas it builds at start; same loads)`,
        measured: formatSummary(summarize(runs.map((run) => run.blockingFromEntry)), ' ms', 0),
        target: 'reported',
        status: 'reported',
      },
      {
        figure: 5,
        what: `The entry script's evaluation (Long Animation Frames' script timing): first visit → third load in the same tab, with V8's code cache`,
        measured: `${formatSummary(summarize(runs.map((run) => run.entryFirstVisit)), ' ms', 0)} → ${cachedMeasured}`,
        target: 'reported',
        status: 'reported',
      },
    ],
    notes: [],
  };
}

/** Figure 9: share cards, cold (a fresh process: WebAssembly and font loaded, then the first card) and warm, and their size. */
export function shareCardRows(runs: ShareCardRun[]): FigureResult {
  const cold = summarize(runs.map((run) => run.coldMs));
  const warm = summarize(runs.flatMap((run) => run.warmMs));
  const sizes = summarize(runs.map((run) => run.longBytes));
  const first = runs[0];
  return {
    rows: [
      {
        figure: 9,
        what: `Share card render, cold: a fresh process's first card, WebAssembly and font included (median of ${cold.runs})`,
        measured: formatSummary(cold, ' ms', 0),
        target: 'reported (a scraper waits for it once per card and version)',
        status: 'reported',
      },
      {
        figure: 9,
        what: `Share card render, warm: a 300-character post's card (median of ${warm.runs})`,
        measured: formatSummary(warm, ' ms', 0),
        target: 'reported',
        status: 'reported',
      },
      {
        figure: 9,
        what: 'Share card PNG size: 300-character post · short post · site card',
        measured: `${formatBytes(sizes.median)} · ${formatBytes(first?.shortBytes ?? 0)} · ${formatBytes(first?.siteBytes ?? 0)}`,
        target: 'size reported (≤ 300 KB keeps previews fast)',
        status: sizes.median <= 300 * 1024 ? 'met' : 'missed',
      },
    ],
    notes: [
      'Figure 9 renders through tsx on this machine; on Lambda the image function has 1.5 GB (most of a vCPU) and CloudFront keeps each card a day, so a card is drawn about once per version.',
    ],
  };
}

/** Within this a signed-in list shows its content on a desktop, its scripts cached. */
const LIST_CONTENT_MS = 500;

/** Figure 5's signed-in lists: navigation start → the first item, each list. */
export function signedInListRows(result: ListsResult): FigureResult {
  return {
    rows: [...result].map(([path, times]): Row => {
      const time = summarize(times);
      return {
        figure: 5,
        what: `Signed-in list ${path}: navigation → its first item, desktop, scripts cached (median of ${times.length})`,
        measured: formatSummary(time, ' ms', 0),
        target: `≤ ${LIST_CONTENT_MS} ms`,
        status: time.median <= LIST_CONTENT_MS ? 'met' : 'missed',
      };
    }),
    notes: [],
  };
}

/**
 * Figure 5's navigation in the app: a signed-out reader on a phone, from the feed to a post's page and
 * back. Reported: the first runs set the baseline later runs are held to.
 */
export function navigationRows({ toPost, back }: NavigationResult): FigureResult {
  const conditions = 'signed-out reader, 375 px phone, scripts cached';
  return {
    rows: [
      {
        figure: 5,
        what: `Navigation in the app, / → /post/:id (${conditions}): the first card's link clicked → the post's text on screen, nothing loading in main (median of ${toPost.length})`,
        measured: formatSummary(summarize(toPost), ' ms', 0),
        target: 'reported',
        status: 'reported',
      },
      {
        figure: 5,
        what: `Navigation in the app, /post/:id → / (back), same passes: history.back() → the feed's first card on screen again, nothing loading in main (median of ${back.length})`,
        measured: formatSummary(summarize(back), ' ms', 0),
        target: 'reported',
        status: 'reported',
      },
    ],
    notes: [],
  };
}

/** Figure 10: search p50 / p95 per archive size, the largest ÷ smallest p50, and the index writes a post costs. */
export function searchRows(result: SearchBenchResult): FigureResult {
  const rows: Row[] = result.sizes.map((size) => ({
    figure: 10,
    what: `Search (GET /search: a Query per term + BatchGetItem), ${sizeLabel(size)} published posts: p50 / p95 · index entries read per query`,
    measured: `${formatSummary(summarize(result.p50.get(size) ?? []), ' ms', 2)} / ${formatSummary(summarize(result.p95.get(size) ?? []), ' ms', 2)} · ${Math.round(result.entriesRead.get(size) ?? 0)}`,
    target: '—',
    status: 'reported',
  }));
  const first = result.sizes[0] as number;
  const last = result.sizes.at(-1) as number;
  const p50s = { largest: result.p50.get(last) ?? [], smallest: result.p50.get(first) ?? [] };
  const control = { largest: result.getP50.get(last) ?? [], smallest: result.getP50.get(first) ?? [] };
  rows.push(
    growthRow(10, 'Search', result.sizes, p50s),
    growthRow(10, 'Control: GetItem', result.sizes, control, undefined, "; DynamoDB Local's own growth"),
    growthBesideControlRow(10, 'Search', result.sizes, p50s, control, GROWTH_BESIDE_CONTROL_LIMIT),
  );
  rows.push({
    figure: 10,
    what: 'Search index writes per published post (items; term-category-index takes as many)',
    measured: `${result.entriesPerPost.toFixed(1)} items (${(2 * result.entriesPerPost).toFixed(1)} writes with the index)`,
    target: 'reported',
    status: 'reported',
  });
  return { rows, notes: [`Figure 10 seeded its archives (posts and index entries) in ${result.seedSeconds.toFixed(0)} s.`] };
}

/** Figure 3's single-reader rows for comments and notifications (p50 ≤ 500 ms each). */
export function liveLatencyRows(result: LatencyResult): FigureResult {
  const row = (what: string, latencies: number[]): Row => {
    const p50 = percentile(latencies, 50);
    return {
      figure: 3,
      what: `${what}, 1 client: p50 / p99`,
      measured:
        latencies.length > 0
          ? `${p50.toFixed(0)} ms / ${percentile(latencies, 99).toFixed(0)} ms (${latencies.length} samples)`
          : 'no sample',
      target: 'p50 ≤ 500 ms',
      status: latencies.length > 0 && p50 <= 500 ? 'met' : 'missed',
    };
  };
  return {
    rows: [
      row("Publication (the moderator's 200) → the author's `notification.created`", result.publicationNotice),
      row("Comment (the API's 201) → `comment.created` on the post's page", result.comment),
      row("Comment (the API's 201) → the author's `notification.created`", result.commentNotice),
      {
        figure: 3,
        what: 'Comments and notifications, 1 client: missed messages',
        measured: `${result.missed} missed`,
        target: '0 missed',
        status: result.missed === 0 ? 'met' : 'missed',
      },
    ],
    notes: [],
  };
}

/** Figure 11's rows: the personal-data check's recall and false positives on the labelled sentences, and its cost. */
export function personalDataRows({ score, microsPerText, worstMs }: PersonalDataBenchResult): FigureResult {
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  const rows: Row[] = [
    {
      figure: 11,
      what: `Personal-data check: sentences with personal data refused (recall), of ${score.positives}`,
      measured: `${percent(score.recall)} (${score.misses.length} let through)`,
      target: `≥ ${RECALL_GOAL * 100} %`,
      status: score.recall >= RECALL_GOAL ? 'met' : 'missed',
    },
    {
      figure: 11,
      what: `Personal-data check: ordinary sentences with numbers refused (false positives), of ${score.negatives}`,
      measured: `${percent(score.falsePositiveRate)} (${score.falsePositives.length} refused)`,
      target: `≤ ${FALSE_POSITIVE_GOAL * 100} %`,
      status: score.falsePositiveRate <= FALSE_POSITIVE_GOAL ? 'met' : 'missed',
    },
    {
      figure: 11,
      what: 'Personal-data check: time per sentence (the whole corpus, each round)',
      measured: formatSummary(summarize(microsPerText), ' µs', 1),
      target: 'reported',
      status: 'reported',
    },
    {
      figure: 11,
      what: 'Personal-data check: slowest of 500-character texts shaped to make it backtrack (dots, digits, at-signs)',
      measured: formatSummary(summarize(worstMs), ' ms', 1),
      target: 'reported',
      status: 'reported',
    },
  ];
  const notes = [
    ...score.misses.slice(0, 5).map(({ kind, text }) => `Figure 11 let through (${kind}): «${text}»`),
    ...score.falsePositives.slice(0, 5).map(({ found, text }) => `Figure 11 refused (as ${found}): «${text}»`),
  ];
  return { rows, notes };
}

/** Figure 12's rows: the soak's traffic, its errors by kind, the faults it survived, and what was found afterwards. */
export function soakRows(result: SoakResult): FigureResult {
  const { options, faults } = result;
  const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
  const rate = KINDS.reduce((sum, kind) => sum + options.rates[kind], 0);
  const byKind = KINDS.map((kind) => `${kind} ${result.requests[kind]}`).join(', ');
  const errors = Object.entries(result.errors).sort((a, b) => b[1] - a[1]);
  const errorCount = errors.reduce((sum, [, n]) => sum + n, 0);
  const planned = (kind: 'cloud' | 'dynamodb') => options.faults.filter((fault) => fault.kind === kind).length;
  const survived = (kind: 'cloud' | 'dynamodb') => faults.filter((fault) => fault.kind === kind && fault.recovered).length;
  const allSurvived = survived('cloud') === planned('cloud') && survived('dynamodb') === planned('dynamodb');
  const downtimes = faults.map((fault) => `${fault.kind} ${(fault.downMs / 1000).toFixed(1)} s`).join(', ');
  const checked = Object.values(result.checked).reduce((sum, n) => sum + n, 0);
  const missing = Object.values(result.missing).reduce((sum, ids) => sum + ids.length, 0);
  const rows: Row[] = [
    {
      figure: 12,
      what: `Soak: requests sent at a fixed ${rate.toFixed(1)}/s by ${options.users} accounts and a moderator (${byKind}; ${result.retries} of them retries with the same Idempotency-Key)`,
      measured: `${result.total.toLocaleString('en')} in ${minutes(result.trafficMs)}`,
      target: 'reported',
      status: 'reported',
    },
    {
      figure: 12,
      what: 'Soak: errors by kind («in a fault»: sent or answered between a kill and serving again)',
      measured:
        errorCount === 0
          ? 'none'
          : `${errorCount.toLocaleString('en')} (${((errorCount / Math.max(1, result.total)) * 100).toFixed(1)} %): ${errors.map(([kind, n]) => `${kind} ${n}`).join(', ')}`,
      target: 'reported',
      status: 'reported',
    },
    {
      figure: 12,
      what: `Soak: faults survived — kill -9 of the local cloud, kill -9 of DynamoDB Local (kill → serving again: ${downtimes || 'none'})`,
      measured: `${survived('cloud')} of the cloud, ${survived('dynamodb')} of DynamoDB Local`,
      target: `${planned('cloud')} and ${planned('dynamodb')}`,
      status: allSurvived ? 'met' : 'missed',
    },
    {
      figure: 12,
      what: `Soak: acknowledged writes missing afterwards, or stored twice, of ${checked.toLocaleString('en')} checked (${Object.entries(
        result.checked,
      )
        .map(([kind, n]) => `${kind} ${n}`)
        .join(', ')}; ${result.uncertain} left uncertain by an answer that never came, not checked)`,
      measured: `${missing} missing, ${result.doubled.length} stored twice`,
      target: '0',
      status: missing === 0 && result.doubled.length === 0 ? 'met' : 'missed',
    },
    {
      figure: 12,
      what: `Soak: drift found by \`npm run audit\` once derived data settled (${result.audit.runs} audit run(s), ${(result.audit.settledMs / 1000).toFixed(1)} s)`,
      measured: driftLabel(result.audit.drift),
      target: 'none',
      status: result.audit.clean ? 'met' : 'missed',
    },
    {
      figure: 12,
      what: 'Soak: duration (traffic; the whole figure with sign-ups, starts, audit and checks)',
      measured: `${minutes(result.trafficMs)}; ${minutes(result.totalMs)}`,
      target: 'reported',
      status: 'reported',
    },
  ];
  return { rows, notes: result.notes };
}
