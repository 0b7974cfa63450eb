/**
 * Figure 7: what a Top page costs as the table grows — `readTop` (one Query of a period's ranking
 * index and one BatchGetItem of its posts) at three table sizes, in interleaved rounds as figure 1.
 * Figure 8: vote throughput — many accounts voting, switching and removing at once on one post
 * through `castVote`/`removeVote` and the real transaction, and whether any vote was lost.
 */
import { randomUUID } from 'node:crypto';
import { paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CATEGORIES, TOGGLE_RATE_LIMIT, type Post } from '../../functions/contract/posts';
import type { StoredPost } from '../../functions/domain/ports/posts';
import { encodeRankCursor, rankRowsFor } from '../../functions/domain/rankings';
import { castVote, readTop, removeVote } from '../../functions/domain/votes';
import { postItem } from '../../functions/store/dynamodb/postItems';
import { DynamoPostRepository } from '../../functions/store/dynamodb/postRepository';
import { DynamoRankingStore } from '../../functions/store/dynamodb/rankingStore';
import { DynamoVoteStore } from '../../functions/store/dynamodb/voteStore';
import { POSTS_TABLE, RATE_LIMITS_TABLE, TOP_TABLE, TOP_KEYS, VOTES_TABLE } from '../../functions/store/tables';
import { DynamoActionCounter } from '../../functions/store/dynamodb/rateLimiter';
import { ensureTables } from '../../infra/local/aws/dynamodb/dynamoDbLocal';
import { batchWrite, startArchiveDb } from './archiveDb';
import { growthRow, sizeLabel, type FigureResult, type Row } from './report';
import { formatSummary, now, percentile, summarize, timeEach } from './stats';

export type VotesBenchOptions = { sizes: number[]; rounds: number; reads: number; voters: number; voteRounds: number };
export const FULL: VotesBenchOptions = { sizes: [1_000, 10_000, 100_000], rounds: 5, reads: 200, voters: 200, voteRounds: 3 };
export const SMOKE: VotesBenchOptions = { sizes: [50, 200, 1_000], rounds: 2, reads: 20, voters: 20, voteRounds: 1 };

function samplePost(index: number, newest: number): StoredPost {
  const at = new Date(newest - index * 60_000).toISOString();
  return {
    id: randomUUID(),
    name: `autor${index % 997}`,
    category: CATEGORIES[index % CATEGORIES.length] as Post['category'],
    post: `Anécdota de prueba número ${index}, con un texto de longitud parecida a las de verdad. Vaya día.`,
    createdAt: at,
    publishedAt: at,
    status: 'published',
    authorId: `user-${index % 997}`,
    // Counts spread so the ranking has ties and gaps, as a real one does.
    votes: { agree: (index * 7919) % 500, deserved: (index * 104_729) % 300 },
    comments: 0,
    moderation: { score: 0, votes: 0 },
    reports: 0,
  };
}

/** `count` published posts and their rank rows in the `all` period (the one every size shares). */
async function seed(client: DynamoDBDocumentClient, posts: string, top: string, count: number): Promise<void> {
  const newest = Date.now();
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const start = next;
      next = Math.min(count, next + 25);
      const batch = Array.from({ length: next - start }, (_, i) => samplePost(start + i, newest));
      await batchWrite(client, posts, batch.map(postItem));
      const rows = batch.map((post) => rankRowsFor(post).find((row) => row.period === 'all')!);
      await batchWrite(
        client,
        top,
        rows.map((row) => ({
          postId: row.postId,
          period: row.period,
          [TOP_KEYS.bucket]: row.bucket,
          [TOP_KEYS.agreeRank]: row.ranks.agree,
          [TOP_KEYS.deservedRank]: row.ranks.deserved,
        })),
      );
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
}

/** Every rank key of the `all` ranking by agree, to start deep pages from. */
async function rankKeys(client: DynamoDBDocumentClient, top: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of paginateQuery(
    { client },
    {
      TableName: top,
      IndexName: 'top-agree-index',
      KeyConditionExpression: '#b = :b',
      ExpressionAttributeNames: { '#b': TOP_KEYS.bucket },
      ExpressionAttributeValues: { ':b': 'all' },
    },
  )) {
    for (const item of page.Items ?? []) keys.push(item[TOP_KEYS.agreeRank] as string);
  }
  return keys;
}

type PerSize = { p50: number[]; p95: number[]; deepP50: number[] };

export async function measureVotes(options: VotesBenchOptions): Promise<FigureResult> {
  const db = await startArchiveDb();
  const { raw, client } = db;
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const tables = options.sizes.map((size) => ({ size, posts: `posts-${size}`, top: `top-${size}` }));
    await ensureTables(raw, [
      ...tables.flatMap(({ posts, top }) => [
        { name: posts, description: POSTS_TABLE },
        { name: top, description: TOP_TABLE },
      ]),
      { name: 'votes', description: VOTES_TABLE },
      { name: 'rate-limits', description: RATE_LIMITS_TABLE },
    ]);
    const seedStart = now();
    for (const { size, posts, top } of tables) await seed(client, posts, top, size);
    console.log(`  seeded ${options.sizes.reduce((a, b) => a + b, 0)} posts and rank rows in ${((now() - seedStart) / 1000).toFixed(1)} s`);
    const keys = new Map<number, string[]>();
    for (const { size, top } of tables) keys.set(size, await rankKeys(client, top));

    const results = new Map<number, PerSize>(options.sizes.map((size) => [size, { p50: [], p95: [], deepP50: [] }]));
    for (let round = 0; round < options.rounds; round++) {
      for (const { size, posts, top } of tables) {
        const deps = { top: new DynamoRankingStore(client, { posts, top }) };
        const result = results.get(size) as PerSize;
        await readTop(deps, { period: 'all' });
        const first = await timeEach(options.reads, async () => {
          const page = await readTop(deps, { period: 'all', by: 'agree' });
          if (page.items.length !== 20) throw new Error(`top page had ${page.items.length} posts`);
        });
        result.p50.push(percentile(first, 50));
        result.p95.push(percentile(first, 95));
        const ranked = keys.get(size) as string[];
        const deep = await timeEach(options.reads, async (index) => {
          await readTop(deps, { period: 'all', by: 'agree', cursor: encodeRankCursor(ranked[(index * 7919) % ranked.length] as string) });
        });
        result.deepP50.push(percentile(deep, 50));
      }
      console.log(`  round ${round + 1}/${options.rounds} done`);
    }
    for (const size of options.sizes) {
      const r = results.get(size) as PerSize;
      rows.push({
        figure: 7,
        what: `Top page (readTop: 1 Query + 1 BatchGetItem), ${sizeLabel(size)} posts: p50 / p95`,
        measured: `${formatSummary(summarize(r.p50), ' ms', 2)} / ${formatSummary(summarize(r.p95), ' ms', 2)}`,
        target: '—',
        status: 'reported',
      });
    }
    for (const size of options.sizes) {
      const r = results.get(size) as PerSize;
      rows.push({
        figure: 7,
        what: `Top page after a random cursor, ${sizeLabel(size)} posts: p50`,
        measured: formatSummary(summarize(r.deepP50), ' ms', 2),
        target: '—',
        status: 'reported',
      });
    }
    const smallest = results.get(options.sizes[0] as number) as PerSize;
    const largest = results.get(options.sizes.at(-1) as number) as PerSize;
    rows.push(growthRow(7, 'Top', options.sizes, { largest: largest.p50, smallest: smallest.p50 }, 1.2));

    // Figure 8: every voter votes at once on one post, then half switch and a quarter remove, at once.
    const posts = new DynamoPostRepository(client, tables[0]!.posts);
    const votesDeps = {
      posts,
      votes: new DynamoVoteStore(client, { posts: tables[0]!.posts, votes: 'votes' }),
      // As the API counts each change (every voter is its own account, so none reaches the limit).
      toggles: new DynamoActionCounter(client, 'rate-limits', TOGGLE_RATE_LIMIT, 'toggles#'),
    };
    const rates: number[] = [];
    let lost = 0;
    let requests = 0;
    for (let round = 0; round < options.voteRounds; round++) {
      const post = samplePost(0, Date.now());
      post.votes = { agree: 0, deserved: 0 };
      await posts.insert(post);
      const voters = Array.from({ length: options.voters }, (_, i) => ({ id: `bench-${round}-${i}`, name: 'x', moderator: false }));
      const start = now();
      await Promise.all(voters.map((voter) => castVote(votesDeps, voter, post.id, { vote: 'agree' })));
      await Promise.all(
        voters.map((voter, i) =>
          i % 4 === 0
            ? removeVote(votesDeps, voter, post.id)
            : i % 2 === 0
              ? castVote(votesDeps, voter, post.id, { vote: 'deserved' })
              : Promise.resolve(),
        ),
      );
      const seconds = (now() - start) / 1000;
      const changes = options.voters + Math.ceil(options.voters / 4) + Math.floor(options.voters / 4);
      requests += changes;
      rates.push(changes / seconds);
      const stored = (await posts.get(post.id, { consistent: true }))!.votes;
      const expected = {
        agree: options.voters - Math.ceil(options.voters / 4) - Math.floor(options.voters / 4),
        deserved: Math.floor(options.voters / 4),
      };
      lost += Math.abs(stored.agree - expected.agree) + Math.abs(stored.deserved - expected.deserved);
      console.log(`  votes round ${round + 1}: ${changes} changes in ${seconds.toFixed(1)} s, counts ${JSON.stringify(stored)}`);
    }
    rows.push({
      figure: 8,
      what: `Vote throughput on one post (${options.voters} accounts at once: vote, then switch or remove; 1 two-item transaction each)`,
      measured: `${formatSummary(summarize(rates), ' votes/s', 0)}`,
      target: '—',
      status: 'reported',
    });
    rows.push({
      figure: 8,
      what: `Votes lost (counts ≠ what was voted) over ${requests} changes`,
      measured: String(lost),
      target: '0',
      status: lost === 0 ? 'met' : 'missed',
    });
    notes.push(
      'Figures 7–8 run in DynamoDB Local against the domain code and its adapters (no HTTP); figure 8 is the hottest case, every voter on one post.',
    );
    return { rows, notes };
  } finally {
    await db.close();
  }
}
