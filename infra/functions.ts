/**
 * Every Lambda function, declared once: its handler module, what invokes it, which tables it may touch
 * and how, and what else it needs to reach. The CDK constructs (infra/constructs) and the local cloud
 * (infra/local) both read this list, so a function cannot exist in one and differ in the other, and a
 * function's environment is derived from what it declares: a handler that reads a variable its
 * declaration does not give fails locally exactly as it would on AWS.
 */
import {
  BLOCKS_INDEX,
  COMMENTS_INDEX,
  CONNECTIONS_INDEX,
  ENV,
  MODERATION_INDEX,
  NOTIFICATIONS_INDEX,
  PUSH_SUBSCRIPTIONS_INDEX,
  POSTS_INDEX,
  SAVED_INDEX,
  SEARCH_INDEX,
  TABLES,
  TOP_INDEX,
  type TableName,
} from '../functions/store/tables';
import { SHARE_CARD_FILES } from '../functions/images/assets';
import { OPENAPI_FILE } from '../functions/config';
import { routes, type Route } from '../functions/contract/routes';
import type { FilterPattern } from '../functions/filterPatterns';
import { filtersOf, POST_STREAM_PARTS } from '../functions/postStreamParts';

export { TABLES, type TableName };

/** DynamoDB item actions a function may be granted on a table (transactions need the same ones). */
export type ItemAction = 'GetItem' | 'BatchGetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'ConditionCheckItem' | 'BatchWriteItem';

export type TableAccess = {
  /** Actions on the table's items. */
  readonly items?: readonly ItemAction[];
  /** Indexes it may Query (never the whole `index/*`). */
  readonly queryIndexes?: readonly string[];
  /** Whether it may Query the table itself, by its own keys (the search index's terms). */
  readonly query?: boolean;
  /** Whether it may Scan the table (only the broadcast, over the connections table). */
  readonly scan?: boolean;
};

/** Lambda's filter patterns (functions/filterPatterns.ts): both the stack and the local stream poller apply them. */
export type { FilterPattern, FilterRule } from '../functions/filterPatterns';

/**
 * API Gateway throttling of one route, for all callers together: requests a second, and how many may
 * arrive at once above that (the token bucket's size). Calls over it are refused with 429 before any
 * function runs.
 */
export type Throttle = { readonly rateLimit: number; readonly burstLimit: number };

/**
 * The throttle of a route whose declaration names none. Reads are cheap (one Query) and mostly
 * served by CloudFront's short cache; writes cost more, and none of them is made at a rate anywhere
 * near this by people using the site, so they are tighter.
 */
export const DEFAULT_THROTTLE = {
  read: { rateLimit: 100, burstLimit: 200 },
  write: { rateLimit: 20, burstLimit: 40 },
} as const satisfies Record<string, Throttle>;

export type HttpTrigger = {
  readonly type: 'http';
  /**
   * The contract's route (functions/contract/routes.ts): method, path and who may call it. A `user` or
   * `moderator` route is behind the JWT authorizer on the user pool's ID tokens, and the caller's
   * account state is read on every request (functions/handlers/http/http.ts), so it declares GetItem
   * on the names table.
   */
  readonly route: Route;
  /** @default DEFAULT_THROTTLE.read for GET, DEFAULT_THROTTLE.write for every other method */
  readonly throttle?: Throttle;
};

export type WebSocketTrigger = {
  readonly type: 'websocket';
  readonly route: '$connect' | '$disconnect';
  /** @default - the WebSocket stage's own throttle */
  readonly throttle?: Throttle;
};

/**
 * A DynamoDB stream read by an event source mapping, with Lambda's options. Every stream-fed handler
 * reports partial batch failures (functions/handlers/triggers.ts `streamHandler`), and every mapping
 * says so (`ReportBatchItemFailures`): Lambda retries from the first record that failed, never the
 * records before it. A stream has two mappings at most (DynamoDB Streams serves two readers a shard;
 * more throttle each other): the local stream poller refuses a third.
 */
export type StreamTrigger = {
  readonly type: 'stream';
  readonly table: TableName;
  /** Records per invocation at most. */
  readonly batchSize: number;
  /** How long to gather records before invoking with fewer than a batch. */
  readonly maxBatchingWindowSeconds: number;
  /**
   * Retries of a failing batch (from its first failed record, or each half again after a bisection of
   * a batch that threw) before it goes to the failure destination.
   */
  readonly retryAttempts: number;
  readonly bisectBatchOnError: boolean;
  /** Records older than this are not processed; they go to the failure destination. */
  readonly maxRecordAgeSeconds: number;
  /** Only records matching one of these reach the function. */
  readonly filters: readonly FilterPattern[];
};

/**
 * The site's documents (infra/documentRoutes.ts `document`): CloudFront's default behaviour has the
 * function's URL as its origin; the local web server calls it for the same paths. At most one. Its
 * shell, the built app's index.html, is bundled beside it (infra/constructs/pages.ts) and given to
 * it locally (infra/local/cloud.ts) as `index.html` in `LAMBDA_TASK_ROOT`.
 */
export type DocumentTrigger = { readonly type: 'document' };

/**
 * The share cards (infra/documentRoutes.ts `image`, the paths under `/og/`): a CloudFront behaviour of
 * their own, with a long cache, has the function's URL as its origin; the local web server calls it
 * for the same paths. At most one.
 */
export type ImageTrigger = { readonly type: 'image' };

/**
 * Invoked by other declared functions only, asynchronously (`InvocationType: 'Event'`), with Lambda's
 * options for asynchronous invocations; what fails every retry goes to the failure destination.
 */
export type InvokeTrigger = {
  readonly type: 'invoke';
  /** Retries of a failed invocation (Lambda allows 0–2). */
  readonly retryAttempts: number;
  /** An event older than this is dropped (to the failure destination) instead of run. */
  readonly maxEventAgeSeconds: number;
};

/**
 * Run on a schedule by an EventBridge rule (infra/constructs/maintenance.ts). Locally there is no
 * scheduler: each has a command that runs the same domain code (`npm run rebuild -- <target>`).
 */
export type ScheduleTrigger = {
  readonly type: 'schedule';
  /** An EventBridge cron, in UTC: minute, hour, day of month, month, day of week, year. */
  readonly cron: { readonly minute: string; readonly hour: string };
  /** What it does, for the rule's description. */
  readonly description: string;
};

export type Trigger = HttpTrigger | WebSocketTrigger | StreamTrigger | DocumentTrigger | ImageTrigger | InvokeTrigger | ScheduleTrigger;

/** Addresses a function reads from its environment besides table names. */
export const ENDPOINTS = {
  /** The WebSocket API's management endpoint (`https://…/live`), for PostToConnection. */
  liveManagement: ENV.wsManagementEndpoint,
  /** The user pool's id, for Cognito's admin API (its grant names the actions: see infra/constructs/api.ts). */
  userPool: ENV.userPoolId,
  /** The same pool's id, granted only `ListUsersInGroup` (who is a moderator: infra/constructs/api.ts). */
  moderatorsGroup: ENV.userPoolId,
  /** The same pool's id, granted only `AdminGetUser` (when an account was created, for its data export). */
  accountRecord: ENV.userPoolId,
  /** The user pool's token issuer URL (its keys at `/.well-known/jwks.json`), for `?token=` at `$connect`. */
  tokenIssuer: ENV.tokenIssuer,
  /** The app client id ID tokens are meant for (their `aud`), as the HTTP API's authorizer checks. */
  tokenAudience: ENV.tokenAudience,
  /** The Secrets Manager secret of the VAPID keys (its grant: GetSecretValue on that secret only). */
  pushKeys: ENV.vapidSecret,
  /** The push services subscriptions may name (the deployment's allow-list; no grant). */
  pushServices: ENV.pushServices,
  /** The operator's details and the region, for the legal documents (deploy context; no grant). */
  legalDetails: ENV.legalDetails,
  /** The site's CloudFront distribution id (its grant: CreateInvalidation on that distribution only). */
  siteDistribution: ENV.siteDistribution,
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

export type FunctionDeclaration = {
  /** Construct id, PascalCase; also the local function's name in logs. */
  readonly id: string;
  /** The handler module, relative to the repository root; it exports `handler`. */
  readonly entry: string;
  readonly trigger: Trigger;
  readonly tables: { readonly [T in TableName]?: TableAccess };
  readonly endpoints?: readonly EndpointName[];
  /**
   * Declared functions it invokes (by id): each one's name reaches it in the environment variable
   * {@link INVOKED_FUNCTION_ENV} names, with the permission to invoke that function only.
   */
  readonly invokes?: readonly string[];
  /** @default 256 */
  readonly memorySize?: number;
  /** Seconds. @default 10 */
  readonly timeoutSeconds?: number;
  /**
   * Files the handler reads beside itself (`LAMBDA_TASK_ROOT`): name there → path from the repository
   * root. Copied into the bundle on AWS (infra/constructs/lambdaFunction.ts) and into the function's own
   * folder by the local cloud.
   * @default - none
   */
  readonly files?: Readonly<Record<string, string>>;
};

/** The environment variable that names each function another one invokes. */
export const INVOKED_FUNCTION_ENV: Readonly<Record<string, string>> = {
  BroadcastPart: ENV.broadcastPartFunction,
};

export const FUNCTIONS = [
  {
    id: 'ListPosts',
    entry: 'functions/handlers/http/listPosts.ts',
    trigger: { type: 'http', route: routes.posts.list },
    tables: { posts: { queryIndexes: [POSTS_INDEX.feed, POSTS_INDEX.category] } },
  },
  {
    id: 'GetRandomPost',
    entry: 'functions/handlers/http/getRandomPost.ts',
    // Never cached (each call is another post), so every call reaches the function.
    trigger: { type: 'http', route: routes.posts.random, throttle: { rateLimit: 50, burstLimit: 100 } },
    tables: { posts: { queryIndexes: [POSTS_INDEX.random] } },
  },
  {
    id: 'GetPost',
    entry: 'functions/handlers/http/getPost.ts',
    trigger: { type: 'http', route: routes.posts.get },
    tables: { posts: { items: ['GetItem'] } },
  },
  {
    id: 'CreatePost',
    entry: 'functions/handlers/http/createPost.ts',
    // Each account may publish 5 posts in 10 minutes (the contract's rate limit); this bounds all of
    // them together, many accounts included.
    trigger: { type: 'http', route: routes.posts.create, throttle: { rateLimit: 5, burstLimit: 10 } },
    // The post (read first when sent again under an Idempotency-Key) and the key's record; the text's
    // fingerprint row (moderation table) read, then claimed with the post in one TransactWriteItems,
    // and the post it names read (domain/fingerprint.ts).
    tables: {
      posts: { items: ['GetItem', 'PutItem'] },
      moderation: { items: ['GetItem', 'PutItem'] },
      rateLimits: { items: ['GetItem', 'PutItem'] },
      // The author's account row read, and checked in the post's transaction (not marked deleted).
      names: { items: ['GetItem', 'ConditionCheckItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'ListMyPosts',
    entry: 'functions/handlers/http/listMyPosts.ts',
    trigger: { type: 'http', route: routes.posts.mine },
    tables: { posts: { queryIndexes: [POSTS_INDEX.author] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'DeletePost',
    entry: 'functions/handlers/http/deletePost.ts',
    trigger: { type: 'http', route: routes.posts.remove },
    // A moderator's removal and its log entry (moderation table) in one TransactWriteItems; the
    // moderator's apodo signs the entry.
    tables: { posts: { items: ['GetItem', 'UpdateItem'] }, moderation: { items: ['PutItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'ResendPost',
    entry: 'functions/handlers/http/resendPost.ts',
    trigger: { type: 'http', route: routes.posts.resend, throttle: { rateLimit: 5, burstLimit: 10 } },
    // The post read, then edited and its new text's fingerprint row claimed in one TransactWriteItems.
    tables: { posts: { items: ['GetItem', 'UpdateItem'] }, moderation: { items: ['GetItem', 'PutItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'ReportPost',
    entry: 'functions/handlers/http/reportPost.ts',
    trigger: { type: 'http', route: routes.reports.post },
    // The report row and the post's count in one TransactWriteItems; the Idempotency-Key's record.
    tables: {
      posts: { items: ['GetItem', 'UpdateItem'] },
      moderation: { items: ['PutItem'] },
      names: { items: ['GetItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'NextForModeration',
    entry: 'functions/handlers/http/nextForModeration.ts',
    trigger: { type: 'http', route: routes.moderation.next },
    // The queue's Query and the caller's votes, then the post's look-alikes as GET /posts/similar reads them.
    tables: {
      posts: { items: ['BatchGetItem'], queryIndexes: [POSTS_INDEX.queue] },
      moderation: { items: ['BatchGetItem'] },
      names: { items: ['GetItem'] },
      search: { query: true },
    },
  },
  {
    id: 'VoteOnPost',
    entry: 'functions/handlers/http/voteOnPost.ts',
    trigger: { type: 'http', route: routes.moderation.vote },
    // The vote row, the post's tally (and status) and the voter's count of the day in one TransactWriteItems.
    tables: {
      posts: { items: ['GetItem', 'UpdateItem'] },
      moderation: { items: ['PutItem', 'UpdateItem'] },
      names: { items: ['GetItem'] },
    },
  },
  {
    id: 'SkipForModeration',
    entry: 'functions/handlers/http/skipForModeration.ts',
    trigger: { type: 'http', route: routes.moderation.skip },
    // The post read (pending, not the caller's), then the skip row put.
    tables: { posts: { items: ['GetItem'] }, moderation: { items: ['PutItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'ListPending',
    entry: 'functions/handlers/http/listPending.ts',
    trigger: { type: 'http', route: routes.moderation.pending },
    tables: { posts: { queryIndexes: [POSTS_INDEX.queue] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'ModerationToday',
    entry: 'functions/handlers/http/moderationToday.ts',
    trigger: { type: 'http', route: routes.moderation.today },
    tables: { moderation: { items: ['GetItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'DecideOnPost',
    entry: 'functions/handlers/http/decideOnPost.ts',
    trigger: { type: 'http', route: routes.moderation.decide },
    // The post's change and the log entry in one TransactWriteItems.
    tables: { posts: { items: ['GetItem', 'UpdateItem'] }, moderation: { items: ['PutItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'CreateSuspension',
    entry: 'functions/handlers/http/createSuspension.ts',
    trigger: { type: 'http', route: routes.moderation.suspend },
    // The account row, the suspension and its log entry in one TransactWriteItems; then the
    // account's pending posts (author index) rejected one conditional update each.
    tables: {
      posts: { items: ['GetItem', 'UpdateItem'], queryIndexes: [POSTS_INDEX.author] },
      comments: { items: ['GetItem'] },
      moderation: { items: ['PutItem'] },
      names: { items: ['GetItem', 'UpdateItem'] },
    },
    // Whether the author is a moderator (who may not be suspended).
    endpoints: ['moderatorsGroup'],
  },
  {
    id: 'ListSuspensions',
    entry: 'functions/handlers/http/listSuspensions.ts',
    trigger: { type: 'http', route: routes.moderation.suspensions },
    tables: { moderation: { queryIndexes: [MODERATION_INDEX.list] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'LiftSuspension',
    entry: 'functions/handlers/http/liftSuspension.ts',
    trigger: { type: 'http', route: routes.moderation.lift },
    // The account row, the suspension and the log entry in one TransactWriteItems.
    tables: { moderation: { items: ['GetItem', 'UpdateItem', 'PutItem'] }, names: { items: ['GetItem', 'UpdateItem'] } },
  },
  {
    id: 'ReadModerationLog',
    entry: 'functions/handlers/http/readModerationLog.ts',
    trigger: { type: 'http', route: routes.moderation.log },
    tables: { moderation: { queryIndexes: [MODERATION_INDEX.list] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'AppealSuspension',
    entry: 'functions/handlers/http/appealSuspension.ts',
    trigger: { type: 'http', route: routes.appeals.appeal },
    // The suspension the account row names (its record), then the appeal: one conditional PutItem.
    tables: {
      names: { items: ['GetItem'] },
      moderation: { items: ['GetItem', 'PutItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'ListAppeals',
    entry: 'functions/handlers/http/listAppeals.ts',
    trigger: { type: 'http', route: routes.appeals.open },
    tables: { moderation: { queryIndexes: [MODERATION_INDEX.list] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'DecideAppeal',
    entry: 'functions/handlers/http/decideAppeal.ts',
    trigger: { type: 'http', route: routes.appeals.decide },
    // The appeal and its suspension read; then one TransactWriteItems: the appeal, the log entry, the
    // author's notification and, to lift, the account row and the suspension's record.
    tables: {
      moderation: { items: ['GetItem', 'UpdateItem', 'PutItem'] },
      names: { items: ['GetItem', 'UpdateItem'] },
      notifications: { items: ['PutItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'ListReported',
    entry: 'functions/handlers/http/listReported.ts',
    trigger: { type: 'http', route: routes.moderation.reported },
    tables: {
      posts: { queryIndexes: [POSTS_INDEX.queue] },
      comments: { queryIndexes: [COMMENTS_INDEX.queue] },
      names: { items: ['GetItem'] },
    },
  },
  {
    id: 'ListComments',
    entry: 'functions/handlers/http/listComments.ts',
    trigger: { type: 'http', route: routes.comments.list },
    // One Query of the post's top-level comments (post index for `old`, thread index for `best`), then
    // one Query of the thread index for each comment of the page that has replies.
    tables: { posts: { items: ['GetItem'] }, comments: { queryIndexes: [COMMENTS_INDEX.post, COMMENTS_INDEX.thread] } },
  },
  {
    id: 'ListReplies',
    entry: 'functions/handlers/http/listReplies.ts',
    trigger: { type: 'http', route: routes.comments.replies },
    // The top-level comment, then one Query of its replies on the thread index.
    tables: { posts: {}, comments: { items: ['GetItem'], queryIndexes: [COMMENTS_INDEX.thread] } },
  },
  {
    id: 'CastCommentVote',
    entry: 'functions/handlers/http/castCommentVote.ts',
    trigger: { type: 'http', route: routes.comments.vote, throttle: { rateLimit: 40, burstLimit: 80 } },
    // The vote row and the comment's counts (and best-order rank) in one TransactWriteItems.
    tables: {
      posts: {},
      comments: { items: ['GetItem', 'UpdateItem'] },
      commentVotes: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'RemoveCommentVote',
    entry: 'functions/handlers/http/removeCommentVote.ts',
    trigger: { type: 'http', route: routes.comments.unvote, throttle: { rateLimit: 40, burstLimit: 80 } },
    tables: {
      posts: {},
      comments: { items: ['GetItem', 'UpdateItem'] },
      commentVotes: { items: ['GetItem', 'DeleteItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'ListMyCommentVotes',
    entry: 'functions/handlers/http/listMyCommentVotes.ts',
    trigger: { type: 'http', route: routes.comments.myVotes },
    tables: { commentVotes: { items: ['BatchGetItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'CreateComment',
    entry: 'functions/handlers/http/createComment.ts',
    // Each account may comment 10 times in 10 minutes (the contract's limit); this bounds all together.
    trigger: { type: 'http', route: routes.comments.create, throttle: { rateLimit: 10, burstLimit: 20 } },
    // The comment and its post's count in one TransactWriteItems.
    tables: {
      posts: { items: ['GetItem', 'UpdateItem'] },
      // Read first when sent again under an Idempotency-Key; a reply's parent is read, and counted in the same transaction.
      comments: { items: ['GetItem', 'PutItem', 'UpdateItem'] },
      rateLimits: { items: ['GetItem', 'PutItem'] },
      // The author's apodo, and the check in the comment's transaction that the account is not marked deleted.
      names: { items: ['GetItem', 'ConditionCheckItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'DeleteComment',
    entry: 'functions/handlers/http/deleteComment.ts',
    trigger: { type: 'http', route: routes.comments.remove },
    // A moderator's removal is logged in the same transaction (moderation table). A top-level comment's
    // replies leave with it (thread index), each with its post's count.
    tables: {
      posts: { items: ['UpdateItem'] },
      comments: { items: ['GetItem', 'UpdateItem'], queryIndexes: [COMMENTS_INDEX.thread] },
      moderation: { items: ['PutItem'] },
      names: { items: ['GetItem'] },
    },
  },
  {
    id: 'ReportComment',
    entry: 'functions/handlers/http/reportComment.ts',
    trigger: { type: 'http', route: routes.reports.comment },
    // The report row, the comment's count and (when it hides it) the post's count in one transaction.
    tables: {
      posts: { items: ['UpdateItem'] },
      comments: { items: ['GetItem', 'UpdateItem'] },
      moderation: { items: ['PutItem'] },
      names: { items: ['GetItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'DecideOnComment',
    entry: 'functions/handlers/http/decideOnComment.ts',
    trigger: { type: 'http', route: routes.comments.decide },
    // The comment's change, its post's count and the log entry in one transaction; a removed top-level
    // comment's replies leave with it (thread index).
    tables: {
      posts: { items: ['UpdateItem'] },
      comments: { items: ['GetItem', 'UpdateItem'], queryIndexes: [COMMENTS_INDEX.thread] },
      moderation: { items: ['PutItem'] },
      names: { items: ['GetItem'] },
    },
  },
  {
    id: 'GetMe',
    entry: 'functions/handlers/http/getMe.ts',
    trigger: { type: 'http', route: routes.accounts.me },
    // The account row, and the unread notifications counted (one capped COUNT Query of a sparse index);
    // while suspended, the suspension's record the row names (its reason).
    tables: {
      names: { items: ['GetItem'] },
      notifications: { queryIndexes: [NOTIFICATIONS_INDEX.unread] },
      moderation: { items: ['GetItem'] },
    },
  },
  {
    id: 'ListNotifications',
    entry: 'functions/handlers/http/listNotifications.ts',
    trigger: { type: 'http', route: routes.notifications.list },
    // One Query of the account's recent-index a page, one BatchGetItem of its posts (their first words).
    tables: {
      notifications: { queryIndexes: [NOTIFICATIONS_INDEX.recent] },
      posts: { items: ['BatchGetItem'] },
      names: { items: ['GetItem'] },
    },
  },
  {
    id: 'MarkNotificationsRead',
    entry: 'functions/handlers/http/markNotificationsRead.ts',
    trigger: { type: 'http', route: routes.notifications.markRead },
    // One conditional update per unread notification (all of them: read from the sparse unread-index).
    tables: { notifications: { items: ['UpdateItem'], queryIndexes: [NOTIFICATIONS_INDEX.unread] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'GetPushKey',
    entry: 'functions/handlers/http/getPushKey.ts',
    trigger: { type: 'http', route: routes.notifications.pushKey },
    // The VAPID public key, from the secret (read once per execution environment).
    tables: {},
    endpoints: ['pushKeys'],
  },
  {
    id: 'PutPushSubscription',
    entry: 'functions/handlers/http/putPushSubscription.ts',
    trigger: { type: 'http', route: routes.notifications.subscribe },
    // The endpoint checked against the push services first; then the account's list of devices read
    // (GetItem) and written with the row (PutItem) in one TransactWriteItems, past the cap the list's rows
    // read (BatchGetItem) and the oldest deleted in it (DeleteItem).
    tables: { pushSubscriptions: { items: ['GetItem', 'BatchGetItem', 'PutItem', 'DeleteItem'] }, names: { items: ['GetItem'] } },
    endpoints: ['pushServices'],
  },
  {
    id: 'DeletePushSubscription',
    entry: 'functions/handlers/http/deletePushSubscription.ts',
    trigger: { type: 'http', route: routes.notifications.unsubscribe },
    // One DeleteItem, on condition that the row is the caller's.
    tables: { pushSubscriptions: { items: ['DeleteItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'SetMyName',
    entry: 'functions/handlers/http/setMyName.ts',
    trigger: { type: 'http', route: routes.accounts.setName },
    // The name row (Put), the account row (Update: a suspension on it stays) and the freed old name
    // in one TransactWriteItems; then the caller's posts and comments signed with the new name.
    tables: {
      names: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
      posts: { items: ['UpdateItem'], queryIndexes: [POSTS_INDEX.author] },
      comments: { items: ['UpdateItem'], queryIndexes: [COMMENTS_INDEX.author] },
    },
  },
  {
    id: 'DeleteMe',
    entry: 'functions/handlers/http/deleteMe.ts',
    trigger: { type: 'http', route: routes.accounts.remove },
    // Marks the account deleted and frees the apodo (one transaction), signs the posts and comments «Anonimo», then AdminDeleteUser on the pool (the only
    // Cognito action granted: the API receives ID tokens, and DeleteUser would need the access token).
    // Its Web Push devices go too (its list of devices and account-index, each row deleted), and its
    // notifications (its partition) and open sockets (account-index, each closed on the management API).
    // With `content: "delete"`, its posts and comments are deleted instead of signed: each comment with
    // its post's count in one transaction, each post with its text's fingerprint row, and a comment
    // notification of another author that names it counted down (read, then written on its version).
    tables: {
      names: { items: ['GetItem', 'PutItem', 'DeleteItem'] },
      posts: { items: ['GetItem', 'UpdateItem', 'DeleteItem'], queryIndexes: [POSTS_INDEX.author] },
      comments: { items: ['GetItem', 'UpdateItem', 'DeleteItem'], queryIndexes: [COMMENTS_INDEX.author, COMMENTS_INDEX.thread] },
      // Its appeals (user-index entries under `appeal#`), each deleted.
      moderation: { items: ['DeleteItem'], queryIndexes: [MODERATION_INDEX.user] },
      notifications: { items: ['GetItem', 'PutItem', 'DeleteItem'], query: true },
      connections: { items: ['DeleteItem'], queryIndexes: [CONNECTIONS_INDEX.account] },
      pushSubscriptions: { items: ['GetItem', 'BatchGetItem', 'DeleteItem'], queryIndexes: [PUSH_SUBSCRIPTIONS_INDEX.account] },
      // Its blocks and the blocks of it (blocked-index), each deleted.
      blocks: { items: ['DeleteItem'], query: true, queryIndexes: [BLOCKS_INDEX.blocked] },
    },
    endpoints: ['userPool', 'liveManagement'],
  },
  {
    id: 'ExportMyData',
    entry: 'functions/handlers/http/exportMyData.ts',
    trigger: { type: 'http', route: routes.accounts.export },
    // The day's slot (a conditional Put on the version read), then one paged Query of each of the
    // account's partitions and author index entries, and AdminGetUser for when the account was made.
    tables: {
      names: { items: ['GetItem', 'BatchGetItem'] },
      rateLimits: { items: ['GetItem', 'PutItem'] },
      posts: { queryIndexes: [POSTS_INDEX.author] },
      comments: { queryIndexes: [COMMENTS_INDEX.author] },
      votes: { query: true },
      commentVotes: { query: true },
      saved: { queryIndexes: [SAVED_INDEX.byTime] },
      notifications: { queryIndexes: [NOTIFICATIONS_INDEX.recent] },
      // Reports and appeals from the user-index; each appeal's own item read for its words.
      moderation: { items: ['GetItem'], queryIndexes: [MODERATION_INDEX.user] },
      pushSubscriptions: { queryIndexes: [PUSH_SUBSCRIPTIONS_INDEX.account] },
      // Its blocks (one Query), listed by the apodos the blocked accounts hold now (names: BatchGetItem).
      blocks: { query: true },
    },
    endpoints: ['accountRecord'],
    timeoutSeconds: 30,
  },
  {
    id: 'CastVote',
    entry: 'functions/handlers/http/castVote.ts',
    // The most frequent write (a press on a card): looser than other writes, each one a two-item transaction.
    trigger: { type: 'http', route: routes.votes.cast, throttle: { rateLimit: 40, burstLimit: 80 } },
    // The vote row and the post's counters in one TransactWriteItems (a change updates the row, a removal deletes it).
    // A change also counts one in the caller's window of toggles (rate-limits, one conditional UpdateItem).
    tables: {
      posts: { items: ['GetItem', 'UpdateItem'] },
      votes: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
    },
  },
  {
    id: 'RemoveVote',
    entry: 'functions/handlers/http/removeVote.ts',
    trigger: { type: 'http', route: routes.votes.remove, throttle: { rateLimit: 40, burstLimit: 80 } },
    tables: {
      posts: { items: ['GetItem', 'UpdateItem'] },
      votes: { items: ['GetItem', 'DeleteItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
    },
  },
  {
    id: 'ListMyVotes',
    entry: 'functions/handlers/http/listMyVotes.ts',
    trigger: { type: 'http', route: routes.votes.mine },
    tables: { votes: { items: ['BatchGetItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'ListTop',
    entry: 'functions/handlers/http/listTop.ts',
    trigger: { type: 'http', route: routes.votes.top },
    // One Query of a period's ranking, then one BatchGetItem of its posts.
    tables: { top: { queryIndexes: [TOP_INDEX.agree, TOP_INDEX.deserved] }, posts: { items: ['BatchGetItem'] } },
  },
  {
    id: 'GetAuthor',
    entry: 'functions/handlers/http/getAuthor.ts',
    trigger: { type: 'http', route: routes.authors.get },
    // The apodo's row and its account's row; the totals from the author's published posts' index entries;
    // a name without an account: its newest post's entry, then that post (GetItem) for the name it carries.
    tables: { names: { items: ['GetItem'] }, posts: { items: ['GetItem'], queryIndexes: [POSTS_INDEX.authorFeed] } },
  },
  {
    id: 'ListAuthorPosts',
    entry: 'functions/handlers/http/listAuthorPosts.ts',
    trigger: { type: 'http', route: routes.authors.posts },
    // The apodo's rows (or a name without an account: its newest post), then one Query of the author's
    // published posts and one BatchGetItem of them.
    tables: {
      names: { items: ['GetItem'] },
      posts: { items: ['GetItem', 'BatchGetItem'], queryIndexes: [POSTS_INDEX.authorFeed] },
    },
  },
  {
    id: 'SearchPosts',
    entry: 'functions/handlers/http/searchPosts.ts',
    trigger: { type: 'http', route: routes.search.posts },
    // One Query per term of the query (the table by term, or term-category-index for a category),
    // then one BatchGetItem of the page's posts, whose status is checked again.
    tables: { search: { query: true, queryIndexes: [SEARCH_INDEX.termCategory] }, posts: { items: ['BatchGetItem'] } },
  },
  {
    id: 'SimilarPosts',
    entry: 'functions/handlers/http/similarPosts.ts',
    // Up to 12 Queries and a BatchGetItem a call, asked while someone writes (debounced): a read, but a
    // dearer one than a feed page, so tighter than the default read throttle.
    trigger: { type: 'http', route: routes.search.similar, throttle: { rateLimit: 50, burstLimit: 100 } },
    // One Query per significant term of the text (at most 12, of the table by term), then one
    // BatchGetItem of the best posts, whose status is checked again.
    tables: { search: { query: true }, posts: { items: ['BatchGetItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'SavePost',
    entry: 'functions/handlers/http/savePost.ts',
    trigger: { type: 'http', route: routes.saved.save },
    // The post (published?), one in the caller's window of toggles, then one conditional PutItem of the saved row.
    tables: {
      posts: { items: ['GetItem'] },
      saved: { items: ['PutItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
    },
  },
  {
    id: 'UnsavePost',
    entry: 'functions/handlers/http/unsavePost.ts',
    trigger: { type: 'http', route: routes.saved.unsave },
    tables: {
      posts: { items: ['GetItem'] },
      saved: { items: ['DeleteItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
    },
  },
  {
    id: 'ListSaved',
    entry: 'functions/handlers/http/listSaved.ts',
    trigger: { type: 'http', route: routes.saved.list },
    // One Query of the caller's saved rows, one BatchGetItem of their posts.
    tables: { saved: { queryIndexes: [SAVED_INDEX.byTime] }, posts: { items: ['BatchGetItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'ListSavedIds',
    entry: 'functions/handlers/http/listSavedIds.ts',
    trigger: { type: 'http', route: routes.saved.ids },
    tables: { saved: { items: ['BatchGetItem'] }, names: { items: ['GetItem'] } },
  },
  {
    id: 'BlockAuthor',
    entry: 'functions/handlers/http/blockAuthor.ts',
    trigger: { type: 'http', route: routes.blocks.block },
    // The apodo's row and its account's (names), one in the caller's window of toggles, the caller's
    // blocks (one Query: the cap and whether it is there), then the row put in one TransactWriteItems
    // with the checks that neither account is marked deleted (names: ConditionCheckItem).
    tables: {
      blocks: { items: ['PutItem'], query: true },
      names: { items: ['GetItem', 'ConditionCheckItem'] },
      rateLimits: { items: ['UpdateItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'UnblockAuthor',
    entry: 'functions/handlers/http/unblockAuthor.ts',
    trigger: { type: 'http', route: routes.blocks.unblock },
    tables: {
      blocks: { items: ['DeleteItem'] },
      names: { items: ['GetItem'] },
      rateLimits: { items: ['UpdateItem'] },
      idempotency: { items: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'] },
    },
  },
  {
    id: 'ListBlocks',
    entry: 'functions/handlers/http/listBlocks.ts',
    trigger: { type: 'http', route: routes.blocks.list },
    // One Query of the caller's blocks, one BatchGetItem of the blocked accounts' rows (their apodos now).
    tables: { blocks: { query: true }, names: { items: ['GetItem', 'BatchGetItem'] } },
  },
  {
    id: 'Connect',
    entry: 'functions/handlers/ws/connect.ts',
    // New connections: a burst of 50 page loads at once, 10 a second after that. Each connection is
    // a function call and a write now, and one more PostToConnection in every broadcast until it ends.
    trigger: { type: 'websocket', route: '$connect', throttle: { rateLimit: 10, burstLimit: 50 } },
    // With `?token=`: the token checked as the HTTP API's authorizer checks it (the pool's keys,
    // issuer, audience), and the account row read (a deleted account is refused), before the connection
    // is stored and again after (a deletion that began meanwhile: the row is deleted again).
    tables: { connections: { items: ['PutItem', 'DeleteItem'] }, names: { items: ['GetItem'] } },
    endpoints: ['tokenIssuer', 'tokenAudience'],
  },
  {
    id: 'Disconnect',
    entry: 'functions/handlers/ws/disconnect.ts',
    trigger: { type: 'websocket', route: '$disconnect' },
    tables: { connections: { items: ['DeleteItem'] } },
  },
  {
    // The posts stream's reader without a batching window (functions/postStreamParts.ts): a post
    // entering or leaving the feeds is broadcast, and its author told, within half a second. The posts
    // stream has two readers, this one and PostsBatched: DynamoDB Streams serves two a shard, and the
    // local stream poller refuses a third (docs/decisions/0010-two-stream-readers.md).
    id: 'PostsAtOnce',
    entry: 'functions/handlers/stream/postsAtOnce.ts',
    trigger: {
      type: 'stream',
      table: 'posts',
      batchSize: 100,
      // Lambda still takes every record waiting at its poll, four a second.
      maxBatchingWindowSeconds: 0,
      // A failing record is retried alone (the parts report which records failed; bisection splits a
      // batch that throws), a few times, then recorded in the failure destination instead of blocking
      // the shard until the record expires.
      retryAttempts: 5,
      bisectBatchOnError: true,
      maxRecordAgeSeconds: 3600,
      filters: filtersOf(POST_STREAM_PARTS.atOnce),
    },
    tables: {
      // The broadcast scans the connections; the notifications reach the author's own (account index).
      connections: { items: ['DeleteItem'], scan: true, queryIndexes: [CONNECTIONS_INDEX.account] },
      // Each notification written once (a conditional Put), in one transaction with the check that its
      // owner's account is not deleted (names: ConditionCheckItem).
      notifications: { items: ['PutItem'] },
      names: { items: ['ConditionCheckItem'] },
      // The day's first rank rows, once a batch with a «¡Vaya día!» vote on one of today's posts.
      top: { queryIndexes: [TOP_INDEX.agree] },
    },
    endpoints: ['liveManagement'],
    // A large broadcast is split into parts (segments of the connections table), each sent by its own
    // invocation of BroadcastPart; this one plans them and sends the first (docs/live.md).
    invokes: ['BroadcastPart'],
    // Fan-out is CPU-bound (one signed PostToConnection per client; benchmark figure 3) and Lambda's
    // CPU share grows with memory: 1 GB has four times the 256 MB default's.
    memorySize: 1024,
    timeoutSeconds: 30,
  },
  {
    // The posts stream's reader that gathers a second of records: a burst of votes on one post is one
    // `post.updated`, one write of its rank rows, one of its search entries (functions/postStreamParts.ts).
    id: 'PostsBatched',
    entry: 'functions/handlers/stream/postsBatched.ts',
    trigger: {
      type: 'stream',
      table: 'posts',
      batchSize: 100,
      maxBatchingWindowSeconds: 1,
      retryAttempts: 5,
      bisectBatchOnError: true,
      maxRecordAgeSeconds: 3600,
      filters: filtersOf(POST_STREAM_PARTS.batched),
    },
    tables: {
      connections: { items: ['DeleteItem'], scan: true },
      top: { items: ['BatchWriteItem'] },
      search: { items: ['BatchWriteItem'] },
    },
    // siteDistribution: stale share cards are invalidated in the site's CloudFront distribution.
    endpoints: ['liveManagement', 'siteDistribution'],
    invokes: ['BroadcastPart'],
    memorySize: 1024,
    timeoutSeconds: 30,
  },
  {
    id: 'CommentBroadcast',
    entry: 'functions/handlers/ws/commentBroadcast.ts',
    trigger: {
      type: 'stream',
      table: 'comments',
      batchSize: 100,
      // A new comment leaves at once: there is nothing to coalesce.
      maxBatchingWindowSeconds: 0,
      retryAttempts: 3,
      bisectBatchOnError: true,
      maxRecordAgeSeconds: 3600,
      // New visible comments and visible comments that changed (their counts); the readers of their post hear them.
      filters: [{ eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { status: { S: ['visible'] } } } }],
    },
    tables: { connections: { items: ['DeleteItem'], queryIndexes: [CONNECTIONS_INDEX.watching] } },
    endpoints: ['liveManagement'],
    timeoutSeconds: 30,
  },
  {
    id: 'CommentNotifications',
    entry: 'functions/handlers/stream/commentNotifications.ts',
    trigger: {
      type: 'stream',
      table: 'comments',
      batchSize: 100,
      // At once, as the comment's broadcast.
      maxBatchingWindowSeconds: 0,
      retryAttempts: 5,
      bisectBatchOnError: true,
      maxRecordAgeSeconds: 3600,
      // New visible comments, as the comment broadcast's.
      filters: [{ eventName: ['INSERT'], dynamodb: { NewImage: { status: { S: ['visible'] } } } }],
    },
    tables: {
      // The post's author (one GetItem per post of a batch).
      posts: { items: ['GetItem'] },
      // A reply's parent comment, whose author is told (`comment.reply`).
      comments: { items: ['GetItem'] },
      // The post's coalesced notification read, then written with the comment's mark in one transaction,
      // with the check that the owner's account is not deleted (names: ConditionCheckItem).
      notifications: { items: ['GetItem', 'PutItem'] },
      // A mention's apodo looked up (at most MAX_MENTIONS a comment: the name row and its account's).
      names: { items: ['ConditionCheckItem', 'GetItem'] },
      connections: { items: ['DeleteItem'], queryIndexes: [CONNECTIONS_INDEX.account] },
      // Whether the one notified blocked the comment's author (one GetItem a notification).
      blocks: { items: ['GetItem'] },
    },
    endpoints: ['liveManagement'],
    timeoutSeconds: 30,
  },
  {
    id: 'PushNotifications',
    entry: 'functions/handlers/stream/pushNotifications.ts',
    trigger: {
      type: 'stream',
      table: 'notifications',
      batchSize: 100,
      maxBatchingWindowSeconds: 1,
      // A push that fails is logged by the handler, not retried: the notification is in «Avisos» anyway.
      retryAttempts: 2,
      bisectBatchOnError: true,
      maxRecordAgeSeconds: 3600,
      // Unread notifications written or changed (marking read removes `unreadAt`; `seen#` rows have none).
      filters: [{ eventName: ['INSERT', 'MODIFY'], dynamodb: { NewImage: { unreadAt: { S: [{ exists: true }] } } } }],
    },
    tables: {
      // The owner's devices (one Query of the account index); a gone one deleted (on condition it is unchanged).
      pushSubscriptions: { items: ['DeleteItem'], queryIndexes: [PUSH_SUBSCRIPTIONS_INDEX.account] },
    },
    endpoints: ['pushKeys', 'pushServices'],
    timeoutSeconds: 30,
  },
  {
    id: 'ReconcileTop',
    entry: 'functions/handlers/schedule/reconcileTop.ts',
    // The Top's rows are derived from the posts' counts: once a night they are made equal to them,
    // whatever a failed stream batch left (docs/decisions/0006-top-reconcile.md). 03:30 UTC is the
    // quietest hour in Spain.
    trigger: { type: 'schedule', cron: { minute: '30', hour: '3' }, description: "Rebuilds the Top's rank rows from the posts' counts" },
    tables: {
      // Published posts from the feed index; each rewrite checks its post is still as read.
      posts: { queryIndexes: [POSTS_INDEX.feed], items: ['ConditionCheckItem'] },
      top: { items: ['BatchGetItem', 'PutItem', 'DeleteItem'], scan: true },
    },
    memorySize: 1024,
    timeoutSeconds: 900,
  },
  {
    id: 'BroadcastPart',
    entry: 'functions/handlers/ws/broadcastPart.ts',
    // A live message older than a minute is news nobody waits for: clients refetch after a reconnect.
    trigger: { type: 'invoke', retryAttempts: 2, maxEventAgeSeconds: 60 },
    tables: { connections: { items: ['DeleteItem'], scan: true } },
    endpoints: ['liveManagement'],
    memorySize: 1024,
    timeoutSeconds: 30,
  },
  {
    id: 'Pages',
    entry: 'functions/handlers/pages/page.ts',
    trigger: { type: 'document' },
    // A feed page or RSS feed: one Query of the feed or category index (the sitemap too); a post's
    // page: one GetItem; the Top: one Query of a ranking, then one BatchGetItem of its posts.
    // An author's page: the apodo's rows (names table), its totals and first page (author-feed-index).
    // «Aleatorio» (/aleatorio): at most two single-item Queries of the random index.
    tables: {
      posts: {
        items: ['GetItem', 'BatchGetItem'],
        queryIndexes: [POSTS_INDEX.feed, POSTS_INDEX.category, POSTS_INDEX.authorFeed, POSTS_INDEX.random],
      },
      top: { queryIndexes: [TOP_INDEX.agree, TOP_INDEX.deserved] },
      names: { items: ['GetItem'] },
      // The search page's first results: one Query per term, then the posts' BatchGetItem (as GET /search).
      search: { query: true, queryIndexes: [SEARCH_INDEX.termCategory] },
    },
    // «Privacidad» and «Aviso legal» name the operator and the region (functions/contract/legal.ts).
    endpoints: ['legalDetails'],
    // React renders the page on each request (a few milliseconds at 1 GB, which buys the CPU).
    memorySize: 1024,
    // `/api/openapi.json`, read when first asked for (not parsed in every cold start).
    files: { [OPENAPI_FILE]: 'docs/openapi.json' },
  },
  {
    id: 'ShareCards',
    entry: 'functions/handlers/images/shareCard.ts',
    trigger: { type: 'image' },
    // A post's card: one GetItem (published posts only).
    tables: { posts: { items: ['GetItem'] } },
    // satori's layout engine and resvg as WebAssembly, and the card's font (docs/share-cards.md).
    files: {
      [SHARE_CARD_FILES.layoutWasm]: 'node_modules/satori/layout.wasm',
      [SHARE_CARD_FILES.resvgWasm]: 'node_modules/@resvg/resvg-wasm/index_bg.wasm',
      [SHARE_CARD_FILES.regular]: 'node_modules/@fontsource/inter/files/inter-latin-400-normal.woff',
      [SHARE_CARD_FILES.regularExtended]: 'node_modules/@fontsource/inter/files/inter-latin-ext-400-normal.woff',
      [SHARE_CARD_FILES.bold]: 'node_modules/@fontsource/inter/files/inter-latin-700-normal.woff',
    },
    // Drawing is CPU work (layout, then rasterising 1200×630): 1.5 GB buys most of a vCPU; the first
    // card of an execution environment also starts the WebAssembly.
    memorySize: 1536,
    timeoutSeconds: 15,
  },
] as const satisfies readonly FunctionDeclaration[];

export type FunctionId = (typeof FUNCTIONS)[number]['id'];

/** Where a deployment (or the local cloud) keeps each table and endpoint. */
export type Addresses = {
  tableName(table: TableName): string;
  endpoint(endpoint: EndpointName): string;
  /** The name another function invokes a declared function by. */
  functionName(id: string): string;
};

/**
 * The environment a function runs with: one variable per table it declares and per endpoint it
 * uses, nothing else. The stack sets exactly this on the Lambda; the local cloud gives exactly this
 * (plus the SDK's standard configuration) to the function's own worker.
 */
export function environmentOf(fn: FunctionDeclaration, addresses: Addresses): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const table of Object.keys(fn.tables) as TableName[]) environment[TABLES[table].env] = addresses.tableName(table);
  for (const endpoint of fn.endpoints ?? []) environment[ENDPOINTS[endpoint]] = addresses.endpoint(endpoint);
  for (const id of fn.invokes ?? []) {
    const variable = INVOKED_FUNCTION_ENV[id];
    if (!variable) throw new Error(`${fn.id} invokes ${id}, which has no environment variable in INVOKED_FUNCTION_ENV`);
    environment[variable] = addresses.functionName(id);
  }
  return environment;
}

/** The throttle API Gateway applies to an HTTP route: its declaration's, or the default for its method. */
export function throttleOf(trigger: HttpTrigger): Throttle {
  return trigger.throttle ?? (trigger.route.method === 'GET' ? DEFAULT_THROTTLE.read : DEFAULT_THROTTLE.write);
}

export function functionsTriggeredBy<K extends Trigger['type']>(
  type: K,
): Array<FunctionDeclaration & { trigger: Extract<Trigger, { type: K }> }> {
  return (FUNCTIONS as readonly FunctionDeclaration[]).filter(
    (fn): fn is FunctionDeclaration & { trigger: Extract<Trigger, { type: K }> } => fn.trigger.type === type,
  );
}
