/**
 * Figure 1: what a feed page costs as the posts table grows. The feed handler's read (`readFeed` over
 * `DynamoPostRepository.page`, one Query on the feed index) is timed against the original's way of
 * reading the feed, a Scan of every post sorted newest first, at three table sizes in DynamoDB Local.
 *
 * Beside it, the home page's document as the page function serves it: the same read, then React
 * rendering the app's components into the shell (appDocument + renderDocument), which must not grow
 * with the table either. And a control: one post read by its key (GetItem). Neither it nor the feed's
 * Query does more work on DynamoDB as the table grows; the control shows how DynamoDB Local's own cost
 * of a request moves with the table's size, beside the feed's Query of an index partition that holds
 * every post.
 *
 * The three tables live side by side in one DynamoDB Local and are measured in interleaved rounds, so a
 * drift in the machine's speed hits every size alike and the 100k ÷ 1k ratio compares like with like.
 */
import { legalDetailsFrom } from '../../functions/contract/legal';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CATEGORIES, type Post } from '../../functions/contract/posts';
import { encodeCursor } from '../../functions/domain/cursor';
import { readFeed } from '../../functions/domain/posts';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { postItem } from '../../functions/store/dynamodb/postItems';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import { POSTS_TABLE } from '../../functions/store/tables';
import { DynamoAuthorStore } from '../../functions/store/dynamodb/authorStore';
import { DynamoSearchStore } from '../../functions/store/dynamodb/searchStore';
import { appDocument, type AppPageDeps } from '../../functions/domain/appPages';
import { DynamoRankingStore } from '../../functions/store/dynamodb/rankingStore';
import { ensureTables } from '../../infra/local/aws/dynamodb/dynamoDbLocal';
import { batchWrite, startArchiveDb } from './archiveDb';
import { loadStyleSheetsAsEmpty } from '../../infra/local/aws/lambda/emptyCss';
import { GROWTH_BESIDE_CONTROL_LIMIT, growthBesideControlRow, growthRow, sizeLabel, type FigureResult, type Row } from './report';
import { formatSummary, now, percentile, summarize, timeEach } from './stats';
import { publishedPost } from '../support/posts';

export type FeedPagesOptions = {
  sizes: number[];
  /** Interleaved rounds; each round times `reads` page reads per size and `scans(size)` full scans. */
  rounds: number;
  reads: number;
  scans: (size: number) => number;
};

export const FULL: FeedPagesOptions = {
  sizes: [1_000, 10_000, 100_000],
  rounds: 5,
  reads: 200,
  scans: (size) => (size >= 100_000 ? 1 : 3),
};
export const SMOKE: FeedPagesOptions = { sizes: [50, 200, 1_000], rounds: 2, reads: 20, scans: () => 1 };

const WORDS = 'hoy mi jefe ha dicho que el autobús se fue sin mí y encima llovía a cántaros vaya día madre mía'.split(' ');

function samplePost(index: number, newest: number): StoredPost {
  const words = Array.from({ length: 25 }, (_, i) => WORDS[(index * 7 + i * 3) % WORDS.length]);
  const createdAt = new Date(newest - index * 60_000).toISOString();
  // One post a minute, going back in time, each published as it was sent.
  return publishedPost({
    name: `autor${index % 997}`,
    category: CATEGORIES[index % CATEGORIES.length] as Post['category'],
    post: words.join(' '),
    createdAt,
    authorId: `user-${index % 997}`,
  });
}

/** Writes `count` posts in the shape the repository stores them, 25 per BatchWrite, 4 batches in flight. */
async function seed(client: DynamoDBDocumentClient, table: string, count: number): Promise<string[]> {
  const newest = Date.now();
  const sortKeys: string[] = [];
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const start = next;
      next = Math.min(count, next + 25);
      const items = [];
      for (let index = start; index < next; index++) {
        const item = postItem(samplePost(index, newest));
        sortKeys.push(item.sortKey as string);
        items.push(item);
      }
      await batchWrite(client, table, items);
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  return sortKeys;
}

/** What the original did on every visit: read the whole table, then sort it newest first. */
async function scanEverything(client: DynamoDBDocumentClient, table: string): Promise<Post[]> {
  const posts: Post[] = [];
  for await (const page of paginateScan({ client }, { TableName: table })) {
    for (const { id, name, category, post, createdAt, publishedAt } of (page.Items ?? []) as Post[]) {
      posts.push({ id, name, category, post, createdAt, publishedAt, votes: { agree: 0, deserved: 0 }, comments: 0 });
    }
  }
  return posts.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
}

type PerSize = {
  p50: number[];
  p95: number[];
  deepP50: number[];
  deepP95: number[];
  scans: number[];
  documentP50: number[];
  getP50: number[];
};

/** The home page's document, as the page function makes it: read, then render into the shell. */
async function homeDocumentRenderer() {
  // The web components import their style sheets, as the page function's bundle does (empty there).
  loadStyleSheetsAsEmpty();
  const { renderDocument } = await import('../../web/src/server/renderDocument');
  // The source index.html: the same markers and head as the build's, and no build needed first.
  const shell = readFileSync(join(import.meta.dirname, '../../web/index.html'), 'utf8');
  return async (deps: AppPageDeps) => {
    const page = await appDocument(deps, '/', new URLSearchParams(), 'https://bench.invalid');
    if (page.kind !== 'rendered') throw new Error(`the home page was ${page.kind}`);
    const html = await renderDocument({ shell, url: '/', head: page.head, data: page.data });
    if ((html.match(/class="post-card__text"/g) ?? []).length !== 20) throw new Error('the home page did not show 20 posts');
  };
}

export async function measureFeedPages(options: FeedPagesOptions): Promise<FigureResult> {
  const db = await startArchiveDb();
  const { raw, client } = db;
  const notes: string[] = [];
  try {
    const tables = options.sizes.map((size) => ({ size, name: `posts-${size}` }));
    await ensureTables(
      raw,
      tables.map(({ name }) => ({ name, description: POSTS_TABLE })),
    );

    const seedStart = now();
    const sortKeys = new Map<number, string[]>();
    for (const { size, name } of tables) sortKeys.set(size, await seed(client, name, size));
    const total = options.sizes.reduce((a, b) => a + b, 0);
    const seedSeconds = (now() - seedStart) / 1000;
    console.log(`  seeded ${total} posts in ${seedSeconds.toFixed(1)} s (${Math.round(total / seedSeconds)} posts/s)`);
    notes.push(`Figure 1 seeded ${total.toLocaleString('en')} posts into DynamoDB Local in ${seedSeconds.toFixed(0)} s.`);

    const results = new Map<number, PerSize>(
      options.sizes.map((size) => [size, { p50: [], p95: [], deepP50: [], deepP95: [], scans: [], documentP50: [], getP50: [] }]),
    );
    const renderHome = await homeDocumentRenderer();
    for (let round = 0; round < options.rounds; round++) {
      for (const { size, name } of tables) {
        // The home page reads no ranking nor author: those stores are there for the type, never asked.
        const deps = {
          posts: new DynamoPostRepository(client, name),
          top: new DynamoRankingStore(client, { posts: name, top: 'top' }),
          authors: new DynamoAuthorStore(client, { posts: name, names: 'names' }),
          search: new DynamoSearchStore(client, { search: 'search', posts: name }),
          legal: legalDetailsFrom({}),
        };
        const keys = sortKeys.get(size) as string[];
        const result = results.get(size) as PerSize;
        // Warm the connection and the code path once per size and round.
        await readFeed(deps, {});
        const first = await timeEach(options.reads, async () => {
          const page = await readFeed(deps, {});
          if (page.items.length !== 20) throw new Error(`feed page had ${page.items.length} posts`);
        });
        result.p50.push(percentile(first, 50));
        result.p95.push(percentile(first, 95));
        const deep = await timeEach(options.reads, async (index) => {
          const cursor = encodeCursor(keys[(index * 7919) % keys.length] as string);
          await readFeed(deps, { cursor });
        });
        result.deepP50.push(percentile(deep, 50));
        result.deepP95.push(percentile(deep, 95));
        const gets = await timeEach(options.reads, async (index) => {
          const sortKey = keys[(index * 7919) % keys.length] as string;
          const post = await deps.posts.get(sortKey.slice(sortKey.indexOf('#') + 1));
          if (!post) throw new Error(`no post under ${sortKey}`);
        });
        result.getP50.push(percentile(gets, 50));
        await renderHome(deps);
        const documents = await timeEach(Math.ceil(options.reads / 4), () => renderHome(deps));
        result.documentP50.push(percentile(documents, 50));
        const scans = await timeEach(options.scans(size), async () => {
          const all = await scanEverything(client, name);
          if (all.length !== size) throw new Error(`scan read ${all.length} of ${size} posts`);
        });
        result.scans.push(...scans);
      }
      console.log(`  round ${round + 1}/${options.rounds} done`);
    }

    const rows: Row[] = [];
    // One row per table size for each measurement, grouped by measurement.
    const perSize: Array<[string, (result: PerSize) => string]> = [
      [
        'Feed page (readFeed, 1 Query)',
        (r) => `${formatSummary(summarize(r.p50), ' ms', 2)} / ${formatSummary(summarize(r.p95), ' ms', 2)}`,
      ],
      [
        'Feed page after a random cursor',
        (r) => `${formatSummary(summarize(r.deepP50), ' ms', 2)} / ${formatSummary(summarize(r.deepP95), ' ms', 2)}`,
      ],
      ['Home document (page function: 1 Query + React render), p50', (r) => formatSummary(summarize(r.documentP50), ' ms', 2)],
      ['Control: one post by its key (GetItem), p50', (r) => formatSummary(summarize(r.getP50), ' ms', 2)],
      [
        'Scan baseline (read every post, sort)',
        (r) => `${formatSummary(summarize(r.scans), ' ms', 0)} / ${percentile(r.scans, 95).toFixed(0)} ms (${r.scans.length} scans)`,
      ],
    ];
    for (const [what, measured] of perSize) {
      for (const size of options.sizes) {
        const result = results.get(size) as PerSize;
        rows.push({
          figure: 1,
          what: `${what}, ${sizeLabel(size)} posts${what.endsWith('p50') ? '' : ': p50 / p95'}`,
          measured: measured(result),
          target: '—',
          status: 'reported',
        });
      }
    }
    const smallest = results.get(options.sizes[0] as number) as PerSize;
    const largest = results.get(options.sizes.at(-1) as number) as PerSize;
    const p50s = (pick: (result: PerSize) => number[]) => ({ largest: pick(largest), smallest: pick(smallest) });
    rows.push(
      growthRow(
        1,
        'Feed',
        options.sizes,
        p50s((r) => r.p50),
      ),
      growthBesideControlRow(
        1,
        'Feed',
        options.sizes,
        p50s((r) => r.p50),
        p50s((r) => r.getP50),
        GROWTH_BESIDE_CONTROL_LIMIT,
      ),
      growthRow(
        1,
        'Home document',
        options.sizes,
        p50s((r) => r.documentP50),
        1.2,
      ),
      growthRow(
        1,
        'Control: GetItem',
        options.sizes,
        p50s((r) => r.getP50),
        undefined,
        "; DynamoDB Local's own growth",
      ),
    );
    const scanRatio = median(largest.scans) / median(largest.p50);
    rows.push({
      figure: 1,
      what: `Scan ÷ feed page at ${sizeLabel(options.sizes.at(-1) as number)} (p50)`,
      measured: `${scanRatio.toFixed(0)}×`,
      target: 'shown beside it',
      status: 'reported',
    });
    return { rows, notes };
  } finally {
    await db.close();
  }
}

function median(values: number[]): number {
  return percentile(values, 50);
}
