import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  paginateScan,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { TOP_PERIODS, type TopPeriod } from '../../contract/votes';
import type { StoredPost } from '../../domain/ports/posts';
import type { RankRow, TopRebuildStore } from '../../domain/ports/rankings';
import { TOP_KEYS } from '../tables';
import { publishedPostPages } from './postBatch';
import { rankItem } from './rankingStore';
import { decodeCancellation } from './transactions';

/** BatchGetItem takes at most 100 keys: 25 posts' four rows. */
const POSTS_PER_BATCH = 25;

/**
 * The reads and conditional writes of a Top rebuild: published posts from the posts table's feed
 * index, rank rows from the top table, each post's rows written in one transaction with a check that
 * the post is still as read.
 */
export class DynamoTopRebuildStore implements TopRebuildStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { posts: string; top: string },
  ) {}

  async *publishedPosts(): AsyncIterable<StoredPost[]> {
    yield* publishedPostPages(this.client, this.tables.posts, POSTS_PER_BATCH);
  }

  async rowsOf(postIds: string[]): Promise<RankRow[]> {
    const rows: RankRow[] = [];
    for (let start = 0; start < postIds.length; start += POSTS_PER_BATCH) {
      let keys: Record<string, unknown>[] | undefined = postIds
        .slice(start, start + POSTS_PER_BATCH)
        .flatMap((postId) => TOP_PERIODS.map((period) => ({ postId, period })));
      for (let round = 0; keys && keys.length > 0 && round < 8; round++) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tables.top]: { Keys: keys, ConsistentRead: true } } }),
        );
        for (const item of result.Responses?.[this.tables.top] ?? []) {
          rows.push({
            postId: String(item.postId),
            period: item.period as TopPeriod,
            bucket: String(item[TOP_KEYS.bucket]),
            ranks: { agree: String(item[TOP_KEYS.agreeRank]), deserved: String(item[TOP_KEYS.deservedRank]) },
          });
        }
        keys = result.UnprocessedKeys?.[this.tables.top]?.Keys;
      }
      if (keys && keys.length > 0) throw new Error('BatchGetItem left rank rows unprocessed');
    }
    return rows;
  }

  async *rankedPostIds(): AsyncIterable<string[]> {
    const pages = paginateScan(
      { client: this.client },
      { TableName: this.tables.top, ProjectionExpression: 'postId', ConsistentRead: true },
    );
    for await (const page of pages) yield (page.Items ?? []).map((item) => String(item.postId));
  }

  async putIfUnchanged(post: StoredPost, rows: RankRow[]): Promise<boolean> {
    return this.conditional([
      {
        ConditionCheck: {
          TableName: this.tables.posts,
          Key: { id: post.id },
          ConditionExpression: '#status = :published AND agree = :agree AND deserved = :deserved AND publishedAt = :publishedAt',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':published': 'published',
            ':agree': post.votes.agree,
            ':deserved': post.votes.deserved,
            ':publishedAt': post.publishedAt,
          },
        },
      },
      ...rows.map((row) => ({ Put: { TableName: this.tables.top, Item: rankItem(row) } })),
    ]);
  }

  async removeIfUnpublished(postId: string): Promise<boolean> {
    return this.conditional([
      {
        ConditionCheck: {
          TableName: this.tables.posts,
          Key: { id: postId },
          ConditionExpression: 'attribute_not_exists(id) OR #status <> :published',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':published': 'published' },
        },
      },
      ...TOP_PERIODS.map((period) => ({ Delete: { TableName: this.tables.top, Key: { postId, period } } })),
    ]);
  }

  /** One transaction; false when its condition check failed (or it raced another write: the stream has it). */
  private async conditional(items: Record<string, unknown>[]): Promise<boolean> {
    try {
      await this.client.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException || decodeCancellation(error)) return false;
      throw error;
    }
  }
}
