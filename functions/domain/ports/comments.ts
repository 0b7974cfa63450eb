import type { ReportReason } from '../../contract/moderation';
import type { LoggedAction } from './moderation';
import type { GuardedWrite, Page, RateSlot } from './posts';
import type { Signature } from './accounts';

/** Where a comment is: `visible` under its post, `hidden` by reports until a moderator decides, `removed`. */
export type CommentStatus = 'visible' | 'hidden' | 'removed';

/** A comment as stored: the public fields, its author's id, its status and its reports. */
export type StoredComment = {
  id: string;
  postId: string;
  authorId: string;
  name: string;
  /** The version of the author's account row `name` was read from (see Signature); absent on old comments. */
  nameVersion?: number;
  text: string;
  createdAt: string;
  status: CommentStatus;
  /** Distinct reports since it was last made visible. */
  reports: number;
  /** Those reports' reasons, counted. */
  reportReasons?: Partial<Record<ReportReason, number>>;
  /** The top-level comment a reply is filed under; absent on a top-level comment. */
  parentId?: string;
  /**
   * The reply a reply to a reply answers (its `parentId` is then that reply's thread); absent otherwise.
   * Never shown: it says whose «Avisos» hear of it (`comment.reply`).
   */
  answers?: string;
  /** «+1» and «−1» counts, moved with each vote row (absent: none yet). */
  up?: number;
  down?: number;
  /** A top-level comment's visible replies, moved with each reply's change of visibility. */
  replyCount?: number;
};

export type CommentPageQuery = {
  postId: string;
  limit: number;
  /** Read comments strictly newer than this key (`createdAt#id`). */
  afterKey?: string;
};

/** A page of a post's top-level comments by net score (then oldest); `after` is the last one read. */
export type BestPageQuery = { postId: string; limit: number; after?: { rank: number; id: string } };

/** A page of a comment's replies, oldest first; `after` is the last one read. */
export type ReplyPageQuery = { parentId: string; limit: number; after?: { rank: number; id: string } };

/** A page with the place of its last item in its index, for the next page's cursor. */
export type RankedPage = Page<StoredComment> & { last?: { rank: number; id: string } };

/** One user's report of a visible comment, with its count (hiding it at the threshold). */
export type CommentReportWrite = { comment: StoredComment; userId: string; reason: ReportReason; at: Date; hide: boolean };

/**
 * Comments. Every change that makes a comment visible or not moves its post's `comments` count in
 * the same transaction, so the count always equals the visible comments.
 */
export interface CommentStore {
  /**
   * Stores a new visible comment, counts it and takes the author's rate-limit slot, in one transaction,
   * if its post is still published: `unpublished` when it is not; `conflict` when a concurrent write to
   * the post won or the author's window is no longer the one read (nothing was written: read the slot
   * again and retry); `exists` when a comment with that id is stored already (a write run again under
   * its Idempotency-Key); `deleted` when the author's account was marked deleted meanwhile. A reply
   * counts in its parent's `replyCount` in the same transaction: `parentGone` when the parent is no
   * longer visible.
   */
  add(comment: StoredComment, slot: RateSlot): Promise<'recorded' | 'unpublished' | 'conflict' | 'exists' | 'deleted' | 'parentGone'>;
  /** One comment, any status; `consistent` for read-before-write. */
  get(id: string, options?: { consistent?: boolean }): Promise<StoredComment | undefined>;
  /** A post's visible top-level comments, oldest first. */
  page(query: CommentPageQuery): Promise<Page<StoredComment>>;
  /** A post's visible top-level comments, highest net score first, then oldest. */
  best(query: BestPageQuery): Promise<RankedPage>;
  /** A comment's visible replies, oldest first. */
  replies(query: ReplyPageQuery): Promise<RankedPage>;
  /** Comments hidden by reports, oldest first, at most `limit`. */
  hidden(limit: number): Promise<StoredComment[]>;
  /** Moves `comment` to `to` if its status is still the one read (counting it in or out); false otherwise. */
  changeStatus(comment: StoredComment, to: CommentStatus, at: Date, options?: { log?: LoggedAction }): Promise<boolean>;
  /** Records the report and counts it, atomically (hiding the comment at the threshold); as ModerationStore.recordReport. */
  recordReport(write: CommentReportWrite): Promise<GuardedWrite>;
  /** Removes every visible reply of a top-level comment that left for good, each counted out of its post. */
  removeReplies(parentId: string, at: Date): Promise<void>;
  /** Signs every comment of the author (a rename, or «Anonimo» when the account is deleted); newer signatures stay. */
  setAuthorName(authorId: string, signature: Signature): Promise<void>;
}
