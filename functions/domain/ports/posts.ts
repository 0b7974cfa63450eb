import type { ReportReason } from '../../contract/moderation';
import type { Category, PostStatus, RejectionReason } from '../../contract/posts';
import type { Signature } from './accounts';
import type { LoggedAction } from './moderation';

/** A post as stored: the public fields, its status, and what only the server may know. */
export type StoredPost = {
  id: string;
  name: string;
  /** The version of the author's account row `name` was read from (see Signature); absent on old posts. */
  nameVersion?: number;
  category: Category;
  post: string;
  /** When it was sent. */
  createdAt: string;
  /** When it entered the feeds; null until then (kept when it leaves them, and on a restore). */
  publishedAt: string | null;
  status: PostStatus;
  authorId: string;
  votes: { agree: number; deserved: number };
  comments: number;
  /** The community's moderation tally while pending: net score (publish − reject) and votes cast. */
  moderation: { score: number; votes: number };
  /** Distinct reports since it was last published. */
  reports: number;
  /** Those reports' reasons, counted. */
  reportReasons?: Partial<Record<ReportReason, number>>;
  /** The reasons of the community's reject votes, counted. */
  rejectVotes?: Partial<Record<RejectionReason, number>>;
  /** The reason a moderator (or a suspension) gave when rejecting it; it overrides the votes'. */
  rejectedFor?: RejectionReason;
  /**
   * Edited and sent back once after a rejection (PUT /posts/{id}): its moderation starts again with a
   * fresh tally, and the votes of the first round no longer count (ModerationStore keys them by round).
   */
  resent?: boolean;
};

/** What an author may change when sending a rejected post back. */
export type PostEdit = { category: Category; post: string };

/** What else a change of status writes: the rejection's reason, and the moderator's log entry (same transaction). */
export type StatusChangeOptions = { rejectedFor?: RejectionReason; log?: LoggedAction };

export type PageQuery = {
  category?: Category;
  limit: number;
  /** Read posts strictly older than this sort key. */
  afterSortKey?: string;
};

export type Page<T = StoredPost> = { items: T[]; hasMore: boolean };

export type AuthorPageQuery = {
  authorId: string;
  limit: number;
  /** Read posts sent strictly before this key (`createdAt#id`). */
  afterKey?: string;
};

export type QueueQuery = {
  /** Leave this author's posts out. */
  excludeAuthorId: string;
  /** How many queue entries to read (before leaving the author's out). */
  limit: number;
  /** Where the previous read stopped (opaque). */
  after?: string;
};

/**
 * Storage of anecdotes. Every read is a key lookup or a single index query; the feed, category and
 * random reads only ever see published posts.
 */
export interface PostRepository {
  insert(post: StoredPost): Promise<void>;
  /** One post, any status; `consistent` for read-before-write. */
  get(id: string, options?: { consistent?: boolean }): Promise<StoredPost | undefined>;
  /** Published posts, newest `publishedAt` first. */
  page(query: PageQuery): Promise<Page>;
  /** A published post chosen at random. */
  random(): Promise<StoredPost | undefined>;
  /** One author's posts, every status, newest first. */
  byAuthor(query: AuthorPageQuery): Promise<Page>;
  /** Pending posts, oldest first: one bounded read. */
  pendingQueue(query: QueueQuery): Promise<{ items: StoredPost[]; next?: string }>;
  /** Posts hidden by reports, oldest first, at most `limit`. */
  hidden(limit: number): Promise<StoredPost[]>;
  /**
   * Every pending post, oldest in the queue first: one Query of `limit` (and one more, to tell whether
   * more exist); `after` is the previous page's `next` (the last post's queue key).
   */
  pendingPage(limit: number, after?: string): Promise<{ items: StoredPost[]; next?: string }>;
  /**
   * Moves `post` to `to` (entering or leaving the feeds and queues) if its status is still the one
   * read; false when it changed meanwhile.
   */
  changeStatus(post: StoredPost, to: PostStatus, at: Date, options?: StatusChangeOptions): Promise<boolean>;
  /** One page of an author's pending posts (author index, filtered), from after `after` (opaque). */
  pendingOf(authorId: string, after?: string): Promise<{ items: StoredPost[]; next?: string }>;
  /**
   * Signs every post of `authorId` (any status) with the signature's name: after a rename, and with
   * «Anonimo» when the account is deleted; a post signed with a newer version is left as it is. Reads
   * the author index page by page; returns how many posts it changed.
   */
  setAuthorName(authorId: string, signature: Signature): Promise<number>;
}

/**
 * Sending posts: a new one, or a rejected one edited and sent back once. Kept apart from PostRepository
 * because only the two submitting functions hold what these writes touch.
 */
export interface SubmissionStore {
  /** The post that last claimed `fingerprint` (domain/fingerprint.ts); it may since have been rejected or removed. */
  holderOf(fingerprint: string): Promise<string | undefined>;
  /**
   * Stores a new post, claims its text's fingerprint and takes the author's rate-limit slot, in one
   * transaction: `stored`; `exists` when a post with that id exists (an idempotent retry); `taken` when
   * the fingerprint's holder or the author's window is no longer the one read (the caller reads both
   * again). Nothing is written unless the post is.
   */
  submit(post: StoredPost, claim: FingerprintClaim, slot: RateSlot): Promise<'stored' | 'exists' | 'taken' | 'deleted'>;
  /**
   * Makes the rejected `post` (as read) pending again with `edit`'s text and category, its tally
   * cleared and `resent` set, and claims the edit's fingerprint, in one transaction — if the post is
   * still rejected and was never resent and the fingerprint's holder is still the one read; false otherwise.
   */
  resend(post: StoredPost, edit: PostEdit, at: Date, claim: FingerprintClaim): Promise<boolean>;
}

/** A fingerprint to claim for a post, and who held it when read (undefined: nobody). */
export type FingerprintClaim = { fingerprint: string; holder: string | undefined };

/**
 * The fingerprints' backfill (domain/fingerprintBackfill.ts), an operator's tool: posts written before
 * fingerprints existed get their text's row. Reads every post that holds its text page by page, and
 * claims rows one conditional write each.
 */
export interface FingerprintBackfillStore {
  /** Every published, pending or hidden post, a page at a time (Queries of the feed and queue indexes: no Scan). */
  holdingPosts(pageSize: number): AsyncIterable<StoredPost[]>;
  /** One post as it is now (consistent read). */
  get(id: string, options?: { consistent?: boolean }): Promise<StoredPost | undefined>;
  /** The post that last claimed `fingerprint`, as SubmissionStore. */
  holderOf(fingerprint: string): Promise<string | undefined>;
  /** Names `postId` in the fingerprint's row if its holder is still `claim.holder`; false when it changed meanwhile. */
  claim(claim: FingerprintClaim, postId: string, at: string): Promise<boolean>;
}

/**
 * One slot of a per-account rate limit (a sliding window of send times), as read: the window the send
 * would leave behind and what it was read at. The write the send makes takes it in its own transaction,
 * on the condition that the window is still as read — so a send that stores nothing spends nothing, and
 * of simultaneous sends by one account only as many land as the window holds (the others find it
 * changed, and read it again).
 */
export type RateSlot = {
  /** The window's row: the account's id, with the limit's prefix. */
  key: string;
  /** The send times (ms) the window holds once this send is in it: those still inside it, and `now`. */
  times: number[];
  /** The row's version when read; undefined for no row, or a row without a version. */
  version: number | undefined;
  /** Whether the row existed when read. */
  existed: boolean;
  /** When the row may be tidied away (epoch seconds): once the window has passed. */
  expiresAt: number;
};

/** Per-account sliding windows of sends (posts, comments). */
export interface RateLimiter {
  /** The slot a send by `userId` at `now` would take, read consistently; undefined when the window is full. */
  slotFor(userId: string, now: Date): Promise<RateSlot | undefined>;
}

/**
 * Per-account counts of cheap actions in fixed windows (vote and save toggles): `take` counts one and
 * says whether it was within the window's limit; of many at once, exactly the limit are.
 */
export interface ActionCounter {
  take(userId: string, now: Date): Promise<boolean>;
}

/** Outcome of a write that must agree with a post's state as read. */
export type GuardedWrite = 'recorded' | 'duplicate' | 'conflict';
