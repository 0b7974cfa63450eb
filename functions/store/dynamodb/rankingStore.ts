import { BatchWriteCommand, QueryCommand, type BatchWriteCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TOP_PERIODS } from '../../contract/votes';
import type { StoredPost } from '../../domain/ports/posts';
import type { RankRow, RankingStore, TopQuery } from '../../domain/ports/rankings';
import { TOP_INDEX, TOP_KEYS } from '../tables';
import { LEAST_RANK } from '../../domain/rankings';
import { batchGetPosts } from './postBatch';

/** A rank row as the top table stores it. */
export function rankItem(row: RankRow): Record<string, string> {
  return {
    postId: row.postId,
    period: row.period,
    [TOP_KEYS.bucket]: row.bucket,
    [TOP_KEYS.agreeRank]: row.ranks.agree,
    [TOP_KEYS.deservedRank]: row.ranks.deserved,
  };
}

/** BatchWriteItem takes at most 25 requests; unprocessed ones are sent again a few times. */
const BATCH_WRITE_LIMIT = 25;
const ROUNDS = 8;

/**
 * The Top: rank rows in the top table (`postId` + `period`), read through the two ranking indexes
 * (`bucket` + `agreeRank` / `deservedRank`), and the posts they name read from the posts table in
 * one batch. The rows hold keys only; counts and text come from the post itself.
 */
export class DynamoRankingStore implements RankingStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** `posts` only where pages are read (writing rank rows needs the top table alone). */
    private readonly tables: { posts?: string; top: string },
  ) {}

  async page({ bucket, ranking, limit, afterRank }: TopQuery): Promise<{ items: StoredPost[]; lastRank?: string; hasMore: boolean }> {
    const rankAttribute = ranking === 'agree' ? TOP_KEYS.agreeRank : TOP_KEYS.deservedRank;
    // A cursor below every listed key (a post without votes) has nothing after it; BETWEEN would refuse it.
    if (afterRank && afterRank < LEAST_RANK) return { items: [], hasMore: false };
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.top,
        IndexName: TOP_INDEX[ranking],
        // Only posts with at least one vote of the ranking's kind: a rank key starts with its zero-padded
        // count, so every key of a count ≥ 1 sorts at or above the lowest one-vote key. From a cursor the
        // range is inclusive (BETWEEN), so the cursor's own row is dropped below.
        KeyConditionExpression: afterRank ? '#b = :b AND #r BETWEEN :least AND :after' : '#b = :b AND #r >= :least',
        ExpressionAttributeNames: { '#b': TOP_KEYS.bucket, '#r': rankAttribute, '#id': 'postId' },
        ExpressionAttributeValues: { ':b': bucket, ':least': LEAST_RANK, ...(afterRank ? { ':after': afterRank } : {}) },
        ProjectionExpression: '#id, #r',
        ScanIndexForward: false,
        Limit: limit + (afterRank ? 2 : 1),
      }),
    );
    const after = Items.filter((row) => row[rankAttribute] !== afterRank);
    const rows = after.slice(0, limit).filter((row) => typeof row.postId === 'string' && typeof row[rankAttribute] === 'string');
    const posts = await this.posts(rows.map((row) => row.postId as string));
    return {
      items: rows.map((row) => posts.get(row.postId as string)).filter((post): post is StoredPost => post !== undefined),
      lastRank: rows.at(-1)?.[rankAttribute] as string | undefined,
      hasMore: after.length > limit,
    };
  }

  async apply({ put, remove }: { put: RankRow[]; remove: string[] }): Promise<void> {
    const requests: Record<string, unknown>[] = [
      ...put.map((row) => ({ PutRequest: { Item: rankItem(row) } })),
      ...remove.flatMap((postId) => TOP_PERIODS.map((period) => ({ DeleteRequest: { Key: { postId, period } } }))),
    ];
    for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
      let pending: Record<string, unknown>[] | undefined = requests.slice(start, start + BATCH_WRITE_LIMIT);
      for (let round = 0; pending && pending.length > 0 && round < ROUNDS; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
        const result: BatchWriteCommandOutput = await this.client.send(
          new BatchWriteCommand({ RequestItems: { [this.tables.top]: pending } }),
        );
        pending = result.UnprocessedItems?.[this.tables.top];
      }
      // Thrown, so the stream batch is retried (and bisected) rather than the Top left behind silently.
      if (pending && pending.length > 0) throw new Error(`BatchWriteItem left ${pending.length} rank rows unprocessed`);
    }
  }

  /** The posts of a page, by id (one BatchGetItem: a page is at most 100). */
  private async posts(ids: string[]): Promise<Map<string, StoredPost>> {
    const table = this.tables.posts;
    if (!table) throw new Error('DynamoRankingStore was built without the posts table, so it cannot read pages');
    return batchGetPosts(this.client, table, ids);
  }
}
