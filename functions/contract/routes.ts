/**
 * Every HTTP route of the API, declared once: method, path, who may call it, its parameters, body,
 * answer and the error codes it answers besides the ones every route shares. Everything else reads
 * this table: the function manifest (infra/functions.ts) names a route object and adds only what is
 * AWS's; the local gateway and the stack serve exactly these routes; infra/openapi.ts writes the
 * OpenAPI document from it; the HTTP edge (functions/handlers/http/http.ts) takes each route's
 * idempotency and account rule from it; the web client calls routes by name and is typed by them.
 *
 * A group's name is the OpenAPI tag of its routes.
 */
import * as z from 'zod/mini';
import { accountExportSchema, deleteMeSchema } from './accountData';
import { meSchema, nameResultSchema, setNameSchema } from './accounts';
import { appealDecisionSchema, appealPageSchema, appealRequestSchema, appealSchema } from './appeals';
import { authorSchema, FORMER_NAME_DAYS } from './authors';
import { blockListSchema, MAX_BLOCKS } from './blocks';
import {
  commentPageSchema,
  commentSchema,
  createCommentSchema,
  DEFAULT_COMMENT_PAGE_SIZE,
  COMMENT_SORTS,
  commentVoteResultSchema,
  commentVoteSchema,
  DEFAULT_REPLY_PAGE_SIZE,
  myCommentVotesSchema,
  REPLIES_SHOWN,
  replyPageSchema,
} from './comments';
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
  pendingPostWithSimilarSchema,
  reportedItemsSchema,
  reportSchema,
  suspensionPageSchema,
  suspensionRequestSchema,
  suspensionSchema,
} from './moderation';
import { markReadSchema, notificationPageSchema } from './notifications';
import { CATEGORIES, createPostSchema, ownPostPageSchema, ownPostSchema, postPageSchema, postSchema, resendPostSchema } from './posts';
import { pushKeySchema, pushSubscriptionSchema, pushUnsubscribeSchema } from './push';
import { MAX_SAVED_IDS, savedIdsSchema } from './saved';
import { MAX_QUERY_LENGTH, MAX_QUERY_TERMS } from './search';
import { MAX_SIMILAR_POSTS, MAX_SIMILAR_TERMS, MAX_SIMILAR_TEXT_LENGTH, similarPostsSchema } from './similar';
import {
  DEFAULT_TOP_PERIODS,
  MAX_VOTE_IDS,
  myVotesSchema,
  postVoteSchema,
  TOP_PERIODS,
  TOP_RANKINGS,
  topPageSchema,
  voteResultSchema,
} from './votes';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: anyone; a signed-in account (the user pool's ID token as the bearer, the
 * account's state read on every request); or a moderator (signed in and in the moderators group:
 * anyone else is answered 403 FORBIDDEN).
 */
export type RouteAuth = 'public' | 'user' | 'moderator';

/**
 * What a signed-in route is for the account-state check: a GET reads and any other method writes
 * (a suspended account may read, not write), but for the writes a suspended account keeps (`kept`:
 * deleting its own content and devices, marking its notices read) and the account's own deletion
 * (`accountDeletion`, which a deleted account may finish).
 */
export type AccountRule = 'read' | 'write' | 'kept' | 'accountDeletion';

export type Route = {
  readonly method: HttpMethod;
  /** API Gateway style: `/posts/{id}`. */
  readonly path: string;
  readonly auth: RouteAuth;
  /** @default 'read' for GET, 'write' for any other method */
  readonly account?: Exclude<AccountRule, 'read' | 'write'>;
  /**
   * Takes an `Idempotency-Key`: the same key from the same account within a day answers with the
   * first request's status and body and stores nothing more (functions/domain/idempotency.ts).
   */
  readonly idempotent?: true;
  readonly summary: string;
  /** `{id}` and the like, when the path has any. */
  readonly params?: z.ZodMiniObject;
  /** Query string parameters, all optional unless the schema says otherwise. */
  readonly query?: z.ZodMiniObject;
  /** The JSON body, when the call takes one. */
  readonly body?: z.ZodMiniType;
  readonly success: { readonly status: 200 | 201 | 202 | 204; readonly description: string; readonly schema?: z.ZodMiniType };
  /** A redirect the route may answer instead (no body; the new address in `Location`). */
  readonly redirect?: { readonly status: 301; readonly description: string };
  /**
   * The route's own error codes. Every route may also answer INTERNAL_ERROR and SERVICE_UNAVAILABLE;
   * one with a body INVALID_JSON and PAYLOAD_TOO_LARGE; a signed-in one UNAUTHORIZED and the account
   * state's codes; an idempotent one the key's (infra/openapi.ts `errorCodesOf` adds them).
   */
  readonly errors: readonly ErrorCode[];
};

/** Declares a route, keeping its literal types (the web client's types come from them). */
/* @__NO_SIDE_EFFECTS__ */
function route<const R extends Route>(declared: R): R {
  return declared;
}

const byId = z.object({ id: z.string() });
const byName = z.object({ name: z.string().check(z.describe('The apodo, percent-encoded.')) });
const limit = (fallback: number) => z.optional(z.int().check(z.gte(1), z.lte(MAX_PAGE_SIZE), z.describe(`Default ${fallback}.`)));
const cursor = z.optional(z.string().check(z.describe('The `nextCursor` of the previous page.')));
const paging = (fallback: number) => ({ limit: limit(fallback), cursor });
const PAGING_ERRORS = ['INVALID_LIMIT', 'INVALID_CURSOR'] as const;

/** The API's routes, by group (the OpenAPI tag) and name: `routes.posts.create`. */
export const routes = {
  posts: {
    list: route({
      method: 'GET',
      path: '/posts',
      auth: 'public',
      summary: 'A page of published posts, newest first, of every category or one.',
      query: z.object({ category: z.optional(z.enum(CATEGORIES)), ...paging(DEFAULT_PAGE_SIZE) }),
      success: { status: 200, description: 'Published posts, newest `publishedAt` first.', schema: postPageSchema },
      errors: [...PAGING_ERRORS, 'UNKNOWN_CATEGORY'],
    }),
    random: route({
      method: 'GET',
      path: '/posts/random',
      auth: 'public',
      summary: 'One published post, at random.',
      success: { status: 200, description: 'A published post.', schema: postSchema },
      errors: ['NO_POSTS'],
    }),
    get: route({
      method: 'GET',
      path: '/posts/{id}',
      auth: 'public',
      summary: 'One published post.',
      params: byId,
      success: { status: 200, description: 'The post.', schema: postSchema },
      errors: ['POST_NOT_FOUND'],
    }),
    create: route({
      method: 'POST',
      path: '/posts',
      auth: 'user',
      idempotent: true,
      summary: 'Sends an anecdote; it waits for the community (or a moderator) in `pending`.',
      body: createPostSchema,
      success: { status: 201, description: 'The new post, `pending`.', schema: ownPostSchema },
      errors: ['INVALID_REQUEST', 'EMPTY_POST', 'POST_TOO_LONG', 'UNKNOWN_CATEGORY', 'PERSONAL_DATA', 'DUPLICATE_POST', 'RATE_LIMITED'],
    }),
    mine: route({
      method: 'GET',
      path: '/me/posts',
      auth: 'user',
      summary: "A page of the caller's own posts, every status, newest first.",
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: "The caller's posts.", schema: ownPostPageSchema },
      errors: PAGING_ERRORS,
    }),
    remove: route({
      method: 'DELETE',
      path: '/posts/{id}',
      auth: 'user',
      account: 'kept',
      summary: "Removes a post: its author or a moderator (a moderator's removal is recorded in the moderation log).",
      params: byId,
      success: { status: 204, description: 'Removed.' },
      errors: ['FORBIDDEN', 'POST_NOT_FOUND'],
    }),
    resend: route({
      method: 'PUT',
      path: '/posts/{id}',
      auth: 'user',
      summary:
        'Edit and resend: the author of a rejected post sends it back to the queue once, edited; it is `pending` again, its moderation votes cleared, `resent: true`. The checks of a new post apply.',
      params: byId,
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
    }),
  },
  votes: {
    top: route({
      method: 'GET',
      path: '/posts/top',
      auth: 'public',
      summary: 'The Top: posts published in a calendar period (Europe/Madrid) ranked by one count.',
      query: z.object({
        period: z.optional(
          z
            .enum(TOP_PERIODS)
            .check(
              z.describe(
                `Without it, the first page is this week's, or the first of ${DEFAULT_TOP_PERIODS.join(', ')} with a ranked post; the answer's \`period\` says which. Name that period when asking for the next page.`,
              ),
            ),
        ),
        by: z.optional(z.enum(TOP_RANKINGS)),
        ...paging(DEFAULT_PAGE_SIZE),
      }),
      success: {
        status: 200,
        description: 'By that count, highest first; ties newest first; `period`: the period they are of.',
        schema: topPageSchema,
      },
      errors: ['INVALID_PERIOD', 'INVALID_RANKING', ...PAGING_ERRORS],
    }),
    cast: route({
      method: 'PUT',
      path: '/posts/{id}/vote',
      auth: 'user',
      summary: "Votes «¡Vaya día!» (`agree`) or «Te lo mereces» (`deserved`) on a published post, replacing the caller's earlier vote.",
      params: byId,
      body: postVoteSchema,
      success: { status: 200, description: "The post's counts and the caller's vote.", schema: voteResultSchema },
      errors: ['INVALID_REQUEST', 'OWN_POST', 'POST_NOT_FOUND', 'TOO_MANY_CHANGES'],
    }),
    remove: route({
      method: 'DELETE',
      path: '/posts/{id}/vote',
      auth: 'user',
      summary: "Takes the caller's vote back.",
      params: byId,
      success: { status: 200, description: "The post's counts; `myVote` is null.", schema: voteResultSchema },
      errors: ['POST_NOT_FOUND', 'TOO_MANY_CHANGES'],
    }),
    mine: route({
      method: 'GET',
      path: '/me/votes',
      auth: 'user',
      summary: "The caller's vote on each of those posts they voted on (the others are absent).",
      query: z.object({ ids: z.string().check(z.describe(`Comma-separated post ids, 1 to ${MAX_VOTE_IDS}.`)) }),
      success: { status: 200, description: 'Votes by post id.', schema: myVotesSchema },
      errors: ['INVALID_REQUEST'],
    }),
  },
  reports: {
    post: route({
      method: 'POST',
      path: '/posts/{id}/report',
      auth: 'user',
      idempotent: true,
      summary: 'Reports a published post; the third distinct reporter hides it until a moderator decides.',
      params: byId,
      body: reportSchema,
      success: { status: 202, description: 'Counted.', schema: z.object({}) },
      errors: ['INVALID_REQUEST', 'POST_NOT_FOUND', 'ALREADY_REPORTED'],
    }),
    comment: route({
      method: 'POST',
      path: '/comments/{id}/report',
      auth: 'user',
      idempotent: true,
      summary: 'Reports a comment; the third distinct reporter hides it until a moderator decides.',
      params: byId,
      body: reportSchema,
      success: { status: 202, description: 'Counted.', schema: z.object({}) },
      errors: ['INVALID_REQUEST', 'COMMENT_NOT_FOUND', 'ALREADY_REPORTED'],
    }),
  },
  moderation: {
    next: route({
      method: 'GET',
      path: '/moderation/next',
      auth: 'user',
      summary: 'A pending post for the caller to vote on: not theirs, not voted by them.',
      success: {
        status: 200,
        description: `A pending post, without its author, and \`similar\`: up to ${MAX_SIMILAR_POSTS} published posts that share most of its words (never itself).`,
        schema: pendingPostWithSimilarSchema,
      },
      errors: ['QUEUE_EMPTY'],
    }),
    vote: route({
      method: 'PUT',
      path: '/moderation/{id}/vote',
      auth: 'user',
      summary:
        'Votes on a pending post: a net +3 publishes it, −3 rejects it. A `reject` may give a `reason` (default `otro`; 400 with `publish`); the most-voted one is the rejection’s.',
      params: byId,
      body: moderationVoteSchema,
      success: {
        status: 200,
        description: "The post's status afterwards, and its tally as this vote left it (publish and reject votes).",
        schema: moderationVoteResultSchema,
      },
      errors: ['INVALID_REQUEST', 'OWN_POST', 'POST_NOT_FOUND', 'ALREADY_VOTED'],
    }),
    skip: route({
      method: 'PUT',
      path: '/moderation/{id}/skip',
      auth: 'user',
      summary:
        '«Saltar»: `GET /moderation/next` leaves this pending post out for the caller for 24 hours (a second skip starts them again).',
      params: byId,
      success: { status: 204, description: 'Skipped.' },
      errors: ['OWN_POST', 'POST_NOT_FOUND'],
    }),
    pending: route({
      method: 'GET',
      path: '/moderation/pending',
      auth: 'moderator',
      summary: 'Every pending post, oldest in the queue first, for moderators to decide any of them (moderators only; one Query a page).',
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'Pending posts, without their authors.', schema: pendingPostPageSchema },
      errors: ['FORBIDDEN', ...PAGING_ERRORS],
    }),
    today: route({
      method: 'GET',
      path: '/moderation/today',
      auth: 'user',
      summary: 'How many moderation votes the caller cast today (Europe/Madrid).',
      success: { status: 200, description: "The caller's votes today.", schema: moderationTodaySchema },
      errors: [],
    }),
    decide: route({
      method: 'PUT',
      path: '/moderation/{id}/decision',
      auth: 'moderator',
      summary:
        'A moderator publishes or rejects a pending or hidden post at once (a `reject` may give a `reason`, default `otro`); recorded in the moderation log. Not on their own post.',
      params: byId,
      body: moderationDecisionSchema,
      success: { status: 200, description: "The post's status afterwards.", schema: moderationResultSchema },
      errors: ['INVALID_REQUEST', 'FORBIDDEN', 'OWN_POST', 'POST_NOT_FOUND'],
    }),
    suspend: route({
      method: 'POST',
      path: '/moderation/suspensions',
      auth: 'moderator',
      summary:
        'A moderator suspends the author of a post or a comment (exactly one of `postId`, `commentId`) for 1–365 days or for good (`days: null`), saying why; their pending posts leave the queue (`rejected`, `otro`). Recorded in the moderation log.',
      body: suspensionRequestSchema,
      success: { status: 201, description: 'The suspension.', schema: suspensionSchema },
      errors: ['INVALID_REQUEST', 'FORBIDDEN', 'POST_NOT_FOUND', 'COMMENT_NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'ALREADY_SUSPENDED'],
    }),
    suspensions: route({
      method: 'GET',
      path: '/moderation/suspensions',
      auth: 'moderator',
      summary: 'The suspensions in force, newest first (moderators only).',
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'Suspensions in force.', schema: suspensionPageSchema },
      errors: ['FORBIDDEN', ...PAGING_ERRORS],
    }),
    lift: route({
      method: 'DELETE',
      path: '/moderation/suspensions/{id}',
      auth: 'moderator',
      summary: 'A moderator lifts a suspension in force: the account may write again at once. Recorded in the moderation log.',
      params: byId,
      success: { status: 204, description: 'Lifted.' },
      errors: ['FORBIDDEN', 'SUSPENSION_NOT_FOUND'],
    }),
    log: route({
      method: 'GET',
      path: '/moderation/log',
      auth: 'moderator',
      summary: 'Every moderator action (decision, removal, restore, suspension, lift), newest first (moderators only).',
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'Moderator actions, newest first.', schema: moderationLogPageSchema },
      errors: ['FORBIDDEN', ...PAGING_ERRORS],
    }),
    reported: route({
      method: 'GET',
      path: '/moderation/reported',
      auth: 'moderator',
      summary:
        'The posts and comments reports hid, oldest first, each with its report count and reasons (most given first), for moderators to decide on.',
      success: { status: 200, description: 'Hidden posts and comments.', schema: reportedItemsSchema },
      errors: ['FORBIDDEN'],
    }),
  },
  comments: {
    list: route({
      method: 'GET',
      path: '/posts/{id}/comments',
      auth: 'public',
      summary: `A page of a published post's visible top-level comments, each with its reply count and first ${REPLIES_SHOWN} replies (oldest first); \`myVote\` is always null here (the answer is shared).`,
      params: byId,
      query: z.object({
        sort: z.optional(
          z
            .enum(COMMENT_SORTS)
            .check(z.describe('`old` (the default): oldest first; `best`: highest net score (+1 minus −1) first, then oldest.')),
        ),
        ...paging(DEFAULT_COMMENT_PAGE_SIZE),
      }),
      success: { status: 200, description: 'Top-level comments, in the order asked.', schema: commentPageSchema },
      errors: [...PAGING_ERRORS, 'INVALID_SORT', 'POST_NOT_FOUND'],
    }),
    create: route({
      method: 'POST',
      path: '/posts/{id}/comments',
      auth: 'user',
      idempotent: true,
      summary:
        'Comments on a published post; with `parentId`, replies to a visible comment of that post (a reply to a reply is filed under the same top-level comment, whose author is notified).',
      params: byId,
      body: createCommentSchema,
      success: { status: 201, description: 'The new comment.', schema: commentSchema },
      errors: [
        'INVALID_REQUEST',
        'EMPTY_COMMENT',
        'COMMENT_TOO_LONG',
        'PERSONAL_DATA',
        'POST_NOT_FOUND',
        'COMMENT_NOT_FOUND',
        'RATE_LIMITED',
      ],
    }),
    replies: route({
      method: 'GET',
      path: '/comments/{id}/replies',
      auth: 'public',
      summary: "A page of a visible top-level comment's visible replies, oldest first.",
      params: byId,
      query: z.object(paging(DEFAULT_REPLY_PAGE_SIZE)),
      success: { status: 200, description: 'Replies, oldest first.', schema: replyPageSchema },
      errors: [...PAGING_ERRORS, 'COMMENT_NOT_FOUND'],
    }),
    vote: route({
      method: 'PUT',
      path: '/comments/{id}/vote',
      auth: 'user',
      idempotent: true,
      summary: "Votes «+1» (`up`) or «−1» (`down`) on a visible comment, replacing the caller's earlier vote. Not on one's own comment.",
      params: byId,
      body: commentVoteSchema,
      success: { status: 200, description: "The comment's counts and the caller's vote.", schema: commentVoteResultSchema },
      errors: ['INVALID_REQUEST', 'OWN_COMMENT', 'COMMENT_NOT_FOUND', 'TOO_MANY_CHANGES'],
    }),
    unvote: route({
      method: 'DELETE',
      path: '/comments/{id}/vote',
      auth: 'user',
      idempotent: true,
      summary: "Takes the caller's vote on a comment back.",
      params: byId,
      success: { status: 200, description: "The comment's counts; `myVote` is null.", schema: commentVoteResultSchema },
      errors: ['COMMENT_NOT_FOUND', 'TOO_MANY_CHANGES'],
    }),
    myVotes: route({
      method: 'GET',
      path: '/me/comment-votes',
      auth: 'user',
      summary: "The caller's vote on each of those comments they voted on (the others are absent).",
      query: z.object({ ids: z.string().check(z.describe(`Comma-separated comment ids, 1 to ${MAX_VOTE_IDS}.`)) }),
      success: { status: 200, description: 'Votes by comment id.', schema: myCommentVotesSchema },
      errors: ['INVALID_REQUEST'],
    }),
    remove: route({
      method: 'DELETE',
      path: '/comments/{id}',
      auth: 'user',
      account: 'kept',
      summary: "Removes a comment: its author or a moderator (a moderator's removal is recorded in the moderation log).",
      params: byId,
      success: { status: 204, description: 'Removed.' },
      errors: ['FORBIDDEN', 'COMMENT_NOT_FOUND'],
    }),
    decide: route({
      method: 'PUT',
      path: '/comments/{id}/decision',
      auth: 'moderator',
      summary: 'A moderator restores a comment hidden by reports (`publish`) or removes it (`reject`).',
      params: byId,
      body: commentDecisionSchema,
      // A restored comment is visible again, a removed one gone for good.
      success: {
        status: 200,
        description: "The comment's status afterwards.",
        schema: z.object({ status: z.enum(['visible', 'removed']) }),
      },
      errors: ['INVALID_REQUEST', 'FORBIDDEN', 'COMMENT_NOT_FOUND'],
    }),
  },
  accounts: {
    me: route({
      method: 'GET',
      path: '/me',
      auth: 'user',
      summary:
        "The caller's apodo (null until chosen), email (only ever sent to them), role, the end of a suspension in force and the unread notifications (counted up to 10).",
      success: { status: 200, description: 'The caller.', schema: meSchema },
      errors: [],
    }),
    setName: route({
      method: 'PUT',
      path: '/me/name',
      auth: 'user',
      summary: "Claims an apodo (unique ignoring case and accents) and signs the caller's posts and comments with it.",
      body: setNameSchema,
      success: { status: 200, description: 'The apodo as stored (NFC, trimmed, single spaces).', schema: nameResultSchema },
      errors: ['INVALID_REQUEST', 'INVALID_NAME', 'NAME_TAKEN', 'TOO_MANY_RENAMES'],
    }),
    remove: route({
      method: 'DELETE',
      path: '/me',
      auth: 'user',
      account: 'accountDeletion',
      summary:
        'Deletes the account, its notifications and Web Push devices, and closes its live connections; its posts and comments stay, signed «Anonimo», or with `content: "delete"` are deleted too (the body is optional).',
      body: deleteMeSchema,
      success: { status: 204, description: 'Deleted.' },
      errors: ['INVALID_REQUEST'],
    }),
    export: route({
      method: 'GET',
      path: '/me/export',
      auth: 'user',
      summary:
        "A download of the caller's data: the account, every post (any status), comment, vote, saved post, notification and report, and the number of push devices. At most 5 a day.",
      success: {
        status: 200,
        description: 'The data, as a JSON file (`Content-Disposition: attachment; filename="vaya-dia-<apodo>.json"`).',
        schema: accountExportSchema,
      },
      errors: ['RATE_LIMITED'],
    }),
  },
  notifications: {
    list: route({
      method: 'GET',
      path: '/me/notifications',
      auth: 'user',
      summary:
        "The caller's notifications («Avisos»), newest first: their post published, rejected (with the reason), commented by others (one per post, counted), in the day's Top. Kept 90 days.",
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'A page of notifications.', schema: notificationPageSchema },
      errors: PAGING_ERRORS,
    }),
    markRead: route({
      method: 'POST',
      path: '/me/notifications/read',
      auth: 'user',
      account: 'kept',
      summary:
        "Marks those of the caller's notifications read (`ids`, 1–100), or all of them when `ids` is absent. A suspended account may.",
      body: markReadSchema,
      success: { status: 204, description: 'Marked read (unknown ids and notifications already read are left alone).' },
      errors: ['INVALID_REQUEST'],
    }),
    pushKey: route({
      method: 'GET',
      path: '/push/key',
      auth: 'public',
      summary: 'The VAPID public key (base64url) a browser subscribes to Web Push with (`applicationServerKey`).',
      success: { status: 200, description: 'The key.', schema: pushKeySchema },
      errors: [],
    }),
    subscribe: route({
      method: 'PUT',
      path: '/me/push-subscriptions',
      auth: 'user',
      summary:
        "Keeps this device's Web Push subscription (`PushSubscription.toJSON()`): each new notification of the caller is pushed to it. The endpoint must be https on a configured push service (FCM, Mozilla, Apple, Windows); the same subscription again changes nothing, and a device another account had moves to the caller. An account keeps at most 10 devices: one more drops the one subscribed longest ago.",
      body: pushSubscriptionSchema,
      success: { status: 204, description: 'Kept.' },
      errors: ['INVALID_REQUEST', 'INVALID_SUBSCRIPTION'],
    }),
    unsubscribe: route({
      method: 'DELETE',
      path: '/me/push-subscriptions',
      auth: 'user',
      account: 'kept',
      summary: "Forgets this device's subscription, if it is the caller's. A suspended account may.",
      body: pushUnsubscribeSchema,
      success: { status: 204, description: "Forgotten (or it was not the caller's)." },
      errors: ['INVALID_REQUEST'],
    }),
  },
  authors: {
    get: route({
      method: 'GET',
      path: '/authors/{name}',
      auth: 'public',
      summary:
        "An author's page: the apodo as held now (looked up ignoring case, accents and look-alike letters), since when, published posts and the votes they received. A name no account holds that signs published posts (the samples, an imported archive) has a page built from them; an account's page wins over such posts.",
      params: byName,
      success: { status: 200, description: 'The author.', schema: authorSchema },
      redirect: {
        status: 301,
        description: `An apodo its account left by a rename (for ${FORMER_NAME_DAYS} days, unless someone else claims it): \`Location\` is \`/authors/{the apodo it holds now}\`.`,
      },
      errors: ['AUTHOR_NOT_FOUND'],
    }),
    posts: route({
      method: 'GET',
      path: '/authors/{name}/posts',
      auth: 'public',
      summary: "A page of an author's published posts, newest first.",
      params: byName,
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'Published posts, newest `publishedAt` first.', schema: postPageSchema },
      redirect: {
        status: 301,
        description: `An apodo its account left by a rename (for ${FORMER_NAME_DAYS} days, unless someone else claims it): \`Location\` is the same page at the apodo it holds now.`,
      },
      errors: ['AUTHOR_NOT_FOUND', ...PAGING_ERRORS],
    }),
  },
  search: {
    posts: route({
      method: 'GET',
      path: '/search',
      auth: 'public',
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
    }),
    similar: route({
      method: 'GET',
      path: '/posts/similar',
      auth: 'user',
      summary: `«¿Se parece a alguna de estas?»: up to ${MAX_SIMILAR_POSTS} published posts that share most of the significant words of \`text\` (a draft), best first; read from the search index, one Query per term.`,
      query: z.object({
        text: z
          .string()
          .check(
            z.describe(
              `The text to compare: 1 to ${MAX_SIMILAR_TEXT_LENGTH} characters once trimmed. Spanish stop words are ignored; of more than ${MAX_SIMILAR_TERMS} distinct words, the ${MAX_SIMILAR_TERMS} longest are looked up.`,
            ),
          ),
      }),
      success: { status: 200, description: 'The look-alikes, best first (none when no post shares enough).', schema: similarPostsSchema },
      errors: ['INVALID_SIMILAR_TEXT'],
    }),
  },
  saved: {
    save: route({
      method: 'PUT',
      path: '/posts/{id}/save',
      auth: 'user',
      summary: "Keeps a published post in the caller's «Guardadas» (saving it again changes nothing).",
      params: byId,
      success: { status: 204, description: 'Saved.' },
      errors: ['POST_NOT_FOUND', 'TOO_MANY_CHANGES'],
    }),
    unsave: route({
      method: 'DELETE',
      path: '/posts/{id}/save',
      auth: 'user',
      summary: "Takes a post out of the caller's «Guardadas».",
      params: byId,
      success: { status: 204, description: 'No longer saved.' },
      errors: ['POST_NOT_FOUND', 'TOO_MANY_CHANGES'],
    }),
    list: route({
      method: 'GET',
      path: '/me/saved',
      auth: 'user',
      summary: "The caller's «Guardadas», newest saved first; posts no longer public are left out.",
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'Saved posts that are still published, newest saved first.', schema: postPageSchema },
      errors: PAGING_ERRORS,
    }),
    ids: route({
      method: 'GET',
      path: '/me/saved/ids',
      auth: 'user',
      summary: 'Which of those posts the caller saved.',
      query: z.object({ ids: z.string().check(z.describe(`Comma-separated post ids, 1 to ${MAX_SAVED_IDS}.`)) }),
      success: { status: 200, description: 'The saved ones among the ids.', schema: savedIdsSchema },
      errors: ['INVALID_REQUEST'],
    }),
  },
  blocks: {
    block: route({
      method: 'PUT',
      path: '/me/blocks/{name}',
      auth: 'user',
      idempotent: true,
      summary: `Blocks the account that holds an apodo (looked up as author pages are; an apodo it left by a rename within ${FORMER_NAME_DAYS} days leads to it too): its posts and comments fold for the caller, and none of its comments, replies or mentions notifies them. It is never told. At most ${MAX_BLOCKS} blocks; blocking again changes nothing.`,
      params: byName,
      success: { status: 204, description: 'Blocked.' },
      errors: ['AUTHOR_NOT_FOUND', 'CANNOT_BLOCK_YOURSELF', 'TOO_MANY_BLOCKS', 'TOO_MANY_CHANGES'],
    }),
    unblock: route({
      method: 'DELETE',
      path: '/me/blocks/{name}',
      auth: 'user',
      idempotent: true,
      summary: 'Unblocks the account that holds an apodo (looked up as for blocking); nothing changes when it was not blocked.',
      params: byName,
      success: { status: 204, description: 'Not blocked.' },
      errors: ['AUTHOR_NOT_FOUND', 'CANNOT_BLOCK_YOURSELF', 'TOO_MANY_CHANGES'],
    }),
    list: route({
      method: 'GET',
      path: '/me/blocks',
      auth: 'user',
      summary: "The apodos of the accounts the caller blocked, as they hold them now, alphabetically (a deleted account's block is gone).",
      success: { status: 200, description: 'The blocked apodos.', schema: blockListSchema },
      errors: [],
    }),
  },
  appeals: {
    appeal: route({
      method: 'POST',
      path: '/me/appeal',
      auth: 'user',
      // The one write a suspended account makes that is not a removal: its say against the suspension.
      account: 'kept',
      idempotent: true,
      summary:
        'A suspended account appeals the suspension in force, once (1–500 characters, stored trimmed); moderators answer it in `/moderation/appeals`.',
      body: appealRequestSchema,
      success: { status: 201, description: 'The appeal, open.', schema: appealSchema },
      errors: ['INVALID_REQUEST', 'INVALID_APPEAL', 'NOT_SUSPENDED', 'ALREADY_APPEALED'],
    }),
    open: route({
      method: 'GET',
      path: '/moderation/appeals',
      auth: 'moderator',
      summary: 'The open appeals, oldest first, each with its suspension (moderators only; one Query a page).',
      query: z.object(paging(DEFAULT_PAGE_SIZE)),
      success: { status: 200, description: 'Open appeals, oldest first.', schema: appealPageSchema },
      errors: ['FORBIDDEN', ...PAGING_ERRORS],
    }),
    decide: route({
      method: 'PUT',
      path: '/moderation/appeals/{id}',
      auth: 'moderator',
      idempotent: true,
      summary:
        "A moderator answers an appeal: `lift` ends the suspension (as a moderator's lift), `uphold` keeps it; the author gets `appeal.decided` with the reply. Recorded in the moderation log (`appeal.lift`, `appeal.uphold`).",
      params: byId,
      body: appealDecisionSchema,
      success: { status: 200, description: 'The appeal, decided.', schema: appealSchema },
      errors: ['INVALID_REQUEST', 'FORBIDDEN', 'APPEAL_NOT_FOUND', 'ALREADY_DECIDED'],
    }),
  },
} as const;

export type RouteGroup = keyof typeof routes;

/** `posts.create` and the like: a route's name in the table. */
export type RouteName = { [G in RouteGroup]: `${G}.${keyof (typeof routes)[G] & string}` }[RouteGroup];

/** The route a name names. */
export type RouteOf<N extends RouteName> = N extends `${infer G extends RouteGroup}.${infer K}`
  ? K extends keyof (typeof routes)[G]
    ? (typeof routes)[G][K]
    : never
  : never;

/** API Gateway's route key of a route (`POST /posts`), which the HTTP edge receives as `routeKey`. */
export function routeKey(route: Pick<Route, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

/** Every route with its group and name, in the table's order. */
export function allRoutes(): Array<{ group: RouteGroup; name: RouteName; route: Route }> {
  return Object.entries(routes).flatMap(([group, members]) =>
    Object.entries(members as Record<string, Route>).map(([key, route]) => ({
      group: group as RouteGroup,
      name: `${group}.${key}` as RouteName,
      route,
    })),
  );
}

/**
 * The API's paths: every path that starts with one of these (the first segment of some route) goes to
 * the HTTP API and answers its JSON, never a page (CloudFront path patterns `<prefix>*`).
 */
export const API_PATH_PREFIXES: readonly string[] = [...new Set(allRoutes().map(({ route }) => `/${route.path.split('/')[1]}`))];
