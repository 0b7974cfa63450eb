import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  isCategory,
  validateCreatePost,
  type Category,
  type Post,
  type PostPage,
} from '../contract';
import type { Author } from './author';
import { decodeCursor, encodeCursor, sortKeyOf } from './cursor';
import { NoPostsError, PostNotFoundError, RateLimitedError, ValidationError } from './errors';
import type { PostRepository, PublishRateLimiter } from './ports';

export type PostsDeps = { posts: PostRepository };
export type PublishDeps = PostsDeps & { rateLimiter: PublishRateLimiter; now?: () => Date };

/**
 * Publishes an anecdote. Only `category` and `post` are taken from the request; the id, author name
 * and `createdAt` come from the server, and any other field is dropped.
 */
export async function publishPost(deps: PublishDeps, author: Author, body: unknown): Promise<Post> {
  const request = validateCreatePost(body);
  if (!request.ok) throw new ValidationError(request.code);
  const now = (deps.now ?? (() => new Date()))();
  if (!(await deps.rateLimiter.tryAcquire(author.id, now))) throw new RateLimitedError();
  const post: Post = {
    id: randomUUID(),
    name: author.name,
    category: request.value.category,
    post: request.value.post,
    createdAt: now.toISOString(),
  };
  await deps.posts.insert({ ...post, authorId: author.id });
  return post;
}

export type FeedParams = { category?: string; limit?: string; cursor?: string };

/** One page of the feed, newest first; `nextCursor` is null on the last page. */
export async function readFeed(deps: PostsDeps, params: FeedParams): Promise<PostPage> {
  const limit = parseLimit(params.limit);
  let category: Category | undefined;
  if (params.category !== undefined) {
    if (!isCategory(params.category)) throw new ValidationError('UNKNOWN_CATEGORY');
    category = params.category;
  }
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const page = await deps.posts.page({ category, limit, afterSortKey: after?.sortKey });
  const last = page.items.at(-1);
  return {
    items: page.items,
    nextCursor: page.hasMore && last ? encodeCursor(sortKeyOf(last.createdAt, last.id)) : null,
  };
}

/** Post ids are UUIDs; anything else cannot exist, so it is not looked up. */
const POST_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function readPost(deps: PostsDeps, id: string | undefined): Promise<Post> {
  const post = id && POST_ID.test(id) ? await deps.posts.get(id) : undefined;
  if (!post) throw new PostNotFoundError();
  return post;
}

export async function readRandomPost(deps: PostsDeps): Promise<Post> {
  const post = await deps.posts.random();
  if (!post) throw new NoPostsError();
  return post;
}

function parseLimit(raw: string | undefined): number {
  if (raw === undefined) return DEFAULT_PAGE_SIZE;
  if (!/^\d{1,3}$/.test(raw)) throw new ValidationError('INVALID_LIMIT');
  const limit = Number(raw);
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw new ValidationError('INVALID_LIMIT');
  return limit;
}
