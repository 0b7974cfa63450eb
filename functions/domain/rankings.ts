/**
 * The Top's rank rows, derived from a published post: one per period, each in the bucket of the
 * period the post was published in, with one sort key per ranking. The posts stream's batched reader
 * writes them (functions/handlers/stream/rankings.ts), so the vote transaction stays two
 * items and a burst of votes on one post is one write per stream batch, not one per vote.
 */
import { TOP_PERIODS } from '../contract/votes';
import { ValidationError } from './errors';
import { bucketsOf } from './periods';
import type { StoredPost } from './ports/posts';
import type { RankRow, TopRebuildStore } from './ports/rankings';
import type { PostChange } from './broadcast';

const COUNT_DIGITS = 10;
const RANK_KEY = /^\d{10}#\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * A ranking's sort key: the count (zero-padded, so text order is number order), then `publishedAt`
 * and the id. Read descending: most votes first, ties newest first, and unique, so keyset paging
 * never repeats or skips a post.
 */
export function rankKey(count: number, publishedAt: string, id: string): string {
  return `${String(Math.max(0, Math.trunc(count))).padStart(COUNT_DIGITS, '0')}#${publishedAt}#${id}`;
}

/** The lowest rank key of a post with one vote of a kind: the Top lists only posts at or above it. */
export const LEAST_RANK = rankKey(1, '', '').split('#')[0] as string;

/** The four rows of a published post (none for any other status). */
export function rankRowsFor(post: StoredPost): RankRow[] {
  if (post.status !== 'published' || post.publishedAt === null) return [];
  const publishedAt = post.publishedAt;
  const buckets = bucketsOf(new Date(publishedAt));
  const ranks = {
    agree: rankKey(post.votes.agree, publishedAt, post.id),
    deserved: rankKey(post.votes.deserved, publishedAt, post.id),
  };
  return TOP_PERIODS.map((period) => ({ postId: post.id, period, bucket: buckets[period], ranks }));
}

/**
 * What a change means for the Top: `put` the rows of a published post whose counts, status or
 * publication time changed; `remove` the rows of a post that left the feeds; undefined when the Top
 * does not care (a report below the threshold, a pending post's moderation vote).
 */
export function rankingChangeFor(change: PostChange): 'put' | 'remove' | undefined {
  const { before, after } = change;
  const wasPublished = before?.status === 'published';
  const isPublished = after?.status === 'published';
  if (isPublished && after) {
    if (!wasPublished || !before) return 'put';
    const same =
      before.votes.agree === after.votes.agree &&
      before.votes.deserved === after.votes.deserved &&
      before.publishedAt === after.publishedAt;
    return same ? undefined : 'put';
  }
  return wasPublished ? 'remove' : undefined;
}

/**
 * The Top's work for a batch of changes, in stream order: per post, the final state (its rows from the
 * last image, or their removal), for every post that at least one change touched. Applying it twice
 * gives the same rows (records may be delivered again).
 */
export function rankingWork(changes: PostChange[]): { put: RankRow[]; remove: string[] } {
  const last = new Map<string, PostChange>();
  for (const change of changes) {
    const id = change.after?.id ?? change.before?.id;
    if (!id) continue;
    const touched = rankingChangeFor(change) !== undefined;
    if (touched || last.has(id)) {
      last.delete(id);
      last.set(id, change);
    }
  }
  const put: RankRow[] = [];
  const remove: string[] = [];
  for (const [id, change] of last) {
    if (change.after?.status === 'published') put.push(...rankRowsFor(change.after));
    else remove.push(id);
  }
  return { put, remove };
}

export function encodeRankCursor(rank: string): string {
  return Buffer.from(rank, 'utf8').toString('base64url');
}

/** A Top cursor back to the rank key it came from, or INVALID_CURSOR. */
export function decodeRankCursor(cursor: string): string {
  const rank = BASE64URL.test(cursor) ? Buffer.from(cursor, 'base64url').toString('utf8') : '';
  if (!RANK_KEY.test(rank)) throw new ValidationError('INVALID_CURSOR');
  return rank;
}

/** What a rebuild of the Top did. */
export type TopRebuild = { published: number; rewritten: number; removed: number; changedMeanwhile: number };

/** Whether two sets of rank rows rank alike (same periods, buckets and keys, in any order). */
export const sameRows = (a: RankRow[], b: RankRow[]) => {
  const key = (row: RankRow) => `${row.period}|${row.bucket}|${row.ranks.agree}|${row.ranks.deserved}`;
  return a.length === b.length && a.map(key).sort().join() === b.map(key).sort().join();
};

/**
 * Makes the Top's rank rows what the posts' counts say (the posts table is the source; the rows are
 * derived): every published post gets its four rows where they differ, and rows of posts that are no
 * longer published are deleted. Safe while votes arrive: each write is conditioned on the post being
 * as read, and a post that changed meanwhile is left to the stream, which writes its rows from the
 * change. Safe to run again: it only writes what differs. `npm run rebuild -- top` locally; on AWS the
 * scheduled ReconcileTop function (docs/decisions/0006-top-reconcile.md).
 */
export async function rebuildTop(store: TopRebuildStore): Promise<TopRebuild> {
  const result: TopRebuild = { published: 0, rewritten: 0, removed: 0, changedMeanwhile: 0 };
  const published = new Set<string>();
  for await (const posts of store.publishedPosts()) {
    const existing = await store.rowsOf(posts.map((post) => post.id));
    for (const post of posts) {
      published.add(post.id);
      result.published++;
      const wanted = rankRowsFor(post);
      if (
        sameRows(
          wanted,
          existing.filter((row) => row.postId === post.id),
        )
      )
        continue;
      if (await store.putIfUnchanged(post, wanted)) result.rewritten++;
      else result.changedMeanwhile++;
    }
  }
  for await (const ids of store.rankedPostIds()) {
    for (const id of new Set(ids)) {
      if (published.has(id)) continue;
      if (await store.removeIfUnpublished(id)) result.removed++;
      else result.changedMeanwhile++;
    }
  }
  return result;
}
