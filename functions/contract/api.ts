/**
 * Every HTTP operation of the API as the contract describes it (DESIGN §3): its parameters, body,
 * success and the error codes it answers besides the ones every route shares. infra/openapi.ts
 * builds the OpenAPI document from this and the function manifest (infra/functions.ts: which routes
 * exist and which need a token), and test/infra/openapi.test.ts checks the two agree.
 *
 * Only the document's generator imports this module; the web app and the handlers use the feature
 * modules directly.
 */
import * as z from 'zod/mini';
import { meSchema, nameResultSchema, setNameSchema } from './accounts';
import { authorSchema } from './authors';
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS } from './search';
import { MAX_SAVED_IDS, savedIdsSchema } from './saved';
import { commentPageSchema, commentSchema, createCommentSchema, DEFAULT_COMMENT_PAGE_SIZE } from './comments';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './common';
import type { ErrorCode } from './errors';
import {
  commentDecisionSchema,
  moderationDecisionSchema,
  moderationLogPageSchema,
  moderationResultSchema,
  moderationTodaySchema,
  moderationVoteResultSchema,
  moderationVoteSchema,
  pendingPostPageSchema,
  pendingPostSchema,
  reportedItemsSchema,
  reportSchema,
  suspensionPageSchema,
  suspensionRequestSchema,
  suspensionSchema,
} from './moderation';
import { CATEGORIES, createPostSchema, resendPostSchema, ownPostPageSchema, ownPostSchema, postPageSchema, postSchema } from './posts';
import { markReadSchema, notificationPageSchema } from './notifications';
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './push';
import { MAX_VOTE_IDS, myVotesSchema, postVoteSchema, TOP_PERIODS, TOP_RANKINGS, voteResultSchema } from './votes';

export type Operation = {
  /** The feature it belongs to (the document's tag). */
  tag: 'posts' | 'comments' | 'moderation' | 'votes' | 'accounts' | 'discovery' | 'notifications';
  summary: string;
  /** `{id}` and the like, when the path has any. */
  path?: z.ZodMiniObject;
  /** Query string parameters, all optional unless the schema says otherwise. */
  query?: z.ZodMiniObject;
  /** The JSON body, when the call takes one. */
  body?: z.ZodMiniType;
  success: { status: 200 | 201 | 202 | 204; description: string; schema?: z.ZodMiniType };
  /**
   * The route's own error codes. Every route may also answer INTERNAL_ERROR; one with a body
   * INVALID_JSON and PAYLOAD_TOO_LARGE; one behind the authorizer UNAUTHORIZED (infra/openapi.ts adds them).
   */
  errors: readonly ErrorCode[];
};

const byId = z.object({ id: z.string() });
const limit = (fallback: number) => z.optional(z.int().check(z.gte(1), z.lte(MAX_PAGE_SIZE), z.describe(`Default ${fallback}.`)));
const cursor = z.optional(z.string().check(z.describe('The `nextCursor` of the previous page.')));
const paging = (fallback: number) => ({ limit: limit(fallback), cursor });
const PAGING_ERRORS = ['INVALID_LIMIT', 'INVALID_CURSOR'] as const;

/** The API's operations, by route key (`METHOD /path`, as the function manifest names them). */
export const API_OPERATIONS: Readonly<Record<string, Operation>> = {
  'GET /posts': {
    tag: 'posts',
    summary: 'A page of published posts, newest first, of every category or one.',
    query: z.object({ category: z.optional(z.enum(CATEGORIES)), ...paging(DEFAULT_PAGE_SIZE) }),
    success: { status: 200, description: 'Published posts, newest `publishedAt` first.', schema: postPageSchema },
    errors: [...PAGING_ERRORS, 'UNKNOWN_CATEGORY'],
  },
  'GET /posts/top': {
    tag: 'votes',
    summary: 'The Top: posts published in a calendar period (Europe/Madrid) ranked by one count.',
    query: z.object({ period: z.optional(z.enum(TOP_PERIODS)), by: z.optional(z.enum(TOP_RANKINGS)), ...paging(DEFAULT_PAGE_SIZE) }),
    success: { status: 200, description: 'By that count, highest first; ties newest first.', schema: postPageSchema },
    errors: ['INVALID_PERIOD', 'INVALID_RANKING', ...PAGING_ERRORS],
  },
  'GET /posts/random': {
    tag: 'posts',
    summary: 'One published post, at random.',
    success: { status: 200, description: 'A published post.', schema: postSchema },
    errors: ['NO_POSTS'],
  },
  'GET /posts/{id}': {
    tag: 'posts',
    summary: 'One published post.',
    path: byId,
    success: { status: 200, description: 'The post.', schema: postSchema },
    errors: ['POST_NOT_FOUND'],
  },
  'POST /posts': {
    tag: 'posts',
    summary: 'Sends an anecdote; it waits for the community (or a moderator) in `pending`.',
    body: createPostSchema,
    success: { status: 201, description: 'The new post, `pending`.', schema: ownPostSchema },
    errors: ['INVALID_REQUEST', 'EMPTY_POST', 'POST_TOO_LONG', 'UNKNOWN_CATEGORY', 'PERSONAL_DATA', 'DUPLICATE_POST', 'RATE_LIMITED'],
  },
  'GET /me/posts': {
    tag: 'posts',
    summary: "A page of the caller's own posts, every status, newest first.",
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: "The caller's posts.", schema: ownPostPageSchema },
    errors: PAGING_ERRORS,
  },
  'DELETE /posts/{id}': {
    tag: 'posts',
    summary: "Removes a post: its author or a moderator (a moderator's removal is recorded in the moderation log).",
    path: byId,
    success: { status: 204, description: 'Removed.' },
    errors: ['FORBIDDEN', 'POST_NOT_FOUND'],
  },
  'PUT /posts/{id}': {
    tag: 'posts',
    summary:
      'Edit and resend: the author of a rejected post sends it back to the queue once, edited; it is `pending` again, its moderation votes cleared, `resent: true`. The checks of a new post apply.',
    path: byId,
    body: resendPostSchema,
    success: { status: 200, description: 'The post, `pending` again.', schema: ownPostSchema },
    errors: [
      'INVALID_REQUEST',
      'EMPTY_POST',
      'POST_TOO_LONG',
      'UNKNOWN_CATEGORY',
      'PERSONAL_DATA',
      'FORBIDDEN',
      'POST_NOT_FOUND',
      'DUPLICATE_POST',
      'NOT_EDITABLE',
      'ALREADY_RESENT',
    ],
  },
  'POST /posts/{id}/report': {
    tag: 'moderation',
    summary: 'Reports a published post; the third distinct reporter hides it until a moderator decides.',
    path: byId,
    body: reportSchema,
    success: { status: 202, description: 'Counted.', schema: z.object({}) },
    errors: ['INVALID_REQUEST', 'POST_NOT_FOUND', 'ALREADY_REPORTED'],
  },
  'GET /moderation/next': {
    tag: 'moderation',
    summary: 'A pending post for the caller to vote on: not theirs, not voted by them.',
    success: { status: 200, description: 'A pending post, without its author.', schema: pendingPostSchema },
    errors: ['QUEUE_EMPTY'],
  },
  'PUT /moderation/{id}/vote': {
    tag: 'moderation',
    summary:
      'Votes on a pending post: a net +3 publishes it, −3 rejects it. A `reject` may give a `reason` (default `otro`; 400 with `publish`); the most-voted one is the rejection’s.',
    path: byId,
    body: moderationVoteSchema,
    success: {
      status: 200,
      description: "The post's status afterwards, and its tally as this vote left it (publish and reject votes).",
      schema: moderationVoteResultSchema,
    },
    errors: ['INVALID_REQUEST', 'OWN_POST', 'POST_NOT_FOUND', 'ALREADY_VOTED'],
  },
  'PUT /moderation/{id}/skip': {
    tag: 'moderation',
    summary: '«Saltar»: `GET /moderation/next` leaves this pending post out for the caller for 24 hours (a second skip starts them again).',
    path: byId,
    success: { status: 204, description: 'Skipped.' },
    errors: ['OWN_POST', 'POST_NOT_FOUND'],
  },
  'GET /moderation/pending': {
    tag: 'moderation',
    summary: 'Every pending post, oldest in the queue first, for moderators to decide any of them (moderators only; one Query a page).',
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: 'Pending posts, without their authors.', schema: pendingPostPageSchema },
    errors: ['FORBIDDEN', ...PAGING_ERRORS],
  },
  'GET /moderation/today': {
    tag: 'moderation',
    summary: 'How many moderation votes the caller cast today (Europe/Madrid).',
    success: { status: 200, description: "The caller's votes today.", schema: moderationTodaySchema },
    errors: [],
  },
  'PUT /moderation/{id}/decision': {
    tag: 'moderation',
    summary:
      'A moderator publishes or rejects a pending or hidden post at once (a `reject` may give a `reason`, default `otro`); recorded in the moderation log.',
    path: byId,
    body: moderationDecisionSchema,
    success: { status: 200, description: "The post's status afterwards.", schema: moderationResultSchema },
    errors: ['INVALID_REQUEST', 'FORBIDDEN', 'POST_NOT_FOUND'],
  },
  'POST /moderation/suspensions': {
    tag: 'moderation',
    summary:
      'A moderator suspends the author of a post or a comment (exactly one of `postId`, `commentId`) for 1–365 days or for good (`days: null`), saying why; their pending posts leave the queue (`rejected`, `otro`). Recorded in the moderation log.',
    body: suspensionRequestSchema,
    success: { status: 201, description: 'The suspension.', schema: suspensionSchema },
    errors: ['INVALID_REQUEST', 'FORBIDDEN', 'POST_NOT_FOUND', 'COMMENT_NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'ALREADY_SUSPENDED'],
  },
  'GET /moderation/suspensions': {
    tag: 'moderation',
    summary: 'The suspensions in force, newest first (moderators only).',
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: 'Suspensions in force.', schema: suspensionPageSchema },
    errors: ['FORBIDDEN', ...PAGING_ERRORS],
  },
  'DELETE /moderation/suspensions/{id}': {
    tag: 'moderation',
    summary: 'A moderator lifts a suspension in force: the account may write again at once. Recorded in the moderation log.',
    path: byId,
    success: { status: 204, description: 'Lifted.' },
    errors: ['FORBIDDEN', 'SUSPENSION_NOT_FOUND'],
  },
  'GET /moderation/log': {
    tag: 'moderation',
    summary: 'Every moderator action (decision, removal, restore, suspension, lift), newest first (moderators only).',
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: 'Moderator actions, newest first.', schema: moderationLogPageSchema },
    errors: ['FORBIDDEN', ...PAGING_ERRORS],
  },
  'GET /moderation/reported': {
    tag: 'moderation',
    summary:
      'The posts and comments reports hid, oldest first, each with its report count and reasons (most given first), for moderators to decide on.',
    success: { status: 200, description: 'Hidden posts and comments.', schema: reportedItemsSchema },
    errors: ['FORBIDDEN'],
  },
  'GET /posts/{id}/comments': {
    tag: 'comments',
    summary: "A page of a published post's visible comments, oldest first.",
    path: byId,
    query: z.object(paging(DEFAULT_COMMENT_PAGE_SIZE)),
    success: { status: 200, description: 'Comments, oldest first.', schema: commentPageSchema },
    errors: [...PAGING_ERRORS, 'POST_NOT_FOUND'],
  },
  'POST /posts/{id}/comments': {
    tag: 'comments',
    summary: 'Comments on a published post.',
    path: byId,
    body: createCommentSchema,
    success: { status: 201, description: 'The new comment.', schema: commentSchema },
    errors: ['INVALID_REQUEST', 'EMPTY_COMMENT', 'COMMENT_TOO_LONG', 'PERSONAL_DATA', 'POST_NOT_FOUND', 'RATE_LIMITED'],
  },
  'DELETE /comments/{id}': {
    tag: 'comments',
    summary: "Removes a comment: its author or a moderator (a moderator's removal is recorded in the moderation log).",
    path: byId,
    success: { status: 204, description: 'Removed.' },
    errors: ['FORBIDDEN', 'COMMENT_NOT_FOUND'],
  },
  'POST /comments/{id}/report': {
    tag: 'moderation',
    summary: 'Reports a comment; the third distinct reporter hides it until a moderator decides.',
    path: byId,
    body: reportSchema,
    success: { status: 202, description: 'Counted.', schema: z.object({}) },
    errors: ['INVALID_REQUEST', 'COMMENT_NOT_FOUND', 'ALREADY_REPORTED'],
  },
  'PUT /comments/{id}/decision': {
    tag: 'moderation',
    summary: 'A moderator restores a comment hidden by reports (`publish`) or removes it (`reject`).',
    path: byId,
    body: commentDecisionSchema,
    // A restored comment is visible again, a removed one gone for good.
    success: { status: 200, description: "The comment's status afterwards.", schema: z.object({ status: z.enum(['visible', 'removed']) }) },
    errors: ['INVALID_REQUEST', 'FORBIDDEN', 'COMMENT_NOT_FOUND'],
  },
  'GET /me': {
    tag: 'accounts',
    summary:
      "The caller's apodo (null until chosen), email (only ever sent to them), role, the end of a suspension in force and the unread notifications (counted up to 10).",
    success: { status: 200, description: 'The caller.', schema: meSchema },
    errors: [],
  },
  'GET /me/notifications': {
    tag: 'notifications',
    summary:
      "The caller's notifications («Avisos»), newest first: their post published, rejected (with the reason), commented by others (one per post, counted), in the day's Top. Kept 90 days.",
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: 'A page of notifications.', schema: notificationPageSchema },
    errors: PAGING_ERRORS,
  },
  'POST /me/notifications/read': {
    tag: 'notifications',
    summary: "Marks those of the caller's notifications read (`ids`, 1–100), or all of them when `ids` is absent. A suspended account may.",
    body: markReadSchema,
    success: { status: 204, description: 'Marked read (unknown ids and notifications already read are left alone).' },
    errors: ['INVALID_REQUEST'],
  },
  'GET /push/key': {
    tag: 'notifications',
    summary: 'The VAPID public key (base64url) a browser subscribes to Web Push with (`applicationServerKey`).',
    success: { status: 200, description: 'The key.', schema: pushKeySchema },
    errors: [],
  },
  'PUT /me/push-subscriptions': {
    tag: 'notifications',
    summary:
      "Keeps this device's Web Push subscription (`PushSubscription.toJSON()`): each new notification of the caller is pushed to it. The endpoint must be https on a configured push service (FCM, Mozilla, Apple, Windows); the same subscription again changes nothing, and a device another account had moves to the caller. An account keeps at most 10 devices: one more drops the one subscribed longest ago.",
    body: pushSubscriptionSchema,
    success: { status: 204, description: 'Kept.' },
    errors: ['INVALID_REQUEST', 'INVALID_SUBSCRIPTION'],
  },
  'DELETE /me/push-subscriptions': {
    tag: 'notifications',
    summary: "Forgets this device's subscription, if it is the caller's. A suspended account may.",
    body: pushUnsubscribeSchema,
    success: { status: 204, description: "Forgotten (or it was not the caller's)." },
    errors: ['INVALID_REQUEST'],
  },
  'PUT /me/name': {
    tag: 'accounts',
    summary: "Claims an apodo (unique ignoring case and accents) and signs the caller's posts and comments with it.",
    body: setNameSchema,
    success: { status: 200, description: 'The apodo as stored (NFC, trimmed, single spaces).', schema: nameResultSchema },
    errors: ['INVALID_REQUEST', 'INVALID_NAME', 'NAME_TAKEN'],
  },
  'DELETE /me': {
    tag: 'accounts',
    summary: 'Deletes the account and its Web Push devices; its posts and comments stay, signed «Anónimo».',
    success: { status: 204, description: 'Deleted.' },
    errors: [],
  },
  'PUT /posts/{id}/vote': {
    tag: 'votes',
    summary: "Votes «¡Vaya día!» (`agree`) or «Te lo mereces» (`deserved`) on a published post, replacing the caller's earlier vote.",
    path: byId,
    body: postVoteSchema,
    success: { status: 200, description: "The post's counts and the caller's vote.", schema: voteResultSchema },
    errors: ['INVALID_REQUEST', 'OWN_POST', 'POST_NOT_FOUND'],
  },
  'DELETE /posts/{id}/vote': {
    tag: 'votes',
    summary: "Takes the caller's vote back.",
    path: byId,
    success: { status: 200, description: "The post's counts; `myVote` is null.", schema: voteResultSchema },
    errors: ['POST_NOT_FOUND'],
  },
  'GET /me/votes': {
    tag: 'votes',
    summary: "The caller's vote on each of those posts they voted on (the others are absent).",
    query: z.object({ ids: z.string().check(z.describe(`Comma-separated post ids, 1 to ${MAX_VOTE_IDS}.`)) }),
    success: { status: 200, description: 'Votes by post id.', schema: myVotesSchema },
    errors: ['INVALID_REQUEST'],
  },
  'GET /authors/{name}': {
    tag: 'discovery',
    summary:
      "An author's page: the apodo as held now (looked up ignoring case, accents and look-alike letters), since when, published posts and the votes they received.",
    path: z.object({ name: z.string().check(z.describe('The apodo, percent-encoded.')) }),
    success: { status: 200, description: 'The author.', schema: authorSchema },
    errors: ['AUTHOR_NOT_FOUND'],
  },
  'GET /authors/{name}/posts': {
    tag: 'discovery',
    summary: "A page of an author's published posts, newest first.",
    path: z.object({ name: z.string().check(z.describe('The apodo, percent-encoded.')) }),
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: 'Published posts, newest `publishedAt` first.', schema: postPageSchema },
    errors: ['AUTHOR_NOT_FOUND', ...PAGING_ERRORS],
  },
  'GET /search': {
    tag: 'discovery',
    summary:
      'Published posts holding every word of `q` (case, accents and Spanish word forms ignored: «trabajo» finds «trabajando»), best match first, then newest; of every category or one.',
    query: z.object({
      q: z
        .string()
        .check(
          z.describe(
            `The words to find: 1 to ${MAX_QUERY_LENGTH} characters, with a word of two letters or more. Spanish stop words are ignored; of more than ${MAX_QUERY_TERMS} distinct words, the ${MAX_QUERY_TERMS} longest are looked up.`,
          ),
        ),
      category: z.optional(z.enum(CATEGORIES)),
      ...paging(DEFAULT_PAGE_SIZE),
    }),
    success: { status: 200, description: 'Matching published posts, best match first.', schema: postPageSchema },
    errors: ['INVALID_QUERY', 'UNKNOWN_CATEGORY', ...PAGING_ERRORS],
  },
  'PUT /posts/{id}/save': {
    tag: 'discovery',
    summary: "Keeps a published post in the caller's «Guardadas» (saving it again changes nothing).",
    path: byId,
    success: { status: 204, description: 'Saved.' },
    errors: ['POST_NOT_FOUND'],
  },
  'DELETE /posts/{id}/save': {
    tag: 'discovery',
    summary: "Takes a post out of the caller's «Guardadas».",
    path: byId,
    success: { status: 204, description: 'No longer saved.' },
    errors: ['POST_NOT_FOUND'],
  },
  'GET /me/saved': {
    tag: 'discovery',
    summary: "The caller's «Guardadas», newest saved first; posts no longer public are left out.",
    query: z.object(paging(DEFAULT_PAGE_SIZE)),
    success: { status: 200, description: 'Saved posts that are still published, newest saved first.', schema: postPageSchema },
    errors: PAGING_ERRORS,
  },
  'GET /me/saved/ids': {
    tag: 'discovery',
    summary: 'Which of those posts the caller saved.',
    query: z.object({ ids: z.string().check(z.describe(`Comma-separated post ids, 1 to ${MAX_SAVED_IDS}.`)) }),
    success: { status: 200, description: 'The saved ones among the ids.', schema: savedIdsSchema },
    errors: ['INVALID_REQUEST'],
  },
};
