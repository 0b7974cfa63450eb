/**
 * Comments on published posts: reading (top-level ones oldest or best first, each with its first
 * replies; a thread's replies oldest first; visible only), writing (rate-limited, counted on the post
 * — and a reply on its top-level comment — in the same transaction), deleting (author or moderator),
 * reporting (the REPORTS_TO_HIDE-th distinct reporter hides it) and moderators' decisions on hidden ones.
 */
import { AccountDeletedError } from './accountState';
import { randomUUID } from 'node:crypto';
import {
  COMMENT_SORTS,
  DEFAULT_COMMENT_PAGE_SIZE,
  DEFAULT_REPLY_PAGE_SIZE,
  REPLIES_SHOWN,
  validateCreateComment,
  type Comment,
  type CommentPage,
  type CommentSort,
  type ReplyPage,
} from '../contract/comments';
import { REPORTS_TO_HIDE, commentDecisionSchema, reportSchema, type ReportedComment } from '../contract/moderation';
import { reportSummary } from './lifecycle';
import { signatureOf } from './accounts';
import type { WriteOptions } from './posts';
import type { Author, Caller, SignedIn } from './author';
import { decodeCursor, encodeCursor, sortKeyOf } from './cursor';
import { AlreadyReportedError, CommentNotFoundError, ForbiddenError, PostNotFoundError, RateLimitedError, ValidationError } from './errors';
import { isPostId, parseLimit, parseRequest, postIdFrom, untilSettled } from './input';
import type { CommentStatus, CommentStore, RankedPage, StoredComment } from './ports/comments';
import type { PostRepository, RateLimiter } from './ports/posts';
import { timeOf } from './clock';
import { publicComment, threadComment } from './commentView';
import { logEntry } from './moderationLog';

export type CommentReadDeps = { posts: PostRepository; comments: CommentStore };
export type CommentWriteDeps = CommentReadDeps & { rateLimiter: RateLimiter; now?: () => Date };
export type CommentChangeDeps = { comments: CommentStore; now?: () => Date };

/** Most hidden comments listed for moderators at once (oldest first). */
export const REPORTED_COMMENTS_LIMIT = 100;

/** Rank cursors (the best order, replies): base64url of `<rank>#<id>`; anything else is INVALID_CURSOR. */
const RANK_CURSOR = /^(-?\d{1,20})#([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

function encodeRankCursor(last: { rank: number; id: string }): string {
  return Buffer.from(`${last.rank}#${last.id}`, 'utf8').toString('base64url');
}

function decodeRankCursor(cursor: string): { rank: number; id: string } {
  const match = /^[A-Za-z0-9_-]+$/.test(cursor) ? RANK_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8')) : null;
  const rank = match ? Number(match[1]) : NaN;
  if (!match || !Number.isSafeInteger(rank)) throw new ValidationError('INVALID_CURSOR');
  return { rank, id: match[2]! };
}

function isSort(value: string): value is CommentSort {
  return (COMMENT_SORTS as readonly string[]).includes(value);
}

function nextRankCursor(page: RankedPage): string | null {
  return page.hasMore && page.last ? encodeRankCursor(page.last) : null;
}

/** The first REPLIES_SHOWN replies of each top-level comment that has any (one Query each, at once). */
async function withReplies(deps: CommentReadDeps, comments: readonly StoredComment[]): Promise<Comment[]> {
  return Promise.all(
    comments.map(async (comment) => {
      if ((comment.replyCount ?? 0) <= 0) return threadComment(comment, []);
      const replies = await deps.comments.replies({ parentId: comment.id, limit: REPLIES_SHOWN });
      return threadComment(comment, replies.items);
    }),
  );
}

/** A path's comment id, or COMMENT_NOT_FOUND (comment ids are UUIDs, like post ids). */
export function commentIdFrom(value: string | undefined): string {
  if (!isPostId(value)) throw new CommentNotFoundError();
  return value;
}

/**
 * One page of a published post's visible top-level comments, each with its first replies: `old`
 * (the default) oldest first, `best` highest net score first, then oldest; `nextCursor` null on the last.
 */
export async function readComments(
  deps: CommentReadDeps,
  id: string | undefined,
  params: { limit?: string; cursor?: string; sort?: string },
): Promise<CommentPage> {
  const postId = postIdFrom(id);
  const sort = params.sort ?? 'old';
  if (!isSort(sort)) throw new ValidationError('INVALID_SORT');
  const limit = params.limit === undefined ? DEFAULT_COMMENT_PAGE_SIZE : parseLimit(params.limit);
  if (sort === 'best') {
    const after = params.cursor !== undefined ? decodeRankCursor(params.cursor) : undefined;
    const post = await deps.posts.get(postId);
    if (!post || post.status !== 'published') throw new PostNotFoundError();
    const page = await deps.comments.best({ postId, limit, after });
    return { items: await withReplies(deps, page.items), nextCursor: nextRankCursor(page) };
  }
  const after = params.cursor !== undefined ? decodeCursor(params.cursor) : undefined;
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'published') throw new PostNotFoundError();
  const page = await deps.comments.page({ postId, limit, afterKey: after?.sortKey });
  const last = page.items.at(-1);
  return {
    items: await withReplies(deps, page.items),
    nextCursor: page.hasMore && last ? encodeCursor(sortKeyOf(last.createdAt, last.id)) : null,
  };
}

/** One page of a visible top-level comment's visible replies, oldest first; COMMENT_NOT_FOUND otherwise. */
export async function readReplies(
  deps: Pick<CommentReadDeps, 'comments'>,
  id: string | undefined,
  params: { limit?: string; cursor?: string },
): Promise<ReplyPage> {
  const commentId = commentIdFrom(id);
  const limit = params.limit === undefined ? DEFAULT_REPLY_PAGE_SIZE : parseLimit(params.limit);
  const after = params.cursor !== undefined ? decodeRankCursor(params.cursor) : undefined;
  const parent = await deps.comments.get(commentId);
  if (!parent || parent.status !== 'visible' || parent.parentId !== undefined) throw new CommentNotFoundError();
  const page = await deps.comments.replies({ parentId: commentId, limit, after });
  return { items: page.items.map((reply) => publicComment(reply)), nextCursor: nextRankCursor(page) };
}

/**
 * Where a reply to `parentId` goes: the top-level comment it is filed under (the parent itself, or the
 * thread a reply belongs to) and, for a reply to a reply, the reply it answers (whose author is the one
 * told). It must be visible and of the same post, else COMMENT_NOT_FOUND (the reply's transaction
 * checks the top-level one again).
 */
async function threadFor(deps: CommentReadDeps, postId: string, parentId: string): Promise<{ parentId: string; answers?: string }> {
  if (!isPostId(parentId)) throw new CommentNotFoundError();
  const parent = await deps.comments.get(parentId);
  if (!parent || parent.status !== 'visible' || parent.postId !== postId) throw new CommentNotFoundError();
  return parent.parentId === undefined ? { parentId: parent.id } : { parentId: parent.parentId, answers: parent.id };
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
  if (already) return asWritten(already);
  const post = await deps.posts.get(postId);
  if (!post || post.status !== 'published') throw new PostNotFoundError();
  const thread = request.value.parentId === undefined ? undefined : await threadFor(deps, postId, request.value.parentId);
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
    ...(thread !== undefined ? { ...thread, up: 0, down: 0 } : { up: 0, down: 0, replyCount: 0 }),
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
    if (written === 'parentGone') throw new CommentNotFoundError();
    return written === 'conflict' ? undefined : written;
  });
  // Two runs under one key at once: what was stored under the id is the answer.
  const stored = outcome === 'exists' && options.id !== undefined ? await ownComment(deps, author, options.id) : undefined;
  return asWritten(stored ?? comment);
}

/** A new comment as its writer gets it back: a top-level one with its (empty) thread, as the list shows it. */
function asWritten(comment: StoredComment): Comment {
  return comment.parentId === undefined ? threadComment(comment, []) : publicComment(comment);
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
    return (await deps.comments.changeStatus(comment, 'removed', at, { log })) ? comment : undefined;
  }).then((removed) => removeReplies(deps, removed));
}

/**
 * A top-level comment that left for good takes its visible replies with it (each counted out of its
 * post), so no reply is left counted but unreachable.
 */
export async function removeReplies(deps: CommentChangeDeps, removed: StoredComment): Promise<void> {
  if (removed.parentId !== undefined) return;
  await deps.comments.removeReplies(removed.id, timeOf(deps));
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
    return (await deps.comments.changeStatus(comment, to, at, { log })) ? { status: to, comment } : undefined;
  }).then(async ({ status, comment }) => {
    if (status === 'removed') await removeReplies(deps, comment);
    return { status };
  });
}

/** Comments reports have hidden, oldest first, for the moderators' queue. */
export async function hiddenComments(deps: { comments: Pick<CommentStore, 'hidden'> }): Promise<ReportedComment[]> {
  const comments = await deps.comments.hidden(REPORTED_COMMENTS_LIMIT);
  return comments
    .filter((comment) => comment.status === 'hidden')
    .map((comment) => ({ ...asWritten(comment), reports: reportSummary(comment) }));
}
