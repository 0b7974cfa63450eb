/** The contract of comments: limits, the comment as the API exposes it, and writing one. */
import * as z from 'zod/mini';
import { hasContent, postLength } from './common';
import { pageSchema } from './pageSchema';
import type { ErrorCode } from './errors';
import { findPersonalData } from './personalData';
import { COMMENT_VOTE_KINDS } from './voteRules';
export { COMMENT_VOTE_KINDS, BURIED_AT, isBuried, type CommentVoteKind } from './voteRules';

/** Longest comment, counted like a post (`postLength`). */
export const MAX_COMMENT_LENGTH = 500;

/** Comment paging: the default page (the post page shows 50 at a time) and the largest one is MAX_PAGE_SIZE. */
export const DEFAULT_COMMENT_PAGE_SIZE = 50;

/** Per-user commenting limit: at most `count` comments in any window of `windowMs`. */
export const COMMENT_RATE_LIMIT = { count: 10, windowMs: 10 * 60 * 1000 } as const;

/** How many replies a top-level comment carries in a page; the rest come from `GET /comments/{id}/replies`. */
export const REPLIES_SHOWN = 3;

/** Replies paging: the default page and the largest one is MAX_PAGE_SIZE. */
export const DEFAULT_REPLY_PAGE_SIZE = 50;

/** The orders of a post's comments: `best` (net score, highest first, then oldest) and `old` (oldest first). */
export const COMMENT_SORTS = ['best', 'old'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** The web opens a post's comments in «Mejores» order once it has this many (a reader's own choice wins). */
export const BEST_FIRST_FROM = 10;

export const commentVotesSchema = z.object({ up: z.number(), down: z.number() });
export type CommentVotes = z.infer<typeof commentVotesSchema>;

const commentFields = {
  id: z.string(),
  postId: z.string(),
  /** The top-level comment a reply is filed under; null for a top-level comment. */
  parentId: z.nullable(z.string()),
  name: z.string(),
  text: z.string(),
  createdAt: z.string(),
  votes: commentVotesSchema,
  /** The caller's vote; always null where the answer is shared by every reader (read yours from `GET /me/comment-votes`). */
  myVote: z.nullable(z.enum(COMMENT_VOTE_KINDS)),
  /** Net score at or below BURIED_AT: shown folded. */
  collapsed: z.boolean(),
};

/** A reply: a comment filed under a top-level one. */
export const replySchema = z.object(commentFields);

/**
 * A visible comment on a published post, exactly as the API exposes it (no author id). A top-level
 * comment in a page also carries `replyCount` (its visible replies) and `replies` (its first
 * REPLIES_SHOWN, oldest first).
 */
export const commentSchema = z.object({
  ...commentFields,
  replyCount: z.optional(z.number()),
  replies: z.optional(z.array(replySchema)),
});

export type Comment = z.infer<typeof commentSchema>;

/** `GET /posts/{id}/comments`: a page of a post's visible top-level comments (with their first replies). */
export const commentPageSchema = pageSchema(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

/** `GET /comments/{id}/replies`: a page of a comment's visible replies, oldest first. */
export const replyPageSchema = pageSchema(replySchema);
export type ReplyPage = z.infer<typeof replyPageSchema>;

/** The body of `PUT /comments/{id}/vote`. */
export const commentVoteSchema = z.object({ vote: z.enum(COMMENT_VOTE_KINDS) });

/** The answer of a comment vote: the comment's counts after it, and the caller's vote. */
export const commentVoteResultSchema = z.object({ votes: commentVotesSchema, myVote: z.nullable(z.enum(COMMENT_VOTE_KINDS)) });
export type CommentVoteResult = z.infer<typeof commentVoteResultSchema>;

/** `GET /me/comment-votes?ids=`: the caller's votes on those comments (the others are absent). */
export const myCommentVotesSchema = z.object({ votes: z.record(z.string(), z.enum(COMMENT_VOTE_KINDS)) });
export type MyCommentVotes = z.infer<typeof myCommentVotesSchema>;

/** The body of `POST /posts/{id}/comments`; each failed rule carries its error code, as for posts. */
export const createCommentSchema = z.object({
  text: z.string().check(
    z.refine(hasContent, { error: 'EMPTY_COMMENT', abort: true }),
    z.refine((text) => postLength(text) <= MAX_COMMENT_LENGTH, { error: 'COMMENT_TOO_LONG', abort: true }),
    z.refine((text) => findPersonalData(text) === undefined, { error: 'PERSONAL_DATA' }),
  ),
  /** Reply to this comment of the same post (a reply to a reply is filed under its top-level comment). */
  parentId: z.optional(z.string().check(z.maxLength(100))),
});

export type CreateCommentResult =
  | { ok: true; value: z.infer<typeof createCommentSchema> }
  | { ok: false; code: Extract<ErrorCode, 'INVALID_REQUEST' | 'EMPTY_COMMENT' | 'COMMENT_TOO_LONG' | 'PERSONAL_DATA'> };

/** Validates an already-parsed comment; the first failing rule decides the error code. */
export function validateCreateComment(input: unknown): CreateCommentResult {
  const result = z.safeParse(createCommentSchema, input);
  if (result.success) return { ok: true, value: result.data };
  const code = result.error.issues[0]?.message;
  if (code === 'EMPTY_COMMENT' || code === 'COMMENT_TOO_LONG' || code === 'PERSONAL_DATA') return { ok: false, code };
  return { ok: false, code: 'INVALID_REQUEST' };
}
