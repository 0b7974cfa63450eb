import type { StoredCommentVote } from './commentVotes';
import type { AccountExport } from '../../contract/accountData';
import type { StoredComment } from './comments';
import type { StoredNotification } from './notifications';
import type { StoredPost } from './posts';

/**
 * Everything stored of one account, each list read whole with a bounded Query a page at a time (the
 * account's partitions and its entries of the author indexes; never a Scan).
 */
export interface AccountDataReader {
  /** When the account was created (the user pool's record), or null when it is gone. */
  createdAt(username: string): Promise<string | null>;
  /** Its posts in every status, newest first. */
  posts(accountId: string): Promise<StoredPost[]>;
  /** Its comments in every status. */
  comments(accountId: string): Promise<StoredComment[]>;
  votes(accountId: string): Promise<AccountExport['votes']>;
  /** The account's «+1 / −1» on comments. */
  commentVotes(accountId: string): Promise<StoredCommentVote[]>;
  /** The ids of the posts it saved, newest saved first. */
  saved(accountId: string): Promise<string[]>;
  /** Its notifications, newest first. */
  notifications(accountId: string): Promise<StoredNotification[]>;
  /** What it reported, posts and comments. */
  reports(accountId: string): Promise<AccountExport['reports']>;
  /** How many devices receive its notifications as Web Push. */
  pushDevices(accountId: string): Promise<number>;
}

/** The day's downloads of one's data, per account (the rate-limits table). */
export interface ExportLimiter {
  /** Takes one of the day's slots for the account; false when none is left. */
  take(accountId: string, now: Date): Promise<boolean>;
}

/**
 * What deleting an account with its content deletes. Every method is idempotent: an item already gone
 * is not an error (false), so an erasure cut short is finished by running it again.
 */
export interface AccountErasure {
  postsOf(accountId: string): Promise<StoredPost[]>;
  commentsOf(accountId: string): Promise<StoredComment[]>;
  /** Deletes the post (still the account's) and the fingerprint row that names it; false when already gone. */
  erasePost(post: StoredPost): Promise<boolean>;
  /** Deletes the comment, and if it was visible counts it off its post (one transaction); false when already gone. */
  eraseComment(comment: StoredComment): Promise<boolean>;
  /**
   * The coalesced comment notification of the post's author, when it names one of `names` (the
   * account's) as the latest commenter: `count` comments fewer and the name «Anonimo», or deleted
   * when none of the others' stays in it.
   */
  unquote(postId: string, accountId: string, names: ReadonlySet<string>, count: number): Promise<void>;
}

/** What ends with an account, whatever happens to its content. */
export interface AccountEnding {
  /** Deletes every notification of the account (and its marks of comments counted). */
  removeNotifications(accountId: string): Promise<number>;
  /** Closes every open socket of the account and forgets it. */
  closeConnections(accountId: string): Promise<number>;
}
