import type { Page, StoredPost } from './posts';

/**
 * The account an apodo leads to: its id, the apodo it holds now, and since when it has one.
 * `formerUntil` (ISO time) is set when the apodo looked up is one the account held before a rename:
 * it leads there until then (a new claimer of the name takes it over at once).
 */
export type NamedAccount = { userId: string; name: string; since?: string; formerUntil?: string };

/** Posts signed by a name that no account holds (the samples, an imported archive): their author id and the name they carry. */
export type AccountlessAuthor = { authorId: string; name: string };

/** What an author's published posts add up to, read from their index entries (no post is read whole). */
export type AuthorTotals = { posts: number; votes: { agree: number; deserved: number }; oldestPublishedAt?: string };

export type AuthorPostsQuery = {
  authorId: string;
  limit: number;
  /** Read posts published strictly before this sort key (`publishedAt#id`). */
  afterSortKey?: string;
};

/** Author pages: apodos looked up by their unique key, accountless names by their posts, and one author's published posts. */
export interface AuthorStore {
  /**
   * The account holding the apodo whose unique key (contract `nameKey`) is `key`, or that held it
   * before a rename (`formerUntil`); undefined when none does.
   */
  byNameKey(key: string): Promise<NamedAccount | undefined>;
  /** The accountless author `authorId`, if any post of theirs is published: the name their newest one carries. */
  accountless(authorId: string): Promise<AccountlessAuthor | undefined>;
  /** Counts of the author's published posts and of the votes on them, exact as of the read. */
  totals(authorId: string): Promise<AuthorTotals>;
  /** The author's published posts, newest `publishedAt` first: one Query, then one BatchGetItem. */
  publishedPage(query: AuthorPostsQuery): Promise<Page<StoredPost> & { lastSortKey?: string }>;
}
