/**
 * `npm run bench`: every benchmark (test/bench/figures.ts holds their targets), one Markdown table, printed and written to
 * docs/benchmarks.md with the date and the machine. `npm run bench -- --smoke` runs each benchmark
 * at a tiny size (for CI, so they never rot) and writes bench-results/smoke.md instead.
 *
 * Order matters on a 2-core machine: figures that time things never overlap. The local cloud is
 * started once, from the production web build, and serves figures 5, 6, 2 and 3 in that order.
 * A figure that fails still gets a row, and the process then exits non-zero.
 *
 * Figure 12, the soak with faults, comes last, on a local cloud of its own (the other one stopped):
 * 20 minutes at full size, about a minute in the smoke run. `npm run bench -- soak` runs it alone
 * (`--minutes=N` for a shorter run at the full rates; `--smoke` for the small one) and writes
 * bench-results/soak.md, leaving docs/benchmarks.md alone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { startLocalCloudProcess, type LocalCloudProcess } from '../support/localCloud';
import * as feed from './feedPages';
import {
  bundleRows,
  fanoutScaleRows,
  firstTapRows,
  mainThreadRows,
  liveLatencyRows,
  memoryRows,
  navigationRows,
  personalDataRows,
  searchRows,
  shareCardRows,
  signedInListRows,
  soakRows,
  throughputRows,
  webRows,
} from './figures';
import * as firstTap from './firstTap';
import * as mainThread from './mainThread';
import * as shareCards from './shareCards';
import * as http from './httpThroughput';
import * as bundles from './lambdaBundles';
import * as live from './liveFanout';
import * as latency from './liveLatency';
import { RATE_LIMIT } from '../../functions/contract/posts';
import { createModerator } from '../support/moderation';
import { localCloudRss, sampleRss } from './memory';
import { machine, renderTable, runFigure, type FigureResult, type Row } from './report';
import * as navigation from './navigation';
import * as personalData from './personalData';
import * as search from './search';
import * as lists from './signedInLists';
import * as soak from './soak';
import * as votes from './votes';
import * as web from './webPage';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const smoke = process.argv.includes('--smoke');
const soakOnly = process.argv.includes('soak');
const soakMinutes = Number(process.argv.find((arg) => arg.startsWith('--minutes='))?.slice('--minutes='.length) ?? NaN);
const ROOT = join(import.meta.dirname, '../..');
const OUTPUT = join(ROOT, soakOnly ? 'bench-results/soak.md' : smoke ? 'bench-results/smoke.md' : 'docs/benchmarks.md');
const started = Date.now();
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(', ');
const results: FigureResult[] = [];
let failed = false;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function figure(number: number, title: string, measure: () => Promise<FigureResult>): Promise<void> {
  const result = await runFigure(number, title, measure);
  if (result.rows.some((row) => row.measured.startsWith('failed:'))) failed = true;
  results.push(result);
}

console.log(
  `Benchmarks (${smoke ? 'smoke: tiny sizes' : 'full'}${soakOnly ? ', the soak alone' : ''}) on ${machine()}; load average ${load}`,
);

if (!soakOnly) {
  await figure(4, 'Lambda bundles', async () => bundleRows(await bundles.measureBundles(smoke ? bundles.SMOKE : bundles.FULL)));
  await figure(1, 'feed page cost as the table grows', () => feed.measureFeedPages(smoke ? feed.SMOKE : feed.FULL));
  await figure(7, 'Top page cost as the table grows, and vote throughput', () => votes.measureVotes(smoke ? votes.SMOKE : votes.FULL));
  await figure(9, 'share cards: render time cold and warm, PNG size', () =>
    Promise.resolve(shareCardRows(shareCards.measureShareCards(smoke ? shareCards.SMOKE : shareCards.FULL))),
  );
  await figure(10, 'search cost as the archive grows, and index writes per post', async () =>
    searchRows(await search.measureSearch(smoke ? search.SMOKE : search.FULL)),
  );
  await figure(11, 'personal-data check: recall and false positives on the labelled sentences', () =>
    Promise.resolve(personalDataRows(personalData.measurePersonalData(smoke ? personalData.SMOKE : personalData.FULL))),
  );

  let declared: { js: web.Sizes; css: web.Sizes; html: web.Sizes } | undefined;
  await figure(5, 'production build', async () => {
    const ms = await web.buildWeb();
    console.log(`  npm run build: ${(ms / 1000).toFixed(1)} s`);
    const assets = web.declaredAssets();
    declared = { js: web.sizesOf(assets.scripts), css: web.sizesOf(assets.styles), html: web.sizesOf(['index.html']) };
    return { rows: [], notes: [] };
  });

  let cloud: LocalCloudProcess | undefined;
  try {
    await figure(6, 'local cloud start and idle memory', async () => {
      cloud = await startLocalCloudProcess({ env: { WEB_MODE: 'dist' } });
      await sleep(2_000);
      const idle: number[] = [];
      for (let index = 0; index < (smoke ? 3 : 10); index++) {
        idle.push(localCloudRss());
        await sleep(300);
      }
      results.push(memoryRows(idle, []));
      return { rows: [], notes: [] };
    });

    if (cloud && declared) {
      const running = cloud;
      const assets = declared;
      await figure(5, 'the page a visitor loads', async () => {
        const options = smoke ? web.SMOKE : web.FULL;
        // The home page, a post's page as a shared link opens it (the newest sample post), an author's
        // page and a search (an author the bench seeds, with several published posts the search finds).
        const newest = (await (await fetch(`${running.webUrl}/posts?limit=1`)).json()) as { items: Array<{ id: string }> };
        const postPath = `/post/${newest.items[0]?.id ?? 'none'}`;
        const { authorPath, searchPath } = await web.seedDiscovery(running);
        const every = [
          { path: '/', url: '/', runs: [] as web.LighthouseRun[], twins: [] as web.LighthouseRun[] },
          { path: '/post/:id', url: postPath, runs: [] as web.LighthouseRun[], twins: [] as web.LighthouseRun[] },
          { path: '/autor/:apodo', url: authorPath, runs: [] as web.LighthouseRun[], twins: [] as web.LighthouseRun[] },
          { path: `/buscar?q=${web.SEARCH_WORD}`, url: searchPath, runs: [] as web.LighthouseRun[], twins: [] as web.LighthouseRun[] },
        ];
        const pages = options.everyPage ? every : every.slice(0, 1);
        // A page's first render in a fresh function loads its code (a cold start): not what a visitor of a warm site waits for.
        for (const page of pages) await fetch(`${running.webUrl}${page.url}`).then((response) => response.text());
        const twins = await web.startTwinServer(
          running.webUrl,
          pages.map((page) => page.url),
        );
        try {
          // Interleaved, one run of each page and of its static twin per pass: a drift of the machine's speed hits them all alike.
          for (let index = 0; index < options.lighthouseRuns; index++) {
            for (const page of pages) {
              const run = await web.lighthouse(`${running.webUrl}${page.url}`);
              page.runs.push(run);
              const twin = await web.lighthouse(`${twins.origin}${page.url}`);
              page.twins.push(twin);
              console.log(
                `  Lighthouse ${page.path} ${index + 1}: performance ${run.performance}, accessibility ${run.accessibility}, SEO ${run.seo}, LCP ${(run.lcp / 1000).toFixed(2)} s (static twin ${(twin.lcp / 1000).toFixed(2)} s), TBT ${run.tbt.toFixed(0)} ms, CLS ${run.cls.toFixed(3)}`,
              );
            }
          }
        } finally {
          await twins.close();
        }
        const runs = pages[0]?.runs ?? [];
        const last = runs.at(-1);
        const fetched = last
          ? { js: await web.servedSizes(running.webUrl, last.scripts), css: await web.servedSizes(running.webUrl, last.styles) }
          : undefined;
        return webRows(assets, fetched, pages);
      });

      await figure(5, 'the first tap that works on a slow phone', async () =>
        firstTapRows(await firstTap.measureFirstTap(`${running.webUrl}/`, smoke ? firstTap.SMOKE : firstTap.FULL)),
      );

      await figure(5, "what blocks a phone's main thread on a first visit", async () =>
        mainThreadRows(await mainThread.measureMainThread(`${running.webUrl}/`, smoke ? mainThread.SMOKE : mainThread.FULL)),
      );

      await figure(5, "a signed-in reader's own lists", async () =>
        signedInListRows(await lists.measureSignedInLists(running, smoke ? lists.SMOKE : lists.FULL)),
      );

      await figure(5, 'from the feed to a post and back, in the app', async () =>
        navigationRows(await navigation.measureNavigation(running, smoke ? navigation.SMOKE : navigation.FULL)),
      );

      await figure(2, 'HTTP throughput through the local gateway (two back-to-back runs)', async () => {
        const options = smoke ? http.SMOKE : http.FULL;
        const userStart = Date.now();
        const posters = await http.createPosters(running, options.posters * 2);
        console.log(`  ${posters.length} users signed up in ${((Date.now() - userStart) / 1000).toFixed(1)} s`);
        const runs: http.RouteRun[][] = [];
        const memory: number[][] = [];
        for (let index = 0; index < 2; index++) {
          console.log(`  run ${index + 1}`);
          const sampler = sampleRss();
          runs.push(await http.runThroughput(running, options, posters.slice(index * options.posters, (index + 1) * options.posters)));
          memory.push(sampler.stop());
        }
        // Figure 6's second half: peak memory in each run, and whether the second grew.
        results.push(memoryRows([], memory));
        return throughputRows(runs);
      });

      await figure(3, 'live fan-out', async () => {
        const single = smoke ? live.SMOKE_SINGLE : live.FULL_SINGLE;
        const options = smoke ? live.SMOKE : live.FULL;
        const large = smoke ? live.SMOKE_LARGE : live.FULL_LARGE;
        const usersFor = (o: live.FanoutOptions) => Math.ceil(o.posts / 5) * o.rounds;
        const users = await http.createPosters(running, usersFor(single) + usersFor(options) + usersFor(large));
        const moderator = await createModerator(running);
        const taken = (o: live.FanoutOptions) => users.splice(0, usersFor(o));
        const reader = await live.runFanout(running, single, taken(single), moderator);
        console.log(`  now ${options.clients.toLocaleString('en')} clients`);
        const small = await live.runFanout(running, options, taken(options), moderator);
        console.log(`  now ${large.clients.toLocaleString('en')} clients`);
        const big = await live.runFanout(running, large, taken(large), moderator);
        return fanoutScaleRows({ rounds: reader, options: single }, { rounds: small, options }, { rounds: big, options: large });
      });

      await figure(3, 'comments and notifications to one reader', async () => {
        const options = smoke ? latency.SMOKE : latency.FULL;
        const moderator = await createModerator(running);
        // An account publishes at most RATE_LIMIT.count posts in its window (the full run has 20 rounds): a fresh
        // author and reader for each group of rounds, or the API refuses the sixth post with 429.
        const all: latency.LatencyResult = { publicationNotice: [], comment: [], commentNotice: [], missed: 0 };
        for (let done = 0; done < options.rounds; done += RATE_LIMIT.count) {
          const [author, reader] = await http.createPosters(running, 2);
          const rounds = Math.min(RATE_LIMIT.count, options.rounds - done);
          const part = await latency.measureLatency(running, { ...options, rounds }, author!, reader!, moderator);
          all.publicationNotice.push(...part.publicationNotice);
          all.comment.push(...part.comment);
          all.commentNotice.push(...part.commentNotice);
          all.missed += part.missed;
        }
        return liveLatencyRows(all);
      });
    }
  } finally {
    await cloud?.stop();
  }
}

const soakOptions = smoke ? soak.SMOKE : Number.isFinite(soakMinutes) ? soak.forMinutes(soakMinutes) : soak.FULL;
await figure(
  12,
  `soak with faults: ${(soakOptions.durationMs / 60_000).toFixed(1)} min of mixed traffic, the local cloud and DynamoDB Local killed with SIGKILL`,
  async () => soakRows(await soak.runSoak(soakOptions)),
);

const rows: Row[] = results.flatMap((result) => result.rows).sort((a, b) => a.figure - b.figure);
const notes = results.flatMap((result) => result.notes);
const table = renderTable(rows);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
const document = [
  `# Benchmarks${smoke ? ' (smoke run: tiny sizes, not comparable)' : ''}`,
  '',
  `Measured ${date} UTC by \`npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` in ${minutes} min.`,
  `Machine: ${machine()}; load average at start ${load}.`,
  '',
  'Each figure is the median over repeated runs with the min–max spread in brackets; ratios compare',
  'measurements taken in the same run. Targets are set beside each figure (test/bench/figures.ts).',
  '',
  table,
  '',
  ...(notes.length > 0 ? ['Notes:', '', ...notes.map((note) => `- ${note}`), ''] : []),
].join('\n');

mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, document);
console.log(`\n${table}\n\nWritten to ${OUTPUT} (${minutes} min).`);
process.exit(failed ? 1 : 0);
