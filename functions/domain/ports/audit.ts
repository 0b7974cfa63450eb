/** What the audit of derived data reads of the source tables, and what its repairs write (functions/domain/audit.ts). */

/** A post's stored counters, whatever its status. */
export type PostCounters = { id: string; agree: number; deserved: number; comments: number };

/** A comment's stored counters (absent ones are 0), and what places it in its thread. */
export type CommentCounters = {
  id: string;
  /** A reply's top-level comment; undefined for a top-level one. */
  parentId?: string;
  status: string;
  createdAt: string;
  up: number;
  down: number;
  replyCount: number;
};

/** One row of the names table as the audit sees it. */
export type NameRowRead =
  | { kind: 'name'; nameKey: string; userId: string; /** A former apodo's row (it has a TTL). */ former: boolean }
  | { kind: 'account'; userId: string; nameKey?: string; deleted: boolean };

/**
 * Whole-table reads of the sources and of the rows that point at posts, a page at a time (Scans: an
 * operator's tool, never a request).
 */
export interface AuditSourceStore {
  /** Every post's counters. */
  postCounters(): AsyncIterable<PostCounters[]>;
  /** Every post vote row: its post and its vote. */
  voteRows(): AsyncIterable<Array<{ postId: string; vote: string }>>;
  /** The post (and, for a reply, the top-level comment) of every visible comment. */
  visibleComments(): AsyncIterable<Array<{ postId: string; parentId?: string }>>;
  /** Every comment's counters. */
  commentCounters(): AsyncIterable<CommentCounters[]>;
  /** Every comment vote row: its comment and its vote. */
  commentVoteRows(): AsyncIterable<Array<{ commentId: string; vote: string }>>;
  /** Every apodo claim and account row. */
  nameRows(): AsyncIterable<NameRowRead[]>;
  /** Every saved row. */
  savedRows(): AsyncIterable<Array<{ userId: string; postId: string }>>;
  /** Every notification that names a post (not the `seen#` marks). */
  notificationRows(): AsyncIterable<Array<{ accountId: string; key: string; postId: string }>>;
}

/** What a conditional repair did: written, or left because its item changed since it was read. */
export type RepairWrite = 'fixed' | 'changed';

/** An apodo claim read on its own (consistently). */
export type ClaimRead = { userId: string; name: string; former: boolean };

/** An account row read on its own (consistently); `exists: false` when there is none. */
export type AccountRead = { exists: boolean; version: number; name?: string; nameKey?: string; deleted: boolean };

/**
 * The repairs' writes. Each is conditional on what the repair read (the counters' values, the rows'
 * owners, the account row's version), so a repair that races a live write changes nothing and says
 * `changed`: the live write keeps its effect, and a second audit tells whether drift remains.
 */
export interface AuditRepairStore {
  /** Sets a post's `agree`/`deserved` if they are still `read`. */
  setPostVotes(postId: string, read: { agree: number; deserved: number }, to: { agree: number; deserved: number }): Promise<RepairWrite>;
  /** Sets a post's `comments` if it is still `read`. */
  setPostComments(postId: string, read: number, to: number): Promise<RepairWrite>;
  /**
   * Sets a comment's `up`/`down` if they and its status are still as read, and a visible top-level
   * comment's place in the «Mejores» order with them.
   */
  setCommentVotes(comment: CommentCounters, to: { up: number; down: number }): Promise<RepairWrite>;
  /** Sets a comment's `replyCount` if it is still `read`. */
  setReplyCount(commentId: string, read: number, to: number): Promise<RepairWrite>;
  /** The claim of an apodo, if any. */
  claimOf(nameKey: string): Promise<ClaimRead | undefined>;
  /** An account's row. */
  accountOf(userId: string): Promise<AccountRead>;
  /**
   * Frees a claim its account does not hold: makes it that account's former apodo (`former`, expiring
   * at `expiresAt`: anyone may claim it, and its author page still leads to the account) or deletes it.
   * Conditional on the claim still being that account's current one and the account row still as read.
   */
  freeClaim(
    nameKey: string,
    owner: { userId: string; account: AccountRead },
    how: { kind: 'former'; expiresAt: Date } | { kind: 'delete' },
  ): Promise<RepairWrite>;
  /**
   * Writes the claim of an account's apodo, on condition that no account holds it now (none, or a
   * former apodo's row) and the account row is still as read.
   */
  claimFor(userId: string, account: AccountRead & { name: string; nameKey: string }): Promise<RepairWrite>;
  /** Deletes a saved row if its post still does not exist. */
  deleteSaved(userId: string, postId: string): Promise<RepairWrite>;
  /** Deletes a notification if its post still does not exist. */
  deleteNotification(accountId: string, key: string, postId: string): Promise<RepairWrite>;
}
