import type { ModerationVote, ReportReason } from '../contract/moderation';
import type { Category, PostStatus } from '../contract/posts';
import type { TopPeriod, TopRanking, VoteKind } from '../contract/votes';

/** A post as stored: the public fields, its status, and what only the server may know. */
export type StoredPost = {
  id: string;
  name: string;
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
};

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
   * Moves `post` to `to` (entering or leaving the feeds and queues) if its status is still the one
   * read; false when it changed meanwhile.
   */
  changeStatus(post: StoredPost, to: PostStatus, at: Date): Promise<boolean>;
  /**
   * Signs every post of `authorId` (any status) with `name`: after a rename, and with «Anónimo» when
   * the account is deleted. Reads the author index page by page; returns how many posts it changed.
   */
  setAuthorName(authorId: string, name: string): Promise<number>;
}

/** Outcome of a write that must agree with a post's state as read. */
export type GuardedWrite = 'recorded' | 'duplicate' | 'conflict';

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

/** One published post's place in one Top period: its bucket and its sort key in each ranking. */
export type RankRow = { postId: string; period: TopPeriod; bucket: string; ranks: Record<TopRanking, string> };

export type TopQuery = {
  bucket: string;
  ranking: TopRanking;
  limit: number;
  /** Read ranks strictly below this one. */ afterRank?: string;
};

/** The Top: rank rows by calendar period (written from the posts stream) and the posts they name. */
export interface RankingStore {
  /**
   * One Query of a bucket's ranking, highest first, and one batch read of those posts (in rank
   * order; a post that left the feeds since is left out). `lastRank` is the last row read.
   */
  page(query: TopQuery): Promise<{ items: StoredPost[]; lastRank?: string; hasMore: boolean }>;
  /** Writes these rows and deletes every row of the `remove` posts. */
  apply(work: { put: RankRow[]; remove: string[] }): Promise<void>;
}

/** Per-user sliding window of publish times. */
export interface PublishRateLimiter {
  /** Records a publish at `now` unless the user already reached the limit; false when refused. */
  tryAcquire(userId: string, now: Date): Promise<boolean>;
}

/** One segment of a parallel Scan: DynamoDB splits a table into `totalSegments` disjoint parts by key hash. */
export type ScanSegment = { segment: number; totalSegments: number };

/** Open WebSocket connections. */
export interface ConnectionRepository {
  /** Stores a new connection; `watching` is the post whose page it reads, if any. */
  add(connectionId: string, now: Date, watching?: string): Promise<void>;
  remove(connectionId: string): Promise<void>;
  /** Every stored connection id, page by page; with `segment`, only that segment's. */
  list(segment?: ScanSegment): AsyncIterable<string[]>;
  /** How many connections one segment holds (a COUNT Scan of that segment: ids are not read). */
  countSegment(segment: ScanSegment): Promise<number>;
}

/** A published post as the sitemap lists it. */
export type SitemapEntry = { id: string; publishedAt: string };

/**
 * What the sitemap reads: bounded queries of the (sparse, published-only) feed index, projecting only
 * ids and publication times. Never a Scan.
 */
export interface SitemapSource {
  /** The newest published posts, at most `limit`; `more` when there are others. One Query. */
  newest(limit: number): Promise<{ entries: SitemapEntry[]; more: boolean }>;
  /** When the oldest post still published was published. One Query of one item. */
  oldestPublishedAt(): Promise<string | undefined>;
  /** Posts published on one UTC day (`YYYY-MM-DD`), oldest first, at most `limit`. */
  publishedOn(day: string, limit: number): Promise<SitemapEntry[]>;
}

/** Who reads which post's page: the connections opened with `?post=<id>`. */
export interface PostWatchers {
  /** The connections reading one post's page, page by page (one index Query each). */
  watching(postId: string): AsyncIterable<string[]>;
  remove(connectionId: string): Promise<void>;
}

/** Where a comment is: `visible` under its post, `hidden` by reports until a moderator decides, `removed`. */
export type CommentStatus = 'visible' | 'hidden' | 'removed';

/** A comment as stored: the public fields, its author's id, its status and its reports. */
export type StoredComment = {
  id: string;
  postId: string;
  authorId: string;
  name: string;
  text: string;
  createdAt: string;
  status: CommentStatus;
  /** Distinct reports since it was last made visible. */
  reports: number;
};

export type CommentPageQuery = {
  postId: string;
  limit: number;
  /** Read comments strictly newer than this key (`createdAt#id`). */
  afterKey?: string;
};

/** One user's report of a visible comment, with its count (hiding it at the threshold). */
export type CommentReportWrite = { comment: StoredComment; userId: string; reason: ReportReason; at: Date; hide: boolean };

/**
 * Comments. Every change that makes a comment visible or not moves its post's `comments` count in
 * the same transaction, so the count always equals the visible comments.
 */
export interface CommentStore {
  /**
   * Stores a new visible comment and counts it, if its post is still published: `unpublished` when
   * it is not, `conflict` when a concurrent write to the post won (nothing was written; try again).
   */
  add(comment: StoredComment): Promise<'recorded' | 'unpublished' | 'conflict'>;
  /** One comment, any status; `consistent` for read-before-write. */
  get(id: string, options?: { consistent?: boolean }): Promise<StoredComment | undefined>;
  /** A post's visible comments, oldest first. */
  page(query: CommentPageQuery): Promise<Page<StoredComment>>;
  /** Comments hidden by reports, oldest first, at most `limit`. */
  hidden(limit: number): Promise<StoredComment[]>;
  /** Moves `comment` to `to` if its status is still the one read (counting it in or out); false otherwise. */
  changeStatus(comment: StoredComment, to: CommentStatus, at: Date): Promise<boolean>;
  /** Records the report and counts it, atomically (hiding the comment at the threshold); as ModerationStore.recordReport. */
  recordReport(write: CommentReportWrite): Promise<GuardedWrite>;
  /** Signs every comment of the author with `name` (a rename, or «Anónimo» when the account is deleted). */
  setAuthorName(authorId: string, name: string): Promise<void>;
}

/** An account's apodo as stored: as published, and its unique key (contract `nameKey`). */
export type StoredName = { name: string; key: string };

/**
 * An account's row in the names store: its apodo if it has one; `deleted` once the account was deleted;
 * `suspendedUntil` (ISO time) while a moderator's suspension may be in force.
 */
export type AccountName = { name: StoredName | undefined; deleted: boolean; suspendedUntil?: string };

/** Outcome of claiming an apodo. */
export type NameClaim = 'claimed' | 'taken' | 'conflict';

/**
 * Apodos: one row per name, keyed by its unique form, and one per account pointing to it, always
 * written together, so two accounts never hold one name and a rename frees the old one.
 */
export interface NameStore {
  /** The account's apodo, if it has one, and whether it was deleted; `consistent` for read-before-write. */
  accountOf(userId: string, options?: { consistent?: boolean }): Promise<AccountName>;
  /**
   * Gives `userId` the name, atomically: the name row (free, or already this account's), the
   * account's row (still pointing at `previous` as read) and, on a rename, the old name row freed.
   * `taken` when another account holds the name; `conflict` when the account's row changed since
   * it was read, or another write raced this one (the caller reads again and retries).
   */
  claim(userId: string, name: StoredName, previous: StoredName | undefined): Promise<NameClaim>;
  /**
   * Marks the account deleted and frees its apodo (if any), atomically; false when it changed since
   * read. The mark (the account's opaque id and nothing else) outlives every token of the account
   * (`expiresAt`), so a token still valid after the deletion can neither publish nor claim a name.
   */
  markDeleted(userId: string, current: StoredName | undefined, expiresAt: Date): Promise<boolean>;
}

/** The accounts of the user pool, as the API may change them. */
export interface AccountDirectory {
  /** Deletes the account (by its pool username); an account already gone is not an error. */
  deleteAccount(username: string): Promise<void>;
}
