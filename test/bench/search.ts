/**
 * Figure 10: what a search costs as the archive grows. `searchPosts` over
 * `DynamoSearchStore` (one Query per term, then one BatchGetItem of the page's posts) is timed at three
 * archive sizes in DynamoDB Local, each with its own posts and search tables seeded directly with
 * BatchWriteItem (the posts as the repository stores them, the index entries as the posts stream's
 * search part writes them), and the index writes a published post costs are counted.
 *
 * The posts are made of a few dozen everyday words (each in ~8 % of the posts, so past ~12,000 posts
 * a common word has more entries than a query reads) and a long tail of rarer ones. Sizes are measured
 * in interleaved rounds, so a drift in the machine's speed hits every size alike.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CATEGORIES, type Category } from '../../functions/contract/posts';
import { indexEntriesFor, searchPosts } from '../../functions/domain/search';
import type { StoredPost } from '../../functions/domain/ports/posts';
import type { SearchIndexReader } from '../../functions/domain/ports/search';
import { postItem } from '../../functions/store/dynamodb/postItems';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import { DynamoSearchStore, searchItem } from '../../functions/store/dynamodb/searchStore';
import { POSTS_TABLE, SEARCH_TABLE } from '../../functions/store/tables';
import { ensureTables } from '../../infra/local/aws/dynamodb/dynamoDbLocal';
import { batchWrite, startArchiveDb } from './archiveDb';
import { percentile, timeEach } from './stats';
import { publishedPost } from '../support/posts';

export type SearchBenchOptions = { sizes: number[]; rounds: number; reads: number };

export const FULL: SearchBenchOptions = { sizes: [1_000, 10_000, 100_000], rounds: 3, reads: 100 };
export const SMOKE: SearchBenchOptions = { sizes: [20, 60, 200], rounds: 1, reads: 8 };

/** The queries timed, in turn: a common word, two common words, a rare word, a common word in one category. */
export const QUERIES: ReadonlyArray<{ q: string; category?: Category }> = [
  { q: 'jefe' },
  { q: 'jefe autobús' },
  { q: 'paraguas' },
  { q: 'jefe', category: 'trabajo' },
];

const COMMON =
  'jefe autobús lluvia oficina suegra perro cartera llaves reunión examen coche tren cita médico vecino gato móvil ordenador cumpleaños boda fiesta cena playa piscina tienda banco metro bicicleta semáforo ascensor'.split(
    ' ',
  );
const RARE = 'paraguas ornitorrinco acordeón calcetín zapatilla tortilla churros helado sombrero guitarra'.split(' ');

/** A pseudo-random generator with a seed, so every run seeds the same archive. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function samplePost(index: number, newest: number, next: () => number): StoredPost {
  const words: string[] = [];
  for (let i = 0; i < 3; i++) words.push(COMMON[Math.floor(next() * COMMON.length)] as string);
  // The long tail: a vocabulary of 20,000 made-up words, the lower ones far more frequent (Zipf-like).
  for (let i = 0; i < 12; i++) words.push(`pal${Math.floor(20_000 * next() ** 3).toString(36)}x`);
  if (next() < 0.01) words.push(RARE[Math.floor(next() * RARE.length)] as string);
  const createdAt = new Date(newest - index * 60_000).toISOString();
  return publishedPost({
    name: `autor${index % 997}`,
    category: CATEGORIES[index % CATEGORIES.length] as Category,
    post: `Hoy ${words.join(' y ')}.`,
    createdAt,
    authorId: `user-${index % 997}`,
  });
}

/**
 * Seeds `count` posts and their index entries, 4 writers at once; answers the index items written and
 * the ids of one post in each hundred (the GetItem control reads them).
 */
async function seed(
  client: DynamoDBDocumentClient,
  tables: { posts: string; search: string },
  count: number,
): Promise<{ written: number; sampleIds: string[] }> {
  const newest = Date.now();
  const next = random(count);
  const sampleIds: string[] = [];
  let written = 0;
  let index = 0;
  const writer = async () => {
    while (index < count) {
      const start = index;
      index = Math.min(count, index + 100);
      const posts = Array.from({ length: index - start }, (_, i) => samplePost(start + i, newest, next));
      const entries = posts.flatMap((post) => indexEntriesFor(post).map(searchItem));
      written += entries.length;
      sampleIds.push((posts[0] as StoredPost).id);
      await batchWrite(client, tables.posts, posts.map(postItem));
      await batchWrite(client, tables.search, entries);
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  return { written, sampleIds };
}

export type SearchBenchResult = {
  sizes: number[];
  /** Per size: each round's p50 and p95 over every query, in ms. */
  p50: Map<number, number[]>;
  p95: Map<number, number[]>;
  /** Per size: each round's p50 of the control, one post read by its key (GetItem) in the same posts table. */
  getP50: Map<number, number[]>;
  /**
   * Per size: the index entries a query reads, on average over the timed queries (the same every round).
   * A term reads at most MAX_POSTINGS_PER_TERM, so this grows with the archive until a common word
   * reaches that cap, and the time follows it.
   */
  entriesRead: Map<number, number>;
  /** Index items (table) per published post; the category index adds as many writes. */
  entriesPerPost: number;
  seedSeconds: number;
};

export async function measureSearch(options: SearchBenchOptions): Promise<SearchBenchResult> {
  const db = await startArchiveDb();
  const { raw, client } = db;
  try {
    const tables = options.sizes.map((size) => ({ size, posts: `posts-${size}`, search: `search-${size}` }));
    await ensureTables(
      raw,
      tables.flatMap(({ posts, search }) => [
        { name: posts, description: POSTS_TABLE },
        { name: search, description: SEARCH_TABLE },
      ]),
    );
    const started = Date.now();
    let entries = 0;
    const sampleIds = new Map<number, string[]>();
    for (const table of tables) {
      const seeded = await seed(client, table, table.size);
      entries += seeded.written;
      sampleIds.set(table.size, seeded.sampleIds);
    }
    const total = options.sizes.reduce((a, b) => a + b, 0);
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(`  seeded ${total} posts and ${entries} index entries in ${seedSeconds.toFixed(1)} s`);

    const p50 = new Map<number, number[]>(options.sizes.map((size) => [size, []]));
    const p95 = new Map<number, number[]>(options.sizes.map((size) => [size, []]));
    const getP50 = new Map<number, number[]>(options.sizes.map((size) => [size, []]));
    const entriesRead = new Map<number, number>();
    for (let round = 0; round < options.rounds; round++) {
      for (const table of tables) {
        const store = new DynamoSearchStore(client, { search: table.search, posts: table.posts });
        let postingsRead = 0;
        // The same store, counting the index entries each query reads (what its cost follows).
        const counting: SearchIndexReader = {
          postings: async (term, query) => {
            const postings = await store.postings(term, query);
            postingsRead += postings.length;
            return postings;
          },
          posts: (ids) => store.posts(ids),
        };
        const deps = { search: counting };
        await searchPosts(deps, { q: 'jefe' });
        postingsRead = 0;
        const times = await timeEach(options.reads, async (index) => {
          const query = QUERIES[index % QUERIES.length] as (typeof QUERIES)[number];
          const page = await searchPosts(deps, { q: query.q, category: query.category });
          if (query.q === 'jefe' && page.items.length === 0) throw new Error(`no result for «jefe» at ${table.size} posts`);
        });
        entriesRead.set(table.size, postingsRead / options.reads);
        p50.get(table.size)?.push(percentile(times, 50));
        p95.get(table.size)?.push(percentile(times, 95));
        const ids = sampleIds.get(table.size) as string[];
        const posts = new DynamoPostRepository(client, table.posts);
        const gets = await timeEach(options.reads, async (index) => {
          if (!(await posts.get(ids[(index * 7919) % ids.length] as string)))
            throw new Error(`a seeded post is missing at ${table.size} posts`);
        });
        getP50.get(table.size)?.push(percentile(gets, 50));
      }
      console.log(`  round ${round + 1}/${options.rounds} done`);
    }
    return { sizes: options.sizes, p50, p95, getP50, entriesRead, entriesPerPost: entries / total, seedSeconds };
  } finally {
    await db.close();
  }
}
