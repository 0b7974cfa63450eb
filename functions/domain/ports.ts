import type { Category, ModerationVote, PostStatus, ReportReason } from '../contract';

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

/** Per-user sliding window of publish times. */
export interface PublishRateLimiter {
  /** Records a publish at `now` unless the user already reached the limit; false when refused. */
  tryAcquire(userId: string, now: Date): Promise<boolean>;
}

/** One segment of a parallel Scan: DynamoDB splits a table into `totalSegments` disjoint parts by key hash. */
export type ScanSegment = { segment: number; totalSegments: number };

/** Open WebSocket connections. */
export interface ConnectionRepository {
  add(connectionId: string, now: Date): Promise<void>;
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
