import type { VoteKind } from '../../contract/votes';
import type { StoredPost } from './posts';

/**
 * A change of one account's vote on a published post: from its earlier vote (null: none) to the new
 * one (null: removed), written with the post's counters in one transaction.
 */
export type VoteChange = { post: StoredPost; userId: string; from: VoteKind | null; to: VoteKind | null; at: Date };

/** Votes on published posts: at most one per account and post, always counted in the post's `votes`. */
export interface VoteStore {
  /** The account's vote on one post (consistent read), or undefined. */
  get(userId: string, postId: string): Promise<VoteKind | undefined>;
  /** The account's votes on those posts it voted on, of `postIds` (one batch read). */
  of(userId: string, postIds: string[]): Promise<Map<string, VoteKind>>;
  /**
   * Moves the vote row from `from` to `to` and the post's counters with it, atomically; false when the
   * row or the post is no longer as read (the caller reads both again).
   */
  change(change: VoteChange): Promise<boolean>;
}
