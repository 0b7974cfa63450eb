/** The contract of comments: limits, the comment as the API exposes it, and writing one. */
import * as z from 'zod/mini';
import { hasContent, pageSchema, postLength } from './common';
import type { ErrorCode } from './errors';
import { findPersonalData } from './personalData';

/** Longest comment, counted like a post (`postLength`). */
export const MAX_COMMENT_LENGTH = 500;

/** Comment paging: the default page (the post page shows 50 at a time) and the largest one is MAX_PAGE_SIZE. */
export const DEFAULT_COMMENT_PAGE_SIZE = 50;

/** Per-user commenting limit: at most `count` comments in any window of `windowMs`. */
export const COMMENT_RATE_LIMIT = { count: 10, windowMs: 10 * 60 * 1000 } as const;

/** A visible comment on a published post, exactly as the API exposes it (no author id). */
export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export type Comment = z.infer<typeof commentSchema>;

/** `GET /posts/{id}/comments`: a page of a post's visible comments, oldest first. */
export const commentPageSchema = pageSchema(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

/** The body of `POST /posts/{id}/comments`; each failed rule carries its error code, as for posts. */
export const createCommentSchema = z.object({
  text: z.string().check(
    z.refine(hasContent, { error: 'EMPTY_COMMENT', abort: true }),
    z.refine((text) => postLength(text) <= MAX_COMMENT_LENGTH, { error: 'COMMENT_TOO_LONG', abort: true }),
    z.refine((text) => findPersonalData(text) === undefined, { error: 'PERSONAL_DATA' }),
  ),
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
