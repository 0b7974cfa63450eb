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
