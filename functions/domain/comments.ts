/**
 * Comments on published posts: reading (oldest first, visible only), writing (rate-limited, counted
 * on the post in the same transaction), deleting (author or moderator), reporting (the
 * REPORTS_TO_HIDE-th distinct reporter hides it) and moderators' decisions on hidden ones.
 */
import { AccountDeletedError } from './accountState';
import { randomUUID } from 'node:crypto';
import { DEFAULT_COMMENT_PAGE_SIZE, validateCreateComment, type Comment, type CommentPage } from '../contract/comments';
import { REPORTS_TO_HIDE, commentDecisionSchema, reportSchema, type ReportedComment } from '../contract/moderation';
import { reportSummary } from './lifecycle';
import { signatureOf } from './accounts';
import type { WriteOptions } from './posts';
import type { Author, Caller, SignedIn } from './author';
import { decodeCursor, encodeCursor, sortKeyOf } from './cursor';
import { AlreadyReportedError, CommentNotFoundError, ForbiddenError, PostNotFoundError, RateLimitedError, ValidationError } from './errors';
import { isPostId, parseLimit, parseRequest, postIdFrom, untilSettled } from './input';
import type { CommentStatus, CommentStore, StoredComment } from './ports/comments';
import type { PostRepository, RateLimiter } from './ports/posts';
import { timeOf } from './clock';
import { logEntry } from './moderationLog';

export type CommentReadDeps = { posts: PostRepository; comments: CommentStore };
export type CommentWriteDeps = CommentReadDeps & { rateLimiter: RateLimiter; now?: () => Date };
export type CommentChangeDeps = { comments: CommentStore; now?: () => Date };

/** Most hidden comments listed for moderators at once (oldest first). */
export const REPORTED_COMMENTS_LIMIT = 100;

/** The public fields of a stored comment. */
export function publicComment(comment: StoredComment): Comment {
  return { id: comment.id, postId: comment.postId, name: comment.name, text: comment.text, createdAt: comment.createdAt };
}

/** A path's comment id, or COMMENT_NOT_FOUND (comment ids are UUIDs, like post ids). */
export function commentIdFrom(value: string | undefined): string {
  if (!isPostId(value)) throw new CommentNotFoundError();
  return value;
}

/** One page of a published post's visible comments, oldest first; `nextCursor` null on the last. */
export async function readComments(
  deps: CommentReadDeps,
  id: string | undefined,
  params: { limit?: string; cursor?: string },
): Promise<CommentPage> {
  const postId = postIdFrom(id);
  const limit = params.limit === undefined ? DEFAULT_COMMENT_PAGE_SIZE : parseLimit(params.limit);
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'published') throw new PostNotFoundError();
  const page = await deps.comments.page({ postId, limit, afterKey: after?.sortKey });
  const last = page.items.at(-1);
  return {
    items: page.items.map(publicComment),
    nextCursor: page.hasMore && last ? encodeCursor(sortKeyOf(last.createdAt, last.id)) : null,
  };
}

/**
 * A signed-in user's comment on a published post, signed with the account row read for the request.
 * Only `text` is taken from the request. The author's rate-limit slot is taken in the comment's own
 * transaction: a comment that is not stored (its post left the feeds meanwhile) spends none.
 */
export async function writeComment(
  deps: CommentWriteDeps,
  author: SignedIn<Author>,
  id: string | undefined,
  body: unknown,
  options: WriteOptions = {},
): Promise<Comment> {
  const postId = postIdFrom(id);
  const request = validateCreateComment(body);
  if (!request.ok) throw new ValidationError(request.code);
  // Sent again under the same Idempotency-Key after the first run stored it (and died): that comment.
  const already = options.id === undefined ? undefined : await ownComment(deps, author, options.id);
  if (already) return publicComment(already);
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'published') throw new PostNotFoundError();
  const now = timeOf(deps);
  const signature = signatureOf(author.row);
  const comment: StoredComment = {
    id: options.id ?? randomUUID(),
    postId,
    authorId: author.id,
    name: signature.name,
    nameVersion: signature.version,
    text: request.value.text,
    createdAt: now.toISOString(),
    status: 'visible',
    reports: 0,
  };
  // The post may have left the feeds since it was read: the transaction checks it again. Concurrent
  // comments on one post conflict on its count, and one author's on their window: each reads its
  // slot again and tries until its own lands, or the window is full.
  const outcome = await untilSettled(async () => {
    const slot = await deps.rateLimiter.slotFor(author.id, now);
    if (slot === undefined) throw new RateLimitedError();
    const written = await deps.comments.add(comment, slot);
    if (written === 'unpublished') throw new PostNotFoundError();
    // The account was deleted after this request read it: nothing of it is stored any more.
    if (written === 'deleted') throw new AccountDeletedError();
    return written === 'conflict' ? undefined : written;
  });
  // Two runs under one key at once: what was stored under the id is the answer.
  const stored = outcome === 'exists' && options.id !== undefined ? await ownComment(deps, author, options.id) : undefined;
  return publicComment(stored ?? comment);
}

async function ownComment(deps: CommentWriteDeps, author: Author, id: string): Promise<StoredComment | undefined> {
  const existing = await deps.comments.get(id, { consistent: true });
  return existing?.authorId === author.id ? existing : undefined;
}

/**
 * Deletes a comment (it becomes `removed` and stops counting): its author's or a moderator's.
 * Someone else gets FORBIDDEN for a visible comment and COMMENT_NOT_FOUND for a hidden one.
 */
export async function deleteComment(deps: CommentChangeDeps, caller: SignedIn, id: string | undefined): Promise<void> {
  const commentId = commentIdFrom(id);
  await untilSettled(async () => {
    const comment = await deps.comments.get(commentId, { consistent: true });
    if (!comment || comment.status === 'removed') throw new CommentNotFoundError();
    const own = comment.authorId === caller.id;
    if (!own && !caller.moderator) throw comment.status === 'visible' ? new ForbiddenError() : new CommentNotFoundError();
    const at = timeOf(deps);
    // A moderator's removal of someone else's comment is logged with it (one transaction).
    const log = own ? undefined : logEntry(caller, 'remove', { type: 'comment', id: comment.id }, null, at);
    return (await deps.comments.changeStatus(comment, 'removed', at, { log })) || undefined;
  });
}

/** Reports a visible comment, once per user; the REPORTS_TO_HIDE-th distinct reporter hides it. */
export async function reportComment(deps: CommentChangeDeps, caller: Caller, id: string | undefined, body: unknown): Promise<void> {
  const commentId = commentIdFrom(id);
  const { reason } = parseRequest(reportSchema, body);
  await untilSettled(async () => {
    const comment = await deps.comments.get(commentId, { consistent: true });
    if (!comment || comment.status !== 'visible') throw new CommentNotFoundError();
    const hide = comment.reports + 1 >= REPORTS_TO_HIDE;
    const written = await deps.comments.recordReport({ comment, userId: caller.id, reason, at: timeOf(deps), hide });
    if (written === 'duplicate') throw new AlreadyReportedError();
    return written === 'recorded' || undefined;
  });
}

/** A moderator restores (`publish`) or removes (`reject`) a comment hidden by reports. */
export async function decideOnComment(
  deps: CommentChangeDeps,
  caller: SignedIn,
  id: string | undefined,
  body: unknown,
): Promise<{ status: CommentStatus }> {
  if (!caller.moderator) throw new ForbiddenError();
  const commentId = commentIdFrom(id);
  const { decision } = parseRequest(commentDecisionSchema, body);
  const to: CommentStatus = decision === 'publish' ? 'visible' : 'removed';
  return untilSettled(async () => {
    const comment = await deps.comments.get(commentId, { consistent: true });
    if (!comment || comment.status !== 'hidden') throw new CommentNotFoundError();
    const at = timeOf(deps);
    const log = logEntry(caller, to === 'visible' ? 'restore' : 'remove', { type: 'comment', id: comment.id }, null, at);
    return (await deps.comments.changeStatus(comment, to, at, { log })) ? { status: to } : undefined;
  });
}

/** Comments reports have hidden, oldest first, for the moderators' queue. */
export async function hiddenComments(deps: { comments: Pick<CommentStore, 'hidden'> }): Promise<ReportedComment[]> {
  const comments = await deps.comments.hidden(REPORTED_COMMENTS_LIMIT);
  return comments
    .filter((comment) => comment.status === 'hidden')
    .map((comment) => ({ ...publicComment(comment), reports: reportSummary(comment) }));
}
