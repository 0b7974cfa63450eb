/**
 * The DynamoDB data model, described once: the CDK `Data` construct and the local cloud both build
 * their tables from these descriptions, and the repositories read key and index names from them.
 *
 * posts        id (S)                       one item per anecdote: its fields, `status`, `authorId`,
 *                                           counters (`modScore`, `modVotes`, `reports`, …) and the
 *                                           index keys below, each present only while it applies
 *   feed-index      feed (S) + sortKey (S)   published posts newest first: `feed` = "ALL", `sortKey` =
 *                                           `${publishedAt}#${id}`, both only while published (sparse)
 *   category-index  category (S) + sortKey (S)  one category's published posts (sparse by `sortKey`)
 *   random-index    feed (S) + rand (S)      a uniformly random key per published post
 *   author-index    authorId (S) + createdKey (S)  one author's posts, every status, newest first
 *   queue-index     queue (S) + queuedAt (S) what waits for moderation: `queue` = "pending" (oldest
 *                                           first by `createdAt#id`) or "hidden" (by when reports hid it)
 * moderation   key (S)                      one row per moderation vote (`vote#<post>#<user>`) or report
 *                                           (`report#<post>#<user>`): at most one of each per user and post
 * rate-limits  userId (S)                   recent publish times of one user; `expiresAt` TTL
 * connections  connectionId (S)             open WebSocket connections; `expiresAt` TTL
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
  indexes: ReadonlyArray<{ indexName: string; partitionKey: KeyAttribute; sortKey?: KeyAttribute }>;
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
  queue: 'queue-index',
} as const;

export const POSTS_TABLE = {
  logicalName: 'posts',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [
    { indexName: POSTS_INDEX.feed, partitionKey: { name: POSTS_KEYS.feed, type: 'S' }, sortKey: { name: POSTS_KEYS.sortKey, type: 'S' } },
    { indexName: POSTS_INDEX.category, partitionKey: { name: POSTS_KEYS.category, type: 'S' }, sortKey: { name: POSTS_KEYS.sortKey, type: 'S' } },
    { indexName: POSTS_INDEX.random, partitionKey: { name: POSTS_KEYS.feed, type: 'S' }, sortKey: { name: POSTS_KEYS.rand, type: 'S' } },
    { indexName: POSTS_INDEX.author, partitionKey: { name: POSTS_KEYS.authorId, type: 'S' }, sortKey: { name: POSTS_KEYS.createdKey, type: 'S' } },
    { indexName: POSTS_INDEX.queue, partitionKey: { name: POSTS_KEYS.queue, type: 'S' }, sortKey: { name: POSTS_KEYS.queuedAt, type: 'S' } },
  ],
  // Old and new images, so a function can tell what a change did (a status that moved, a count).
  stream: 'NEW_AND_OLD_IMAGES',
} as const satisfies TableDescription;

/** The `queue` partitions of queue-index. */
export const QUEUES = { pending: 'pending', hidden: 'hidden' } as const;

export const MODERATION_TABLE = {
  logicalName: 'moderation',
  partitionKey: { name: 'key', type: 'S' },
  indexes: [],
} as const satisfies TableDescription;

export const RATE_LIMITS_TABLE = {
  logicalName: 'rate-limits',
  partitionKey: { name: 'userId', type: 'S' },
  indexes: [],
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

export const CONNECTIONS_TABLE = {
  logicalName: 'connections',
  partitionKey: { name: 'connectionId', type: 'S' },
  indexes: [],
  ttlAttribute: 'expiresAt',
} as const satisfies TableDescription;

/** Connection rows outlive API Gateway's 2-hour connection limit, in case `$disconnect` never runs. */
export const CONNECTION_TTL_SECONDS = 150 * 60;

/** Environment variables that name the tables and endpoints, set by the stack and the local cloud. */
export const ENV = {
  postsTable: 'POSTS_TABLE',
  moderationTable: 'MODERATION_TABLE',
  rateLimitsTable: 'RATE_LIMITS_TABLE',
  connectionsTable: 'CONNECTIONS_TABLE',
  wsManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
  /** The function that sends one part of a large broadcast (invoked by the broadcast). */
  broadcastPartFunction: 'BROADCAST_PART_FUNCTION',
} as const;
