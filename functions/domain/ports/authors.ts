import type { Page, StoredPost } from './posts';

/** The account that holds an apodo now: its id, the apodo as published, and since when it has one. */
export type NamedAccount = { userId: string; name: string; since?: string };

/** What an author's published posts add up to, read from their index entries (no post is read whole). */
export type AuthorTotals = { posts: number; votes: { agree: number; deserved: number }; oldestPublishedAt?: string };

export type AuthorPostsQuery = {
  authorId: string;
  limit: number;
  /** Read posts published strictly before this sort key (`publishedAt#id`). */
  afterSortKey?: string;
};

/** Author pages: apodos looked up by their unique key, and one author's published posts. */
export interface AuthorStore {
  /** The account holding the apodo whose unique key (contract `nameKey`) is `key`; undefined when none does. */
  byNameKey(key: string): Promise<NamedAccount | undefined>;
  /** Counts of the author's published posts and of the votes on them, exact as of the read. */
  totals(authorId: string): Promise<AuthorTotals>;
  /** The author's published posts, newest `publishedAt` first: one Query, then one BatchGetItem. */
  publishedPage(query: AuthorPostsQuery): Promise<Page<StoredPost> & { lastSortKey?: string }>;
}
