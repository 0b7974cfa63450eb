import type { StoredPost } from './posts';

/** One saved post of an account, as its list is ordered: by when it was saved. */
export type SavedEntry = { postId: string; savedKey: string };

/** «Guardadas»: at most one row per account and post. */
export interface SavedStore {
  /** Saves the post for the account at `at`; a post saved already keeps its first time (nothing is written). */
  save(userId: string, postId: string, at: Date): Promise<void>;
  /** Forgets it (nothing happens when it was not saved). */
  unsave(userId: string, postId: string): Promise<void>;
  /** Those of `postIds` the account saved (one BatchGetItem per 100 ids). */
  savedOf(userId: string, postIds: readonly string[]): Promise<Set<string>>;
  /** The account's saved posts, newest saved first: one Query of at most `limit + 1` entries. */
  page(userId: string, limit: number, afterKey?: string): Promise<{ entries: SavedEntry[]; hasMore: boolean }>;
  /** The posts of a page of entries, by id (one BatchGetItem of the posts table; at most 100). */
  posts(ids: readonly string[]): Promise<Map<string, StoredPost>>;
}
