import type { ModerationAction, ModerationVote, RejectionReason, ReportReason, Suspension } from '../../contract/moderation';
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
  /** Why, for a reject vote (counted on the post: the most-voted reason is the rejection's). */
  reason?: RejectionReason;
  at: Date;
  /** The post's status after this vote: still `pending`, or `published`/`rejected` at the margin. */
  outcome: PostStatus;
};

/** One user's report of a published post, written together with its count (and hiding it at the threshold). */
export type ReportWrite = { post: StoredPost; userId: string; reason: ReportReason; at: Date; hide: boolean };

/** Moderation votes and reports: one per user per item, each moving together with the post. */
export interface ModerationStore {
  /**
   * The ids of those of `posts` `userId` has voted on in their current round, or skipped until after
   * `now` (one batch read).
   */
  passedOn(userId: string, posts: Pick<StoredPost, 'id' | 'resent'>[], now: Date): Promise<Set<string>>;
  /** «Saltar»: `postId` stays out of `userId`'s queue until `until` (a second skip moves it on). */
  recordSkip(userId: string, postId: string, until: Date): Promise<void>;
  /** How many moderation votes `userId` cast on the Madrid calendar day `day` (YYYY-MM-DD); one GetItem. */
  votesOn(userId: string, day: string): Promise<number>;
  /**
   * Records the vote and applies it to the post's tally, atomically: `duplicate` when this user
   * already voted; `conflict` when the post is no longer as read (the caller reads it again).
   */
  recordVote(write: ModerationVoteWrite): Promise<GuardedWrite>;
  /** Records the report and counts it, atomically (hiding the post at the threshold); as recordVote. */
  recordReport(write: ReportWrite): Promise<GuardedWrite>;
}

/**
 * One moderator action as the log keeps it (contract ModerationAction, plus who did it by account id,
 * which never leaves the server). Written in the same transaction as the action itself.
 */
export type LoggedAction = ModerationAction & { byId: string };

/** A suspension as stored: the contract's fields, whose account it is, and whether it was lifted. */
export type StoredSuspension = Suspension & {
  accountId: string;
  byId: string;
  /** Set once lifted (it is then no longer listed, and the account writes again). */
  liftedAt?: string;
};

/** Outcome of a suspension: `already` when the account is suspended now; `gone` when it was deleted. */
export type SuspendOutcome = 'suspended' | 'already' | 'gone';

/**
 * Suspensions and the moderation log. A suspension is one transaction: the account's row
 * (`suspendedUntil`, only if no suspension is in force and the account is not deleted), the
 * suspension and its log entry; a lift likewise. Lists are one Query each, newest first.
 */
export interface SuspensionStore {
  suspend(suspension: StoredSuspension, log: LoggedAction, now: Date): Promise<SuspendOutcome>;
  /** One suspension, lifted or not. */
  get(id: string): Promise<StoredSuspension | undefined>;
  /** Lifts it, atomically with its log entry; false when it was lifted (or replaced) meanwhile. */
  lift(suspension: StoredSuspension, log: LoggedAction): Promise<boolean>;
  /** Suspensions not lifted, newest first, from after `after` (opaque); some may have ended (the caller filters). */
  suspensions(limit: number, after?: string): Promise<{ items: StoredSuspension[]; next?: string }>;
  /** The log, newest first. */
  log(limit: number, after?: string): Promise<{ items: LoggedAction[]; next?: string }>;
}
