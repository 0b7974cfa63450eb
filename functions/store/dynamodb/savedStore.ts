import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  PutCommand,
  QueryCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { SavedEntry, SavedStore } from '../../domain/ports/saved';
import type { StoredPost } from '../../domain/ports/posts';
import { SAVED_INDEX, SAVED_KEYS } from '../tables';
import { batchGetPosts } from './postBatch';

const BATCH_GET_LIMIT = 100;
const ROUNDS = 8;

/** The saved table (functions/store/tables.ts): `userId` + `postId`, listed by saved-index. */
export class DynamoSavedStore implements SavedStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** The posts table, where a list of saved posts is read (saving and the ids need only the saved table). */
    private readonly postsTable?: string,
  ) {}

  async posts(ids: readonly string[]): Promise<Map<string, StoredPost>> {
    if (!this.postsTable) throw new Error('DynamoSavedStore was built without the posts table, so it cannot read saved posts');
    return batchGetPosts(this.client, this.postsTable, ids);
  }

  /** One conditional PutItem: a second save (twenty at once included) fails the condition and changes nothing. */
  async save(userId: string, postId: string, at: Date): Promise<void> {
    const savedAt = at.toISOString();
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { userId, postId, savedAt, [SAVED_KEYS.savedKey]: `${savedAt}#${postId}` },
          ConditionExpression: 'attribute_not_exists(postId)',
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async unsave(userId: string, postId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { userId, postId } }));
  }

  async savedOf(userId: string, postIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    const unique = [...new Set(postIds)];
    for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + BATCH_GET_LIMIT).map((postId) => ({ userId, postId }));
      for (let round = 0; keys && keys.length > 0 && round < ROUNDS; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round));
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({ RequestItems: { [this.tableName]: { Keys: keys, ProjectionExpression: 'postId' } } }),
        );
        for (const item of result.Responses?.[this.tableName] ?? []) if (typeof item.postId === 'string') found.add(item.postId);
        keys = result.UnprocessedKeys?.[this.tableName]?.Keys;
      }
      if (keys && keys.length > 0) throw new Error('BatchGetItem left saved rows unprocessed');
    }
    return found;
  }

  async page(userId: string, limit: number, afterKey?: string): Promise<{ entries: SavedEntry[]; hasMore: boolean }> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: SAVED_INDEX.byTime,
        KeyConditionExpression: afterKey ? 'userId = :u AND #k < :after' : 'userId = :u',
        ExpressionAttributeNames: { '#k': SAVED_KEYS.savedKey },
        ExpressionAttributeValues: { ':u': userId, ...(afterKey ? { ':after': afterKey } : {}) },
        ProjectionExpression: 'postId, #k',
        ScanIndexForward: false,
        Limit: limit + 1,
      }),
    );
    const entries = Items.slice(0, limit).flatMap((item: Record<string, unknown>) =>
      typeof item.postId === 'string' && typeof item[SAVED_KEYS.savedKey] === 'string'
        ? [{ postId: item.postId, savedKey: item[SAVED_KEYS.savedKey] as string }]
        : [],
    );
    return { entries, hasMore: Items.length > limit };
  }
}
