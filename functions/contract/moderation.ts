/** The contract of moderation: the community's votes on pending posts, moderators' decisions, reports. */
import * as z from 'zod/mini';
import { commentSchema } from './comments';
import { ownPostSchema, POST_STATUSES, postSchema } from './posts';

/** Net community votes that decide a pending post: +3 publishes it, −3 rejects it. */
export const MODERATION_MARGIN = 3;

/** Distinct reporters that hide a published post until a moderator decides. */
export const REPORTS_TO_HIDE = 3;

/** The Cognito group whose members decide at once (its name is in the ID token's `cognito:groups`). */
export const MODERATORS_GROUP = 'moderadores';

/** A post waiting for the community's votes: no author while it is moderated. */
export const pendingPostSchema = z.pick(postSchema, { id: true, category: true, post: true, createdAt: true });

export type PendingPost = z.infer<typeof pendingPostSchema>;

/** `PUT /moderation/{id}/vote`: a signed-in user's vote on a pending post. */
export const moderationVoteSchema = z.object({ vote: z.enum(['publish', 'reject']) });
export type ModerationVote = z.infer<typeof moderationVoteSchema>['vote'];

/** `PUT /moderation/{id}/decision`: a moderator's decision on a pending or hidden post. */
export const moderationDecisionSchema = z.object({ decision: z.enum(['publish', 'reject']) });
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>['decision'];

/** `PUT /comments/{id}/decision`: a moderator restores a comment hidden by reports, or removes it. */
export const commentDecisionSchema = moderationDecisionSchema;

/** What `PUT /moderation/{id}/vote` and `…/decision` answer: the post's status afterwards. */
export const moderationResultSchema = z.object({ status: z.enum(POST_STATUSES) });
export type ModerationResult = z.infer<typeof moderationResultSchema>;

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

/** `GET /moderation/reported`: the posts and comments reports hid, for moderators to decide on. */
export const reportedItemsSchema = z.object({ posts: z.array(ownPostSchema), comments: z.array(commentSchema) });
export type ReportedItems = z.infer<typeof reportedItemsSchema>;
