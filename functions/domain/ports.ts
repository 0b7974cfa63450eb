import type { Category, Post } from '../contract';

/** A post as stored: the public fields plus what only the server may know. */
export type StoredPost = Post & { authorId: string };

export type PageQuery = {
  category?: Category;
  limit: number;
  /** Read posts strictly older than this sort key. */
  afterSortKey?: string;
};

export type Page = { items: Post[]; hasMore: boolean };

/** Storage of anecdotes. Every read is a key lookup or a single index query. */
export interface PostRepository {
  insert(post: StoredPost): Promise<void>;
  get(id: string): Promise<Post | undefined>;
  page(query: PageQuery): Promise<Page>;
  random(): Promise<Post | undefined>;
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
