/**
 * The DynamoDB data model, described once: the CDK `Data` construct and the local cloud both build
 * their tables from these descriptions, and the repositories read key and index names from them.
 *
 * posts        id (S)                       one item per anecdote, plus `feed`, `sortKey`, `rand`, `authorId`
 *   feed-index      feed (S) + sortKey (S)   every post newest first: `feed` is the constant "ALL"
 *   category-index  category (S) + sortKey (S)  one category newest first
 *   random-index    feed (S) + rand (S)      a uniformly random key per post, for O(1) random reads
 * rate-limits  userId (S)                   recent publish times of one user; `expiresAt` TTL
 * connections  connectionId (S)             open WebSocket connections; `expiresAt` TTL
 *
 * `sortKey` is `${createdAt}#${id}`: unique and ordered by time, so keyset paging never skips or
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
export const POSTS_KEYS = { feed: 'feed', category: 'category', sortKey: 'sortKey', rand: 'rand' } as const;
export const POSTS_INDEX = { feed: 'feed-index', category: 'category-index', random: 'random-index' } as const;

export const POSTS_TABLE = {
  logicalName: 'posts',
  partitionKey: { name: 'id', type: 'S' },
  indexes: [
    { indexName: POSTS_INDEX.feed, partitionKey: { name: POSTS_KEYS.feed, type: 'S' }, sortKey: { name: POSTS_KEYS.sortKey, type: 'S' } },
    { indexName: POSTS_INDEX.category, partitionKey: { name: POSTS_KEYS.category, type: 'S' }, sortKey: { name: POSTS_KEYS.sortKey, type: 'S' } },
    { indexName: POSTS_INDEX.random, partitionKey: { name: POSTS_KEYS.feed, type: 'S' }, sortKey: { name: POSTS_KEYS.rand, type: 'S' } },
  ],
  // Old and new images, so a function can tell what a change did (a status that moved, a count).
  stream: 'NEW_AND_OLD_IMAGES',
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
  rateLimitsTable: 'RATE_LIMITS_TABLE',
  connectionsTable: 'CONNECTIONS_TABLE',
  wsManagementEndpoint: 'WS_MANAGEMENT_ENDPOINT',
} as const;
