import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isCategory, type Post } from '../../contract';
import { sortKeyOf } from '../../domain/cursor';
import type { Page, PageQuery, PostRepository, StoredPost } from '../../domain/ports';
import { FEED_PARTITION, POSTS_TABLE } from '../tables';

const [FEED_INDEX, CATEGORY_INDEX, RANDOM_INDEX] = POSTS_TABLE.indexes.map((index) => index.indexName) as [
  string,
  string,
  string,
];

/** Only the public fields ever leave the repository. */
export function toPublicPost(item: Record<string, unknown>): Post | undefined {
  const { id, name, category, post, createdAt } = item;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof post !== 'string') return undefined;
  if (typeof createdAt !== 'string' || !isCategory(category)) return undefined;
  return { id, name, category, post, createdAt };
}

function publicPosts(items: Record<string, unknown>[] | undefined): Post[] {
  return (items ?? []).map(toPublicPost).filter((post): post is Post => post !== undefined);
}

/**
 * The stored item for a post: the post plus its index keys. `sortKey` orders the feeds; `rand` is a
 * uniformly random key, so `random()` can read the first post at or after a random point.
 */
export function postItem(post: StoredPost): Record<string, unknown> {
  return { ...post, feed: FEED_PARTITION, sortKey: sortKeyOf(post.createdAt, post.id), rand: randomBytes(8).toString('hex') };
}

export class DynamoPostRepository implements PostRepository {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async insert(post: StoredPost): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: postItem(post),
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
  }

  async get(id: string): Promise<Post | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id } }));
    return Item ? toPublicPost(Item) : undefined;
  }

  /** One Query on the feed or category index; one extra item is read to know whether more exist. */
  async page({ category, limit, afterSortKey }: PageQuery): Promise<Page> {
    const partition = category ? { name: 'category', value: category } : { name: 'feed', value: FEED_PARTITION };
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: category ? CATEGORY_INDEX : FEED_INDEX,
        KeyConditionExpression: afterSortKey ? '#p = :p AND sortKey < :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': partition.name },
        ExpressionAttributeValues: { ':p': partition.value, ...(afterSortKey ? { ':after': afterSortKey } : {}) },
        ScanIndexForward: false,
        Limit: limit + 1,
      }),
    );
    const items = publicPosts(Items);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  }

  /** At most two single-item queries, whatever the table size. */
  async random(): Promise<Post | undefined> {
    const point = randomBytes(8).toString('hex');
    const query = (condition: string, values: Record<string, string>) =>
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: RANDOM_INDEX,
          KeyConditionExpression: condition,
          ExpressionAttributeValues: { ':p': FEED_PARTITION, ...values },
          Limit: 1,
        }),
      );
    const atOrAfter = await query('feed = :p AND rand >= :r', { ':r': point });
    const found = publicPosts(atOrAfter.Items)[0];
    if (found) return found;
    // Past the largest key: wrap around to the smallest.
    const first = await query('feed = :p', {});
    return publicPosts(first.Items)[0];
  }
}
