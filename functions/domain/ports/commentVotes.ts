import type { CommentVoteKind } from '../../contract/comments';
import type { StoredComment } from './comments';

/**
 * A change of one account's vote on a visible comment: from its earlier vote (null: none) to the new
 * one (null: removed), written with the comment's counts in one transaction.
 */
export type CommentVoteChange = {
  comment: StoredComment;
  userId: string;
  from: CommentVoteKind | null;
  to: CommentVoteKind | null;
  at: Date;
};

/** One account's vote on one comment, as the export lists it. */
export type StoredCommentVote = { commentId: string; vote: CommentVoteKind; at: string };

/** «+1 / −1» on comments: at most one per account and comment, always counted in the comment's `up`/`down`. */
export interface CommentVoteStore {
  /** The account's vote on one comment (consistent read), or undefined. */
  get(userId: string, commentId: string): Promise<CommentVoteKind | undefined>;
  /** The account's votes on those of `commentIds` it voted on (batch reads). */
  of(userId: string, commentIds: string[]): Promise<Map<string, CommentVoteKind>>;
  /**
   * Moves the vote row from `from` to `to` and the comment's counts with it, atomically: `conflict` when
   * the row is no longer as read or another write won (read again), `gone` when the comment is no longer visible.
   */
  change(change: CommentVoteChange): Promise<'recorded' | 'conflict' | 'gone'>;
}
