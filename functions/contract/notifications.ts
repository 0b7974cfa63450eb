/**
 * The contract of notifications («Avisos», docs/api.md): what happened to the caller's anecdotes, only
 * ever sent to their owner, kept NOTIFICATION_TTL_DAYS. Written by stream-fed functions
 * (functions/handlers/stream/notifications.ts, commentNotifications.ts), read by `GET
 * /me/notifications`, marked read by `POST /me/notifications/read`, counted by `GET /me`.
 */
import * as z from 'zod/mini';
import { APPEAL_DECISIONS } from './appeals';
import { pageSchema } from './pageSchema';
import { REJECTION_REASONS } from './posts';

/** How long a notification is kept (the table's TTL), from its latest change. */
export const NOTIFICATION_TTL_DAYS = 90;

/**
 * `GET /me` counts unread notifications up to this many (one capped Query of a sparse index): the
 * bell shows «9+» past nine, so a larger number would only cost reads.
 */
export const UNREAD_COUNT_CAP = 10;

/** Ids one `POST /me/notifications/read` may name. */
export const MAX_READ_IDS = 100;

/** The longest `excerpt` a notification carries (characters, «…» included). */
export const EXCERPT_LENGTH = 80;

/** How many of the day's most «¡Vaya día!» posts make its Top («entered the day's Top 10»). */
export const DAY_TOP_SIZE = 10;

export const NOTIFICATION_TYPES = [
  'post.published',
  'post.rejected',
  'comment.created',
  'post.top',
  // A reply to the owner's comment, by someone else (`name`: the replier's apodo).
  'comment.reply',
  // The owner's apodo mentioned («@apodo») in a comment by someone else (`name`: the writer's apodo).
  'comment.mention',
  // The answer to the account's appeal against its suspension (about no post).
  'appeal.decided',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const base = {
  /** Opaque; stable for the life of the notification (a coalesced comment notification keeps its id). */
  id: z.string(),
  postId: z.string(),
  /** When it last changed: a comment notification moves up with each new comment. */
  createdAt: z.string(),
  read: z.boolean(),
  /**
   * The anecdote's first words (up to {@link EXCERPT_LENGTH} characters, cut at a word, «…» when cut),
   * so a notification says which one it is about. Only `GET /me/notifications` gives it (live and push
   * messages do not), and only while the post exists.
   */
  excerpt: z.optional(z.string()),
};

/**
 * One notification, by `type`: the post was published; rejected (with the moderators' reason); has
 * new comments by others (one unread notification per post: `count` comments since it was last read,
 * `name` the latest commenter's apodo); entered the day's Top ({@link DAY_TOP_SIZE} most «¡Vaya día!»);
 * someone replied to the caller's comment (`comment.reply`) or mentioned the caller in a comment
 * (`comment.mention`, on any post) — none of those comes from an account the caller blocked; the
 * account's appeal against a suspension was answered (`decision`, the moderator's `reply`).
 */
export const notificationSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('post.published') }),
  z.object({ ...base, type: z.literal('post.rejected'), reason: z.enum(REJECTION_REASONS) }),
  z.object({ ...base, type: z.literal('comment.created'), name: z.string(), count: z.number() }),
  z.object({ ...base, type: z.literal('post.top') }),
  // `name` mentioned the caller («@apodo») in a comment under the post (one per comment).
  z.object({ ...base, type: z.literal('comment.mention'), name: z.string() }),
  z.object({ ...base, type: z.literal('comment.reply'), name: z.string() }),
  // The answer to the account's appeal against its suspension: about no post (`postId` null).
  z.object({
    ...base,
    postId: z.null(),
    type: z.literal('appeal.decided'),
    decision: z.enum(APPEAL_DECISIONS),
    reply: z.string(),
  }),
]);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** `POST /me/notifications/read`: these ids (1–{@link MAX_READ_IDS}, each 1–200 characters), or every unread one when `ids` is absent. */
export const markReadSchema = z.object({
  ids: z.optional(z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.minLength(1), z.maxLength(MAX_READ_IDS))),
});
export type MarkReadRequest = z.infer<typeof markReadSchema>;
