/**
 * The contract of an account's own data: the copy it may download (`GET /me/export`) and what
 * deleting the account does with what it wrote (`DELETE /me { content }`).
 */
import * as z from 'zod/mini';
import { commentSchema } from './comments';
import { REPORT_REASONS } from './moderation';
import { notificationSchema } from './notifications';
import { ownPostSchema } from './posts';
import { VOTE_KINDS } from './votes';

/** Downloads of one's data a day, per account (each reads every table the account wrote to). */
export const EXPORT_RATE_LIMIT = { count: 5, windowMs: 24 * 60 * 60 * 1000 } as const;

/** What deleting an account does with its posts and comments: kept signed «Anonimo», or deleted too. */
export const ACCOUNT_CONTENT_CHOICES = ['keep', 'delete'] as const;
export type AccountContentChoice = (typeof ACCOUNT_CONTENT_CHOICES)[number];

/** `DELETE /me`: the body is optional; without `content`, the posts and comments stay. */
export const deleteMeSchema = z.object({ content: z.optional(z.enum(ACCOUNT_CONTENT_CHOICES)) });

/** One of the account's comments as its author may see it: any status. */
export const ownCommentSchema = z.extend(commentSchema, { status: z.enum(['visible', 'hidden', 'removed']) });

/** What the account reported: a post or a comment, why and when. */
export const exportedReportSchema = z.object({
  target: z.object({ type: z.enum(['post', 'comment']), id: z.string() }),
  reason: z.enum(REPORT_REASONS),
  at: z.string(),
});

/**
 * `GET /me/export`: everything the site keeps of the account and everything it did, and nothing of
 * anyone else's but the apodos its notifications name. `commentVotes`, `blocks` and `appeals` hold
 * the account's votes on comments, the apodos it blocked and its appeals against suspensions.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    name: z.nullable(z.string()),
    email: z.string(),
    createdAt: z.nullable(z.string()),
    moderator: z.boolean(),
  }),
  posts: z.array(ownPostSchema),
  comments: z.array(ownCommentSchema),
  votes: z.array(z.object({ postId: z.string(), vote: z.enum(VOTE_KINDS) })),
  commentVotes: z.array(z.object({ commentId: z.string(), vote: z.enum(['up', 'down']) })),
  saved: z.array(z.string()),
  notifications: z.array(notificationSchema),
  reports: z.array(exportedReportSchema),
  pushDevices: z.int().check(z.gte(0)),
  blocks: z.array(z.string()),
  appeals: z.array(
    z.object({
      id: z.string(),
      text: z.string(),
      createdAt: z.string(),
      decision: z.nullable(z.enum(['lift', 'uphold'])),
      reply: z.nullable(z.string()),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** The file name the export is downloaded as: `vaya-dia-<apodo>.json`, safe in any file system. */
export function exportFileName(name: string | null): string {
  const slug = (name ?? 'cuenta')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `vaya-dia-${slug || 'cuenta'}.json`;
}
