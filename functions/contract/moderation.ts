/** The contract of moderation: the community's votes on pending posts, moderators' decisions, reports. */
import * as z from 'zod/mini';
import { commentSchema } from './comments';
import { hasContent } from './common';
import { pageSchema } from './pageSchema';
import { ownPostSchema, POST_STATUSES, postSchema, REJECTION_REASONS } from './posts';

export { REJECTION_REASONS, REJECTION_REASON_LABELS, type RejectionReason } from './posts';

/** Net community votes that decide a pending post: +3 publishes it, −3 rejects it. */
export const MODERATION_MARGIN = 3;

/** Distinct reporters that hide a published post until a moderator decides. */
export const REPORTS_TO_HIDE = 3;

/** The Cognito group whose members decide at once (its name is in the ID token's `cognito:groups`). */
export const MODERATORS_GROUP = 'moderadores';

/** A post waiting for the community's votes: no author while it is moderated. */
export const pendingPostSchema = z.pick(postSchema, { id: true, category: true, post: true, createdAt: true });

export type PendingPost = z.infer<typeof pendingPostSchema>;

/** A reason is only given with `reject` (a reject without one is `otro`). */
const rejectionReason = z.enum(REJECTION_REASONS).check(z.describe('Only with `reject` (400 otherwise); `otro` when absent.'));
const reasonOnlyWithReject = (choice: string, reason: string | undefined) => reason === undefined || choice === 'reject';

/** `PUT /moderation/{id}/vote`: a signed-in user's vote on a pending post; a reject may say why. */
export const moderationVoteSchema = z
  .object({ vote: z.enum(['publish', 'reject']), reason: z.optional(rejectionReason) })
  .check(z.refine((value) => reasonOnlyWithReject(value.vote, value.reason)));
export type ModerationVote = z.infer<typeof moderationVoteSchema>['vote'];

/** `PUT /moderation/{id}/decision`: a moderator's decision on a pending or hidden post; a reject may say why. */
export const moderationDecisionSchema = z
  .object({ decision: z.enum(['publish', 'reject']), reason: z.optional(rejectionReason) })
  .check(z.refine((value) => reasonOnlyWithReject(value.decision, value.reason)));
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>['decision'];

/** `PUT /comments/{id}/decision`: a moderator restores a comment hidden by reports, or removes it. */
export const commentDecisionSchema = z.object({ decision: z.enum(['publish', 'reject']) });

/** What `PUT /moderation/{id}/vote` and `…/decision` answer: the post's status afterwards. */
export const moderationResultSchema = z.object({ status: z.enum(POST_STATUSES) });
export type ModerationResult = z.infer<typeof moderationResultSchema>;

/**
 * What `PUT /moderation/{id}/vote` answers: the status, and the post's tally as this vote left it (the
 * votes it read plus this one: a vote cast by someone else at the same moment may be missing).
 */
export const moderationVoteResultSchema = z.extend(moderationResultSchema, {
  tally: z.object({ publish: z.int().check(z.gte(0)), reject: z.int().check(z.gte(0)) }),
});
export type ModerationVoteResult = z.infer<typeof moderationVoteResultSchema>;

/**
 * `GET /moderation/today`: how many pending posts the caller voted on today (Europe/Madrid), each vote
 * a hand in deciding one.
 */
export const moderationTodaySchema = z.object({ votesToday: z.int().check(z.gte(0)) });
export type ModerationToday = z.infer<typeof moderationTodaySchema>;

/** How long «Saltar» keeps a post out of one reader's `GET /moderation/next`. */
export const SKIP_HOURS = 24;

/** `GET /moderation/pending`: every pending post, oldest first, for moderators to decide any of them. */
export const pendingPostPageSchema = pageSchema(pendingPostSchema);
export type PendingPostPage = z.infer<typeof pendingPostPageSchema>;

/** Why someone reports a post or a comment, with the words the site shows for each. */
export const REPORT_REASONS = ['spam', 'ofensivo', 'datos-personales', 'otro'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  ofensivo: 'Ofensivo',
  'datos-personales': 'Datos personales',
  otro: 'Otro motivo',
};

/** `POST /posts/{id}/report`. */
export const reportSchema = z.object({ reason: z.enum(REPORT_REASONS) });

/**
 * How an item hidden by reports was reported: `count` reports since it was last published (or
 * restored), and each reason given with how many gave it, most given first.
 */
export const reportSummarySchema = z.object({
  count: z.int().check(z.gte(0)),
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.int().check(z.gte(1)) })),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportedPostSchema = z.extend(ownPostSchema, { reports: reportSummarySchema });
export type ReportedPost = z.infer<typeof reportedPostSchema>;
export const reportedCommentSchema = z.extend(commentSchema, { reports: reportSummarySchema });
export type ReportedComment = z.infer<typeof reportedCommentSchema>;

/** `GET /moderation/reported`: the posts and comments reports hid, for moderators to decide on, with how they were reported. */
export const reportedItemsSchema = z.object({ posts: z.array(reportedPostSchema), comments: z.array(reportedCommentSchema) });
export type ReportedItems = z.infer<typeof reportedItemsSchema>;

/** Longest suspension in days (docs/api.md); `days: null` suspends for good. */
export const MAX_SUSPENSION_DAYS = 365;
export const MAX_SUSPENSION_REASON_LENGTH = 300;

/**
 * `POST /moderation/suspensions`: suspends the author of one post or one comment (exactly one of the
 * two ids) for `days` days, or for good (`null`), saying why (1–300 characters, not only spaces).
 */
export const suspensionRequestSchema = z
  .object({
    postId: z.optional(z.string().check(z.describe('A post of the author to suspend: exactly one of `postId` and `commentId`.'))),
    commentId: z.optional(z.string().check(z.describe('A comment of the author to suspend: exactly one of `postId` and `commentId`.'))),
    days: z.nullable(z.int().check(z.gte(1), z.lte(MAX_SUSPENSION_DAYS), z.describe('Days of suspension; `null` for good.'))),
    reason: z.string().check(
      z.describe('Why, for the moderators: 1–300 characters, at least one visible (stored trimmed).'),
      z.maxLength(MAX_SUSPENSION_REASON_LENGTH),
      z.refine((reason) => hasContent(reason)),
    ),
  })
  .check(z.refine((request) => (request.postId === undefined) !== (request.commentId === undefined)));
export type SuspensionRequest = z.infer<typeof suspensionRequestSchema>;

/**
 * A suspension as moderators see it: the suspended account's apodo (`name`) and the suspending
 * moderator's (`by`), never an account id or an e-mail; `until` is PERMANENT_SUSPENSION for good.
 */
export const suspensionSchema = z.object({
  id: z.string(),
  name: z.string(),
  until: z.string(),
  reason: z.string(),
  createdAt: z.string(),
  by: z.string(),
});
export type Suspension = z.infer<typeof suspensionSchema>;
export const suspensionPageSchema = pageSchema(suspensionSchema);
export type SuspensionPage = z.infer<typeof suspensionPageSchema>;

/**
 * What the moderation log records: a moderator's decision on a pending post (`publish`, `reject`), a
 * removal (`remove`: a hidden post or comment, or any post or comment a moderator deletes), a
 * restore (`restore`), a suspension (`suspend`) and its lift (`lift`), and the answer to an appeal
 * against a suspension (`appeal.lift`, which lifts it; `appeal.uphold`, which keeps it).
 */
export const MODERATION_ACTIONS = ['publish', 'reject', 'remove', 'restore', 'suspend', 'lift', 'appeal.lift', 'appeal.uphold'] as const;
export type ModerationActionKind = (typeof MODERATION_ACTIONS)[number];

/**
 * One entry of the moderation log. `target.id` is the post's or the comment's id, or for an
 * account the suspension's id (never the account's own; an appeal's answer names the suspension
 * appealed); `by` is the moderator's apodo; `reason` is the rejection reason, the suspension's words or
 * the reply to an appeal, null when the action takes none.
 */
export const moderationActionSchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  target: z.object({ type: z.enum(['post', 'comment', 'account']), id: z.string() }),
  by: z.string(),
  reason: z.nullable(z.string()),
  at: z.string(),
});
export type ModerationAction = z.infer<typeof moderationActionSchema>;
export const moderationLogPageSchema = pageSchema(moderationActionSchema);
export type ModerationLogPage = z.infer<typeof moderationLogPageSchema>;

/**
 * `GET /moderation/next`: the pending post and its look-alikes among the published ones (at most
 * three, best first: ./similar.ts), so a voter can reject it as «repetida» with the evidence in view.
 * The moderators' list (`GET /moderation/pending`) carries none: a page of twenty would cost twenty
 * look-ups.
 */
export const pendingPostWithSimilarSchema = z.extend(pendingPostSchema, { similar: z.array(postSchema) });
export type PendingPostWithSimilar = z.infer<typeof pendingPostWithSimilarSchema>;
