import { AccountDeletedError } from './accountState';
import { randomUUID } from 'node:crypto';
import { validateCreatePost, type OwnPost, type OwnPostPage, type Post, type PostPage } from '../contract/posts';
import { signatureOf } from './accounts';
import type { Author, Caller, SignedIn } from './author';
import { decodeCursor, encodeCursor, sortKeyOf } from './cursor';
import {
  AlreadyResentError,
  DuplicatePostError,
  ForbiddenError,
  NoPostsError,
  NotEditableError,
  PostNotFoundError,
  RateLimitedError,
  ValidationError,
} from './errors';
import { parseCategory, parseLimit, postIdFrom, untilSettled } from './input';
import { ownPost, publicPost } from './lifecycle';
import type { FingerprintClaim, PostRepository, RateLimiter, StoredPost, SubmissionStore } from './ports/posts';
import { fingerprintOf } from '../contract/fingerprint';
import { HOLDS_ITS_TEXT } from './fingerprint';
import { timeOf } from './clock';
import { logEntry } from './moderationLog';

export type PostsDeps = { posts: PostRepository };
export type ResendDeps = { posts: PostRepository & SubmissionStore; now?: () => Date };
export type PublishDeps = { posts: PostRepository & SubmissionStore; rateLimiter: RateLimiter; now?: () => Date };

/**
 * Sends an anecdote to moderation: it is stored `pending`, in no feed until the community (or a
 * moderator) publishes it. Only `category` and `post` are taken from the request; the id,
 * `createdAt` and the author's name — their apodo from the account row read for the request, or
 * «Anonimo» — come from the server, and any other field is dropped. The author's rate-limit slot is
 * taken in the post's own transaction: a post that is not stored (a copy, a failed write) spends none.
 */
export async function publishPost(
  deps: PublishDeps,
  author: SignedIn<Author>,
  body: unknown,
  options: WriteOptions = {},
): Promise<OwnPost> {
  const request = validateCreatePost(body);
  if (!request.ok) throw new ValidationError(request.code);
  // Sent again under the same Idempotency-Key after the first run stored it (and died): that post.
  const already = options.id === undefined ? undefined : await ownExisting(deps, author, options.id);
  if (already) return ownPost(already);
  const id = options.id ?? randomUUID();
  const fingerprint = fingerprintOf(request.value.post);
  // A copy is refused (DUPLICATE_POST) before the rate limit is looked at.
  let claim = await claimFingerprint(deps, fingerprint, id);
  const now = timeOf(deps);
  const signature = signatureOf(author.row);
  const post: StoredPost = {
    id,
    name: signature.name,
    nameVersion: signature.version,
    category: request.value.category,
    post: request.value.post,
    createdAt: now.toISOString(),
    publishedAt: null,
    status: 'pending',
    authorId: author.id,
    votes: { agree: 0, deserved: 0 },
    comments: 0,
    moderation: { score: 0, votes: 0 },
    reports: 0,
  };
  return untilSettled(async () => {
    const slot = await deps.rateLimiter.slotFor(author.id, now);
    if (slot === undefined) throw new RateLimitedError();
    const outcome = await deps.posts.submit(post, claim, slot);
    if (outcome === 'stored') return ownPost(post);
    // The account was deleted after this request read it: nothing of it is stored any more.
    if (outcome === 'deleted') throw new AccountDeletedError();
    if (outcome === 'exists') {
      // Two runs under one key at once (a lease that ran out): the other stored it first.
      const stored = options.id === undefined ? undefined : await ownExisting(deps, author, options.id);
      if (stored) return ownPost(stored);
      throw new Error(`A new post's id ${id} was taken`);
    }
    // Someone claimed the same text meanwhile (or freed it), or another send of the author's took a
    // slot: read both again (the slot at the next round).
    claim = await claimFingerprint(deps, fingerprint, id);
    return undefined;
  });
}

/**
 * Who holds `fingerprint` now, for the claim: DUPLICATE_POST when it is another post that still holds
 * its text (HOLDS_ITS_TEXT, and its text still has that fingerprint: a resent post may have changed
 * it). A rejected or removed holder is simply replaced, on the condition that it is still the holder.
 */
async function claimFingerprint(
  deps: { posts: PostRepository & SubmissionStore },
  fingerprint: string,
  self: string,
): Promise<FingerprintClaim> {
  const holder = await deps.posts.holderOf(fingerprint);
  if (holder !== undefined && holder !== self) {
    const other = await deps.posts.get(holder, { consistent: true });
    if (other && HOLDS_ITS_TEXT.includes(other.status) && fingerprintOf(other.post) === fingerprint) throw new DuplicatePostError();
  }
  return { fingerprint, holder };
}

/**
 * Edit and resend (PUT /posts/{id}): the author of a rejected post sends it back to the queue once,
 * with the same checks as a new post; it is `pending` again with its moderation votes cleared. Twenty
 * at once: one conditional write wins, the others read it again and get ALREADY_RESENT. Someone else
 * gets FORBIDDEN for a published post and POST_NOT_FOUND for one they cannot see (as deletePost).
 */
export async function resendPost(deps: ResendDeps, caller: Caller, id: string | undefined, body: unknown): Promise<OwnPost> {
  const postId = postIdFrom(id);
  const request = validateCreatePost(body);
  return untilSettled(async () => {
    const post = await deps.posts.get(postId, { consistent: true });
    if (!post || post.status === 'removed') throw new PostNotFoundError();
    if (post.authorId !== caller.id) throw post.status === 'published' ? new ForbiddenError() : new PostNotFoundError();
    if (post.resent) throw new AlreadyResentError();
    if (post.status !== 'rejected') throw new NotEditableError();
    if (!request.ok) throw new ValidationError(request.code);
    const claim = await claimFingerprint(deps, fingerprintOf(request.value.post), post.id);
    const at = timeOf(deps);
    if (!(await deps.posts.resend(post, request.value, at, claim))) return undefined;
    const resent: StoredPost = {
      ...post,
      ...request.value,
      status: 'pending',
      moderation: { score: 0, votes: 0 },
      rejectVotes: undefined,
      rejectedFor: undefined,
      resent: true,
    };
    return ownPost(resent);
  });
}

/**
 * How a write is made: `id`, when the request carried an Idempotency-Key, is derived from it
 * and its record’s generation (domain/idempotency.ts), so running it again finds what the first run stored.
 */
export type WriteOptions = { id?: string };

async function ownExisting(deps: PostsDeps, author: Author, id: string): Promise<StoredPost | undefined> {
  const existing = await deps.posts.get(id, { consistent: true });
  return existing?.authorId === author.id ? existing : undefined;
}

export type FeedParams = { category?: string; limit?: string; cursor?: string };

/** One page of published posts, newest `publishedAt` first; `nextCursor` is null on the last page. */
export async function readFeed(deps: PostsDeps, params: FeedParams): Promise<PostPage> {
  const limit = parseLimit(params.limit);
  const category = parseCategory(params.category);
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const page = await deps.posts.page({ category, limit, afterSortKey: after?.sortKey });
  const items = page.items.map(publicPost);
  const last = items.at(-1);
  return { items, nextCursor: page.hasMore && last ? encodeCursor(sortKeyOf(last.publishedAt, last.id)) : null };
}

/** A published post; anything else (pending, rejected, removed, hidden, unknown) is POST_NOT_FOUND. */
export async function readPost(deps: PostsDeps, id: string | undefined): Promise<Post> {
  const post = await deps.posts.get(postIdFrom(id));
  if (!post || post.status !== 'published') throw new PostNotFoundError();
  return publicPost(post);
}

export async function readRandomPost(deps: PostsDeps): Promise<Post> {
  const post = await deps.posts.random();
  if (!post || post.status !== 'published') throw new NoPostsError();
  return publicPost(post);
}

/** «Mis anécdotas»: the caller's posts in every status, newest first. */
export async function readOwnPosts(deps: PostsDeps, caller: Caller, params: { limit?: string; cursor?: string }): Promise<OwnPostPage> {
  const limit = parseLimit(params.limit);
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const page = await deps.posts.byAuthor({ authorId: caller.id, limit, afterKey: after?.sortKey });
  const last = page.items.at(-1);
  return {
    items: page.items.map(ownPost),
    nextCursor: page.hasMore && last ? encodeCursor(sortKeyOf(last.createdAt, last.id)) : null,
  };
}

/**
 * Deletes a post: it becomes `removed` (and leaves the feeds if it was in them). Its author may
 * delete it in any status, a moderator any post — a moderator's removal of someone else's post is
 * logged with it (one transaction). Someone else gets FORBIDDEN for a post they can see, and
 * POST_NOT_FOUND for one they cannot (its existence is not theirs to learn).
 */
export async function deletePost(deps: PostsDeps & { now?: () => Date }, caller: SignedIn, id: string | undefined): Promise<void> {
  const postId = postIdFrom(id);
  await untilSettled(async () => {
    const post = await deps.posts.get(postId, { consistent: true });
    if (!post || post.status === 'removed') throw new PostNotFoundError();
    const own = post.authorId === caller.id;
    if (!own && !caller.moderator) throw post.status === 'published' ? new ForbiddenError() : new PostNotFoundError();
    const at = timeOf(deps);
    const log = own ? undefined : logEntry(caller, 'remove', { type: 'post', id: post.id }, null, at);
    return (await deps.posts.changeStatus(post, 'removed', at, { log })) || undefined;
  });
}
