import type { Category, ModerationVote, PostStatus, ReportReason, TopPeriod, TopRanking, VoteKind } from '../contract';

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

export type TopQuery = { bucket: string; ranking: TopRanking; limit: number; /** Read ranks strictly below this one. */ afterRank?: string };

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

/** Open WebSocket connections. */
export interface ConnectionRepository {
  add(connectionId: string, now: Date): Promise<void>;
  remove(connectionId: string): Promise<void>;
  /** Every stored connection id, page by page. */
  list(): AsyncIterable<string[]>;
}
