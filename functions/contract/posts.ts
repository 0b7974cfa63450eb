/** The contract of posts: categories, statuses, the post as the API exposes it, and publishing one. */
import * as z from 'zod/mini';
import { hasContent, postLength } from './common';
import { pageSchema } from './pageSchema';
import type { ErrorCode } from './errors';
import { findPersonalData } from './personalData';
import { CATEGORIES } from './categories';
export { CATEGORIES, DEFAULT_CATEGORY, isCategory, type Category } from './categories';

/** Longest anecdote, in characters as the browser's `<textarea maxlength>` counts them. */
export const MAX_POST_LENGTH = 300;

/** Per-user publishing limit: at most `count` posts in any window of `windowMs`. */
export const RATE_LIMIT = { count: 5, windowMs: 10 * 60 * 1000 } as const;
/**
 * Vote and save toggles one account may make in a minute (TOO_MANY_CHANGES past it): far above a
 * person's pace, and a bound on what a script can make the counters, rankings and streams do.
 */
export const TOGGLE_RATE_LIMIT = { count: 120, windowMs: 60 * 1000 } as const;

/**
 * Where a post is in its life: `pending` (waiting for the community), `published` (in the feeds),
 * `rejected` (voted down or refused by a moderator), `removed` (deleted by its author or a
 * moderator), `hidden` (reported by REPORTS_TO_HIDE people, out of the feeds until a moderator decides).
 */
export const POST_STATUSES = ['pending', 'published', 'rejected', 'removed', 'hidden'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The counts shown on every card. */
export const postVotesSchema = z.object({ agree: z.number(), deserved: z.number() });
export type PostVotes = z.infer<typeof postVotesSchema>;

/**
 * A published anecdote, exactly as the API exposes it: nothing else (no author id, no email).
 * `createdAt` is when it was sent, `publishedAt` when it entered the feeds (which are ordered by it).
 */
export const postSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORIES),
  post: z.string(),
  createdAt: z.string(),
  publishedAt: z.string(),
  votes: postVotesSchema,
  comments: z.number(),
});

export type Post = z.infer<typeof postSchema>;

/**
 * Why a post was rejected (docs/api.md): a reject vote or a moderator's rejection names one of these
 * (`otro` when it names none); a suspension rejects its account's pending posts as `otro`.
 */
export const REJECTION_REASONS = ['no-es-anecdota', 'mal-escrita', 'ofensiva', 'datos-personales', 'repetida', 'otro'] as const;
export type RejectionReason = (typeof REJECTION_REASONS)[number];
export const REJECTION_REASON_LABELS: Record<RejectionReason, string> = {
  'no-es-anecdota': 'No es una anécdota',
  'mal-escrita': 'Está mal escrita',
  ofensiva: 'Es ofensiva',
  'datos-personales': 'Publica datos personales',
  repetida: 'Está repetida',
  otro: 'Otro motivo',
};

/**
 * A post as its author sees it (and moderators, in the reported list): any status, `publishedAt` null
 * until published; `rejection` says why while it is rejected (the most-voted reason among the reject
 * votes, or the moderator's), null otherwise; `resent` whether it was edited and sent back once.
 */
export const ownPostSchema = z.extend(postSchema, {
  publishedAt: z.nullable(z.string()),
  status: z.enum(POST_STATUSES),
  rejection: z.nullable(z.object({ reason: z.enum(REJECTION_REASONS) })),
  resent: z.boolean(),
});

export type OwnPost = z.infer<typeof ownPostSchema>;

/** The public fields of anything post-shaped (a stored item, a live message), or undefined. */
export function toPost(value: unknown): Post | undefined {
  const result = z.safeParse(postSchema, value);
  return result.success ? result.data : undefined;
}

/** `GET /posts`, `GET /posts/top`: a page of published posts. */
export const postPageSchema = pageSchema(postSchema);
export type PostPage = z.infer<typeof postPageSchema>;

/** `GET /me/posts`: a page of the caller's own posts, every status. */
export const ownPostPageSchema = pageSchema(ownPostSchema);
export type OwnPostPage = z.infer<typeof ownPostPageSchema>;

/**
 * The body of `POST /posts`. Unknown fields are stripped (never stored); each failed rule carries
 * the error code it maps to, so the server and the web form report the same thing.
 */
export const createPostSchema = z.object({
  category: z.enum(CATEGORIES, {
    error: (issue) => (typeof issue.input === 'string' ? 'UNKNOWN_CATEGORY' : 'INVALID_REQUEST'),
  }),
  post: z.string().check(
    z.refine(hasContent, { error: 'EMPTY_POST', abort: true }),
    z.refine((text) => postLength(text) <= MAX_POST_LENGTH, { error: 'POST_TOO_LONG', abort: true }),
    z.refine((text) => findPersonalData(text) === undefined, { error: 'PERSONAL_DATA' }),
  ),
});

export type CreatePostRequest = z.infer<typeof createPostSchema>;

/** The body of `PUT /posts/{id}` (edit and resend a rejected post): the same fields and rules as a new post. */
export const resendPostSchema = createPostSchema;

export type CreatePostResult =
  | { ok: true; value: CreatePostRequest }
  | { ok: false; code: Extract<ErrorCode, 'INVALID_REQUEST' | 'EMPTY_POST' | 'POST_TOO_LONG' | 'UNKNOWN_CATEGORY' | 'PERSONAL_DATA'> };

/** Validates an already-parsed create request; the first failing rule decides the error code. */
export function validateCreatePost(input: unknown): CreatePostResult {
  const result = z.safeParse(createPostSchema, input);
  if (result.success) return { ok: true, value: result.data };
  const code = result.error.issues[0]?.message;
  if (code === 'EMPTY_POST' || code === 'POST_TOO_LONG' || code === 'UNKNOWN_CATEGORY' || code === 'PERSONAL_DATA')
    return { ok: false, code };
  return { ok: false, code: 'INVALID_REQUEST' };
}
