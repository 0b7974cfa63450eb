/**
 * The DynamoDB data model, described once: the CDK `Data` construct and the local cloud both build
 * their tables from these descriptions, and the repositories read key and index names from them.
 * Each table is described above its declaration: its keys, what one item holds, and its indexes;
 * docs/data-model.md tells how they are used together.
 *
 * Sort keys are `${time}#${id}`: unique and ordered by time, so keyset paging never skips or
 * repeats a post, even when new posts arrive between page reads.
 */
export type KeyAttribute = { name: string; type: 'S' | 'N' };

export type TableDescription = {
  /** Logical name; the deployed table name comes from CloudFormation or the local cloud. */
  logicalName: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  /**
   * Global secondary indexes. `include`: the non-key attributes the index projects (besides the
   * table's and the index's keys); @default every attribute (ALL)
   */
  indexes: ReadonlyArray<{ indexName: string; partitionKey: KeyAttribute; sortKey?: KeyAttribute; include?: readonly string[] }>;
  /**
   * Local secondary indexes: the table's partition key with another sort key, read strongly
   * consistent when asked (a global index never is). Only made with the table.
   */
  localIndexes?: ReadonlyArray<{ indexName: string; sortKey: KeyAttribute; projection: 'ALL' | 'KEYS_ONLY' }>;
  ttlAttribute?: string;
  /** The table's stream, read by the stream-fed functions (infra/functions.ts). */
  stream?: 'NEW_IMAGE' | 'NEW_AND_OLD_IMAGES';
};

export const FEED_PARTITION = 'ALL';

/** Names of the posts table's attributes and indexes that queries refer to. */
export const POSTS_KEYS = {
  feed: 'feed',
  category: 'category',
  sortKey: 'sortKey',
  rand: 'rand',
  authorId: 'authorId',
  createdKey: 'createdKey',
  queue: 'queue',
  queuedAt: 'queuedAt',
} as const;
export const POSTS_INDEX = {
  feed: 'feed-index',
  category: 'category-index',
  random: 'random-index',
  author: 'author-index',
  authorFeed: 'author-feed-index',
  queue: 'queue-index',
} as const;

/**
 * posts        id (S)                       one item per anecdote: its fields, `status`, `authorId` (an
 *                                           account's `sub`, or `name#<nameKey>` for a name with no
 *                                           account: the samples, an imported archive), counters (`modScore`, `modVotes`, `reports`, …) and the
 *                                           index keys below, each present only while it applies
 *   feed-index      feed (S) + sortKey (S)   published posts newest first: `feed` = "ALL", `sortKey` =
 *                                           `${publishedAt}#${id}`, both only while published (sparse)
 *   category-index  category (S) + sortKey (S)  one category's published posts (sparse by `sortKey`)
 *   random-index    feed (S) + rand (S)      a uniformly random key per published post
 *   author-index    authorId (S) + createdKey (S)  one author's posts, every status, newest first
 *   author-feed-index  authorId (S) + sortKey (S)  one author's published posts, newest first (sparse
 *                                           by `sortKey`); projects only `agree` and `deserved`, so
 *                                           an author page's totals are one small Query (the page's
 *                                           posts are then read with one BatchGetItem)
 *   queue-index     queue (S) + queuedAt (S) what waits for moderation: `queue` = "pending" (oldest
 *                                           first by `createdAt#id`) or "hidden" (by when reports hid it)
 */
export const POSTS_TABLE = {
  logicalName: 'posts',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [
    { indexName: POSTS_INDEX.feed, partitionKey: { name: POSTS_KEYS.feed, type: 'S' }, sortKey: { name: POSTS_KEYS.sortKey, type: 'S' } },
    {
      indexName: POSTS_INDEX.category,
      partitionKey: { name: POSTS_KEYS.category, type: 'S' },
      sortKey: { name: POSTS_KEYS.sortKey, type: 'S' },
    },
    { indexName: POSTS_INDEX.random, partitionKey: { name: POSTS_KEYS.feed, type: 'S' }, sortKey: { name: POSTS_KEYS.rand, type: 'S' } },
    {
      indexName: POSTS_INDEX.author,
      partitionKey: { name: POSTS_KEYS.authorId, type: 'S' },
      sortKey: { name: POSTS_KEYS.createdKey, type: 'S' },
    },
    {
      indexName: POSTS_INDEX.authorFeed,
      partitionKey: { name: POSTS_KEYS.authorId, type: 'S' },
      sortKey: { name: POSTS_KEYS.sortKey, type: 'S' },
      include: ['agree', 'deserved'],
    },
    {
      indexName: POSTS_INDEX.queue,
      partitionKey: { name: POSTS_KEYS.queue, type: 'S' },
      sortKey: { name: POSTS_KEYS.queuedAt, type: 'S' },
    },
  ],
  // Old and new images, so a function can tell what a change did (a status that moved, a count).
  stream: 'NEW_AND_OLD_IMAGES',
} as const satisfies TableDescription;

/** The `queue` partitions of queue-index. */
export const QUEUES = { pending: 'pending', hidden: 'hidden' } as const;

/** The moderation table's index of the moderation log and of the suspensions not lifted. */
export const MODERATION_KEYS = { list: 'list', listedAt: 'listedAt', userId: 'userId', key: 'key' } as const;
export const MODERATION_INDEX = { list: 'list-index', user: 'user-index' } as const;
/** The `list` partitions of list-index. */
export const MODERATION_LISTS = { log: 'log', suspensions: 'suspensions', appeals: 'appeals' } as const;

/**
 * moderation   key (S)                      one row per moderation vote (`vote#<post>#<user>`, with the
 *                                           reject `reason`) or report (`report#<post>#<user>`): at most
 *                                           one of each per user and post; one per suspension
 *                                           (`suspension#<id>`) and one per moderator action, append-only
 *                                           (`log#<id>`), each written in the action's own transaction;
 *                                           one per text fingerprint (`fingerprint#<hash>` → postId);
 *                                           «Saltar» (`skip#<post>#<user>`, `until`) and each voter's
 *                                           votes of a Madrid day (`today#<user>#<date>`), `expiresAt` TTL;
 *                                           one per appeal (`appeal#<suspension id>`, `userId`: its author)
 *   list-index      list (S) + listedAt (S)  `list` = "log" (every log entry), "suspensions" (a
 *                                           suspension until it is lifted: sparse) or "appeals" (an
 *                                           appeal until it is decided: sparse), by `${at}#${id}`
 *   user-index      userId (S) + key (S)     one account's votes, reports, skips and appeals (the rows
 *                                           that carry `userId`): what it reported and appealed, for its
 *                                           data export and its deletion
 */
export const MODERATION_TABLE = {
  logicalName: 'moderation',
  partitionKey: { name: 'key', type: 'S' },
  indexes: [
    {
      indexName: MODERATION_INDEX.list,
      partitionKey: { name: MODERATION_KEYS.list, type: 'S' },
      sortKey: { name: MODERATION_KEYS.listedAt, type: 'S' },
    },
    {
      indexName: MODERATION_INDEX.user,
      partitionKey: { name: MODERATION_KEYS.userId, type: 'S' },
      sortKey: { name: MODERATION_KEYS.key, type: 'S' },
      include: ['kind', 'itemId', 'reason', 'at'],
    },
  ],
  // Only skips and the daily vote counts expire (reads check their own time: TTL deletes late).
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

/** Names of the comments table's attributes and indexes that queries refer to. */
export const COMMENTS_KEYS = {
  postId: 'postId',
  listedKey: 'listedKey',
  queue: 'queue',
  queuedAt: 'queuedAt',
  authorId: 'authorId',
  thread: 'thread',
  threadRank: 'threadRank',
} as const;
export const COMMENTS_INDEX = { post: 'post-index', queue: 'queue-index', author: 'author-index', thread: 'thread-index' } as const;

/**
 * comments     id (S)                       one item per comment: `postId`, `authorId`, `name`, `text`,
 *                                           `createdAt`, `status` (visible | hidden | removed), `reports`,
 *                                           `parentId` (a reply's top-level comment), `up`/`down` (its
 *                                           votes' counts), `replyCount` (a top-level one's visible replies)
 *   post-index      postId (S) + listedKey (S)  a post's visible top-level comments, oldest first: `listedKey` =
 *                                           `${createdAt}#${id}`, present only while visible (sparse)
 *   thread-index    thread (S) + threadRank (N)  while visible: a top-level comment under `best#<post>`
 *                                           ranked by net score then oldest (`threadRank` moved with each
 *                                           vote), a reply under `reply#<parent>` ranked by its time
 *   queue-index     queue (S) + queuedAt (S) comments hidden by reports (`queue` = "hidden"), oldest
 *                                           first; present only while hidden
 *   author-index    authorId (S)             one author's comments (signed again on a rename or deletion)
 */
export const COMMENTS_TABLE = {
  logicalName: 'comments',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [
    {
      indexName: COMMENTS_INDEX.post,
      partitionKey: { name: COMMENTS_KEYS.postId, type: 'S' },
      sortKey: { name: COMMENTS_KEYS.listedKey, type: 'S' },
    },
    {
      indexName: COMMENTS_INDEX.queue,
      partitionKey: { name: COMMENTS_KEYS.queue, type: 'S' },
      sortKey: { name: COMMENTS_KEYS.queuedAt, type: 'S' },
    },
    { indexName: COMMENTS_INDEX.author, partitionKey: { name: COMMENTS_KEYS.authorId, type: 'S' } },
    {
      indexName: COMMENTS_INDEX.thread,
      partitionKey: { name: COMMENTS_KEYS.thread, type: 'S' },
      sortKey: { name: COMMENTS_KEYS.threadRank, type: 'N' },
    },
  ],
  // New comments reach the readers of their post (`comment.created`), and so do their counts (`comment.updated`).
  stream: 'NEW_AND_OLD_IMAGES',
} as const satisfies TableDescription;

/**
 * comment-votes  userId (S) + commentId (S)  one row per account and comment it voted on: `vote`
 *                                          (up | down), `at`; changed and removed in the same transaction
 *                                          as the comment's `up`/`down` counts
 */
export const COMMENT_VOTES_TABLE = {
  logicalName: 'comment-votes',
  partitionKey: { name: 'userId', type: 'S' },
  sortKey: { name: 'commentId', type: 'S' },
  indexes: [],
} as const satisfies TableDescription;

/**
 * idempotency  key (S)                      one row per idempotent write (`<sub>#<METHOD path>#<key>`):
 *                                           running (with a lease), done (the answer) or free; the
 *                                           `generation` writes derive ids from; `expiresAt` TTL
 */
export const IDEMPOTENCY_TABLE = {
  logicalName: 'idempotency',
  partitionKey: { name: 'key', type: 'S' },
  indexes: [],
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

/**
 * rate-limits  userId (S)                   one sliding window of sends per account (`comments#<user>`
 *                                           for comments): `times` (recent send times), `version` (moved
 *                                           up by each send, which takes its slot in its own transaction);
 *                                           `expiresAt` TTL
 */
export const RATE_LIMITS_TABLE = {
  logicalName: 'rate-limits',
  partitionKey: { name: 'userId', type: 'S' },
  indexes: [],
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

/** The connections table's index of who reads which post's page, and of whose sockets are whose. */
export const CONNECTIONS_KEYS = { watching: 'watching', account: 'account' } as const;
export const CONNECTIONS_INDEX = { watching: 'watching-index', account: 'account-index' } as const;

/**
 * connections  connectionId (S)             open WebSocket connections; `expiresAt` TTL
 *   watching-index  watching (S)             the connections of one post's page (`?post=<id>` at
 *                                           connect), which hear its new comments; sparse
 *   account-index   account (S)              the connections opened with a valid `?token=`, by
 *                                           account: they hear its notifications; sparse
 */
export const CONNECTIONS_TABLE = {
  logicalName: 'connections',
  partitionKey: { name: 'connectionId', type: 'S' },
  indexes: [
    { indexName: CONNECTIONS_INDEX.watching, partitionKey: { name: CONNECTIONS_KEYS.watching, type: 'S' } },
    { indexName: CONNECTIONS_INDEX.account, partitionKey: { name: CONNECTIONS_KEYS.account, type: 'S' } },
  ],
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

/**
 * names        key (S)                      apodos: `name#<nameKey>` → { userId, name } (one account
 *                                           per name, whatever its case, accents or look-alike
 *                                           letters; also how an author page finds its account) and
 *                                           `user#<sub>` → { name, nameKey, version, since } (the
 *                                           account's current one; `since`: its first claim) and, while suspended,
 *                                           { suspendedUntil, suspensionId } (UpdateItem only, so
 *                                           neither a rename nor a suspension drops the other's
 *                                           attributes), or { deleted, expiresAt (TTL) } for two
 *                                           days after the account is deleted; an apodo left by a
 *                                           rename keeps its row with { expiresAt (TTL) } for 90 days
 *                                           (its author page answers 301; anyone may claim it)
 */
export const NAMES_TABLE = {
  logicalName: 'names',
  partitionKey: { name: 'key', type: 'S' },
  indexes: [],
  // Only a deleted account's mark (functions/domain/accounts.ts) and a former apodo's row expire.
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

/**
 * votes        userId (S) + postId (S)     one row per account and published post it voted on: `vote`
 *                                          (agree | deserved), `at`; changed and removed in the same
 *                                          transaction as the post's `agree`/`deserved` counters
 */
export const VOTES_TABLE = {
  logicalName: 'votes',
  partitionKey: { name: 'userId', type: 'S' },
  sortKey: { name: 'postId', type: 'S' },
  indexes: [],
} as const satisfies TableDescription;

/**
 * top          postId (S) + period (S)     four rows per published post (period day | week | month | all),
 *                                          kept by the posts stream's batched reader (PostsBatched):
 *                                          `bucket` = the calendar period it was published in
 *                                          (`day#2026-11-22`, `week#2026-11-16` — its Monday —,
 *                                          `month#2026-11`, `all`, in Europe/Madrid) and one rank
 *                                          per ranking, `${count, 10 digits}#${publishedAt}#${id}`
 *   top-agree-index     bucket (S) + agreeRank (S)     a period's posts, most «¡Vaya día!» first
 *   top-deserved-index  bucket (S) + deservedRank (S)  a period's posts, most «Te lo mereces» first
 */
export const TOP_KEYS = { bucket: 'bucket', agreeRank: 'agreeRank', deservedRank: 'deservedRank' } as const;
export const TOP_INDEX = { agree: 'top-agree-index', deserved: 'top-deserved-index' } as const;
export const TOP_TABLE = {
  logicalName: 'top',
  partitionKey: { name: 'postId', type: 'S' },
  sortKey: { name: 'period', type: 'S' },
  indexes: [
    { indexName: TOP_INDEX.agree, partitionKey: { name: TOP_KEYS.bucket, type: 'S' }, sortKey: { name: TOP_KEYS.agreeRank, type: 'S' } },
    {
      indexName: TOP_INDEX.deserved,
      partitionKey: { name: TOP_KEYS.bucket, type: 'S' },
      sortKey: { name: TOP_KEYS.deservedRank, type: 'S' },
    },
  ],
} as const satisfies TableDescription;

/**
 * saved        userId (S) + postId (S)     «Guardadas»: one row per account and post it saved (`savedAt`);
 *                                          a second save of the same post finds the row and writes nothing
 *   saved-index     userId (S) + savedKey (S)   an account's saved posts, newest saved first
 *                                          (`savedKey` = `${savedAt}#${postId}`)
 */
export const SAVED_KEYS = { savedKey: 'savedKey' } as const;
export const SAVED_INDEX = { byTime: 'saved-index' } as const;
export const SAVED_TABLE = {
  logicalName: 'saved',
  partitionKey: { name: 'userId', type: 'S' },
  sortKey: { name: 'postId', type: 'S' },
  indexes: [
    { indexName: SAVED_INDEX.byTime, partitionKey: { name: 'userId', type: 'S' }, sortKey: { name: SAVED_KEYS.savedKey, type: 'S' } },
  ],
} as const satisfies TableDescription;

/**
 * notifications  accountId (S) + key (S)    one item per notification of an account: `key` =
 *                                           `published#<post>`, `top#<post>`, `comment#<post>` (one
 *                                           per post and owner, coalescing every comment: `count`,
 *                                           `name`, moved up by each) or `rejected#<post>#<record>`;
 *                                           `type`, `postId`, `createdAt`, `reason`, `version`
 *                                           (optimistic writes of the coalesced one); `expiresAt` TTL
 *                                           (90 days from its latest change). `seen#<comment>` items
 *                                           (no index key, 2-day TTL) remember the comments counted,
 *                                           so a stream record delivered twice counts once
 *   recent-index  (LSI) listedAt (S)          the account's notifications newest first:
 *                                           `${createdAt}#${key}` (all attributes projected)
 *   unread-index  (LSI) unreadAt (S)          only while unread (sparse, keys only): counted (capped)
 *                                           for `GET /me` and read to mark all read, strongly consistent
 */
export const NOTIFICATIONS_KEYS = { accountId: 'accountId', key: 'key', listedAt: 'listedAt', unreadAt: 'unreadAt' } as const;
export const NOTIFICATIONS_INDEX = { recent: 'recent-index', unread: 'unread-index' } as const;
export const NOTIFICATIONS_TABLE = {
  logicalName: 'notifications',
  partitionKey: { name: NOTIFICATIONS_KEYS.accountId, type: 'S' },
  sortKey: { name: NOTIFICATIONS_KEYS.key, type: 'S' },
  indexes: [],
  localIndexes: [
    { indexName: NOTIFICATIONS_INDEX.recent, sortKey: { name: NOTIFICATIONS_KEYS.listedAt, type: 'S' }, projection: 'ALL' },
    { indexName: NOTIFICATIONS_INDEX.unread, sortKey: { name: NOTIFICATIONS_KEYS.unreadAt, type: 'S' }, projection: 'KEYS_ONLY' },
  ],
  ttlAttribute: 'expiresAt',
  // New and changed unread notifications are pushed to their owner's devices (the PushNotifications function).
  stream: 'NEW_AND_OLD_IMAGES',
} as const satisfies TableDescription;

/**
 * push-subscriptions  endpointHash (S)      one row per device that allowed Web Push: the SHA-256 of its
 *                                           endpoint (base64url) → { accountId, endpoint, p256dh, auth,
 *                                           createdAt }. Keyed by the device, not the account: a browser
 *                                           that subscribes again for another account moves to that
 *                                           account (one Put), so it never shows the first one's «Avisos»
 *   account-index   accountId (S)            an account's devices (one Query per notification pushed)
 * `account#<accountId>` (the same key attribute) one item per account that subscribed: its list of
 *                                           devices { devices: { endpointHash → createdAt }, version,
 *                                           owner }, written with the rows in one transaction on its
 *                                           version, so the account keeps MAX_PUSH_DEVICES at most (not
 *                                           in account-index: it has no accountId)
 */
export const PUSH_SUBSCRIPTIONS_KEYS = { endpointHash: 'endpointHash', accountId: 'accountId' } as const;
/** The key of an account's list of devices in the push-subscriptions table (an endpoint's hash never has a `#`). */
export const pushDevicesKey = (accountId: string) => `account#${accountId}`;
export const PUSH_SUBSCRIPTIONS_INDEX = { account: 'account-index' } as const;
export const PUSH_SUBSCRIPTIONS_TABLE = {
  logicalName: 'push-subscriptions',
  partitionKey: { name: PUSH_SUBSCRIPTIONS_KEYS.endpointHash, type: 'S' },
  indexes: [{ indexName: PUSH_SUBSCRIPTIONS_INDEX.account, partitionKey: { name: PUSH_SUBSCRIPTIONS_KEYS.accountId, type: 'S' } }],
} as const satisfies TableDescription;

/**
 * search       term (S) + postKey (S)       the search index (functions/domain/search.ts), kept by the
 *                                           posts stream's batched reader (PostsBatched): one item per
 *                                           distinct term of each published post (folded, stop words
 *                                           out, Spanish stem: contract/search.ts), under the post's feed
 *                                           key `${publishedAt}#${id}` (a term's posts newest first),
 *                                           with `tf` (the term's count in the post), `len` (the post's
 *                                           length in terms) and `termCategory`; none for any other
 *                                           status. About 80 bytes an item, ~20 items a post
 *   term-category-index  termCategory (S) + postKey (S)  one term's posts of one category
 *                                           (`${term}#${category}`), so a category's search reads only
 *                                           its own posts; projects `tf` and `len`
 */
export const SEARCH_KEYS = { term: 'term', postKey: 'postKey', termCategory: 'termCategory' } as const;
export const SEARCH_INDEX = { termCategory: 'term-category-index' } as const;
export const SEARCH_TABLE = {
  logicalName: 'search',
  partitionKey: { name: SEARCH_KEYS.term, type: 'S' },
  sortKey: { name: SEARCH_KEYS.postKey, type: 'S' },
  indexes: [
    {
      indexName: SEARCH_INDEX.termCategory,
      partitionKey: { name: SEARCH_KEYS.termCategory, type: 'S' },
      sortKey: { name: SEARCH_KEYS.postKey, type: 'S' },
      include: ['tf', 'len'],
    },
  ],
} as const satisfies TableDescription;

/**
 * blocks       accountId (S) + blockedId (S)  one row per account and account it blocked (both `sub`s,
 *                                           never shown: the list shows the apodo each holds now) with
 *                                           `at`; a second block of the same account writes nothing
 *   blocked-index  blockedId (S) + accountId (S)  who blocked an account: read when it is deleted, so
 *                                           its rows go in both directions
 */
export const BLOCKS_KEYS = { accountId: 'accountId', blockedId: 'blockedId' } as const;
export const BLOCKS_INDEX = { blocked: 'blocked-index' } as const;
export const BLOCKS_TABLE = {
  logicalName: 'blocks',
  partitionKey: { name: BLOCKS_KEYS.accountId, type: 'S' },
  sortKey: { name: BLOCKS_KEYS.blockedId, type: 'S' },
  indexes: [
    {
      indexName: BLOCKS_INDEX.blocked,
      partitionKey: { name: BLOCKS_KEYS.blockedId, type: 'S' },
      sortKey: { name: BLOCKS_KEYS.accountId, type: 'S' },
    },
  ],
} as const satisfies TableDescription;

/** Connection rows outlive API Gateway's 2-hour connection limit, in case `$disconnect` never runs. */
export const CONNECTION_TTL_SECONDS = 150 * 60;

/** Environment variables that name the tables and endpoints, set by the stack and the local cloud. */
export const ENV = {
  postsTable: 'POSTS_TABLE',
  moderationTable: 'MODERATION_TABLE',
  commentsTable: 'COMMENTS_TABLE',
  rateLimitsTable: 'RATE_LIMITS_TABLE',
  idempotencyTable: 'IDEMPOTENCY_TABLE',
  connectionsTable: 'CONNECTIONS_TABLE',
  wsManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  namesTable: 'NAMES_TABLE',
  userPoolId: 'USER_POOL_ID',
  votesTable: 'VOTES_TABLE',
  commentVotesTable: 'COMMENT_VOTES_TABLE',
  topTable: 'TOP_TABLE',
  savedTable: 'SAVED_TABLE',
  notificationsTable: 'NOTIFICATIONS_TABLE',
  pushSubscriptionsTable: 'PUSH_SUBSCRIPTIONS_TABLE',
  /** The Secrets Manager secret (its ARN) that holds the VAPID keys: `{ publicKey, privateKey, subject }`. */
  vapidSecret: 'VAPID_SECRET_ID',
  /** The push services a subscription's endpoint may be on: comma-separated origins, `https://*.host` for its subdomains. */
  pushServices: 'PUSH_SERVICES',
  searchTable: 'SEARCH_TABLE',
  /** The user pool's token issuer (`https://cognito-idp.<region>.amazonaws.com/<pool>`) and app client, for `?token=`
   * (its keys are the issuer's `/.well-known/jwks.json`, on AWS and locally). */
  tokenIssuer: 'TOKEN_ISSUER',
  tokenAudience: 'TOKEN_AUDIENCE',
  /**
   * What «Privacidad» and «Aviso legal» say of who runs the site and where: JSON of
   * functions/contract/legal.ts `legalDetailsSchema` (the operator's details given at deploy, the region).
   */
  legalDetails: 'LEGAL_DETAILS',
  /** The site's CloudFront distribution, whose copies of a post's share card are dropped when the post stops being public. */
  siteDistribution: 'SITE_DISTRIBUTION_ID',
  /** The function that sends one part of a large broadcast (invoked by the broadcast). */
  broadcastPartFunction: 'BROADCAST_PART_FUNCTION',
  blocksTable: 'BLOCKS_TABLE',
} as const;

/**
 * Every table, by the name function declarations use (infra/functions.ts): its description and the
 * environment variable that gives a function its deployed name. The stack's `Data` construct and the
 * local cloud each make one table per entry.
 */
export const TABLES = {
  posts: { description: POSTS_TABLE, env: ENV.postsTable },
  moderation: { description: MODERATION_TABLE, env: ENV.moderationTable },
  comments: { description: COMMENTS_TABLE, env: ENV.commentsTable },
  rateLimits: { description: RATE_LIMITS_TABLE, env: ENV.rateLimitsTable },
  idempotency: { description: IDEMPOTENCY_TABLE, env: ENV.idempotencyTable },
  connections: { description: CONNECTIONS_TABLE, env: ENV.connectionsTable },
  names: { description: NAMES_TABLE, env: ENV.namesTable },
  votes: { description: VOTES_TABLE, env: ENV.votesTable },
  commentVotes: { description: COMMENT_VOTES_TABLE, env: ENV.commentVotesTable },
  top: { description: TOP_TABLE, env: ENV.topTable },
  saved: { description: SAVED_TABLE, env: ENV.savedTable },
  notifications: { description: NOTIFICATIONS_TABLE, env: ENV.notificationsTable },
  pushSubscriptions: { description: PUSH_SUBSCRIPTIONS_TABLE, env: ENV.pushSubscriptionsTable },
  search: { description: SEARCH_TABLE, env: ENV.searchTable },
  blocks: { description: BLOCKS_TABLE, env: ENV.blocksTable },
} as const satisfies Record<string, { description: TableDescription; env: string }>;

export type TableName = keyof typeof TABLES;

/**
 * What a restore needs of each table (docs/deploy-and-operate.md, "Backups and restore"), and so which
 * ones the stack gives point-in-time recovery:
 * - `source`: written by people's actions and held nowhere else — recovered from its own backups;
 * - `derived`: rebuilt from the source tables (`npm run rebuild -- top | search`) — no backups of its own;
 * - `passing`: worth nothing after a restore, every row short-lived with a TTL (open sockets, rate-limit
 *   windows, idempotent answers) — the live table is kept as it is.
 * A new table must say which it is.
 */
export const TABLE_RECOVERY = {
  posts: 'source',
  moderation: 'source',
  comments: 'source',
  names: 'source',
  votes: 'source',
  commentVotes: 'source',
  saved: 'source',
  // Each was written once, when its event happened (and carries whether it was read): no source holds it again.
  notifications: 'source',
  pushSubscriptions: 'source',
  top: 'derived',
  search: 'derived',
  rateLimits: 'passing',
  idempotency: 'passing',
  connections: 'passing',
  blocks: 'source',
} as const satisfies Record<TableName, 'source' | 'derived' | 'passing'>;
