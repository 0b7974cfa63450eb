import type { ModerationVote, ReportReason } from '../../contract/moderation';
import type { PostStatus } from '../../contract/posts';
import type { GuardedWrite, StoredPost } from './posts';

/**
 * One user's moderation vote, written together with the post's tally (and its status when the
 * tally reaches the margin) in one transaction.
 */
export type ModerationVoteWrite = {
  /** The post as read: pending, with its tally then. */
  post: StoredPost;
  userId: string;
  vote: ModerationVote;
  at: Date;
  /** The post's status after this vote: still `pending`, or `published`/`rejected` at the margin. */
  outcome: PostStatus;
};

/** One user's report of a published post, written together with its count (and hiding it at the threshold). */
export type ReportWrite = { post: StoredPost; userId: string; reason: ReportReason; at: Date; hide: boolean };

/** Moderation votes and reports: one per user per item, each moving together with the post. */
export interface ModerationStore {
  /** Of `postIds`, those `userId` has voted on (one batch read). */
  votedOn(userId: string, postIds: string[]): Promise<Set<string>>;
  /**
   * Records the vote and applies it to the post's tally, atomically: `duplicate` when this user
   * already voted; `conflict` when the post is no longer as read (the caller reads it again).
   */
  recordVote(write: ModerationVoteWrite): Promise<GuardedWrite>;
  /** Records the report and counts it, atomically (hiding the post at the threshold); as recordVote. */
  recordReport(write: ReportWrite): Promise<GuardedWrite>;
}
