import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { toPost, type Post } from '../../contract';
import { sortKeyOf } from '../../domain/cursor';
import type { Page, PageQuery, PostRepository, StoredPost } from '../../domain/ports';
import { FEED_PARTITION, POSTS_INDEX, POSTS_KEYS } from '../tables';

/** Only the public fields ever leave the repository. */
function publicPosts(items: Record<string, unknown>[] | undefined): Post[] {
  return (items ?? []).map(toPost).filter((post): post is Post => post !== undefined);
}

/**
 * The stored item for a post: the post plus its index keys. `sortKey` orders the feeds; `rand` is a
 * uniformly random key, so `random()` can read the first post at or after a random point.
 */
export function postItem(post: StoredPost): Record<string, unknown> {
  return {
    ...post,
    [POSTS_KEYS.feed]: FEED_PARTITION,
    [POSTS_KEYS.sortKey]: sortKeyOf(post.createdAt, post.id),
    [POSTS_KEYS.rand]: randomBytes(8).toString('hex'),
  };
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
    return toPost(Item);
  }

  /** One Query on the feed or category index; one extra item is read to know whether more exist. */
  async page({ category, limit, afterSortKey }: PageQuery): Promise<Page> {
    const partition = category ? { name: POSTS_KEYS.category, value: category } : { name: POSTS_KEYS.feed, value: FEED_PARTITION };
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: category ? POSTS_INDEX.category : POSTS_INDEX.feed,
        KeyConditionExpression: afterSortKey ? '#p = :p AND #s < :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': partition.name, ...(afterSortKey ? { '#s': POSTS_KEYS.sortKey } : {}) },
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
    const query = (atOrAfter?: string) =>
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: POSTS_INDEX.random,
          KeyConditionExpression: atOrAfter ? '#p = :p AND #r >= :r' : '#p = :p',
          ExpressionAttributeNames: { '#p': POSTS_KEYS.feed, ...(atOrAfter ? { '#r': POSTS_KEYS.rand } : {}) },
          ExpressionAttributeValues: { ':p': FEED_PARTITION, ...(atOrAfter ? { ':r': atOrAfter } : {}) },
          Limit: 1,
        }),
      );
    const found = publicPosts((await query(point)).Items)[0];
    if (found) return found;
    // Past the largest key: wrap around to the smallest.
    const first = await query();
    return publicPosts(first.Items)[0];
  }
}
