import type { TopPeriod, TopRanking } from '../../contract/votes';
import type { StoredPost } from './posts';

/** One published post's place in one Top period: its bucket and its sort key in each ranking. */
export type RankRow = { postId: string; period: TopPeriod; bucket: string; ranks: Record<TopRanking, string> };

export type TopQuery = {
  bucket: string;
  ranking: TopRanking;
  limit: number;
  /** Read ranks strictly below this one. */ afterRank?: string;
};

/** The Top: rank rows by calendar period (written from the posts stream) and the posts they name. */
export interface RankingStore {
  /**
   * One Query of a bucket's ranking, highest first, and one batch read of those posts (in rank
   * order; a post that left the feeds since is left out). `lastRank` is the last row read.
   */
  page(query: TopQuery): Promise<{ items: StoredPost[]; lastRank?: string; hasMore: boolean }>;
  /** Writes these rows and deletes every row of the `remove` posts. */
  apply(work: { put: RankRow[]; remove: string[] }): Promise<void>;
}

/** What rebuilding the Top from the posts' counts needs (functions/domain/rankings.ts rebuildTop). */
export interface TopRebuildStore {
  /** Every published post, a page at a time (the feed index). */
  publishedPosts(): AsyncIterable<StoredPost[]>;
  /** The rank rows these posts have now. */
  rowsOf(postIds: string[]): Promise<RankRow[]>;
  /** The ids of every post with rank rows, a page at a time. */
  rankedPostIds(): AsyncIterable<string[]>;
  /**
   * Writes a post's rows on the condition that the post is still as read (published, same counts and
   * publication time); false when it changed meanwhile (the stream then writes its rows).
   */
  putIfUnchanged(post: StoredPost, rows: RankRow[]): Promise<boolean>;
  /** Deletes a post's rows on the condition that it is not published (any more); false when it is. */
  removeIfUnpublished(postId: string): Promise<boolean>;
}
