import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { paginateQuery, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { FingerprintBackfillStore, FingerprintClaim, StoredPost } from '../../domain/ports/posts';
import { FEED_PARTITION, POSTS_INDEX, POSTS_KEYS, QUEUES } from '../tables';
import { postsFromItems } from './postItems';
import { DynamoPostRepository, fingerprintPut } from './postRepository';
import { keyIs } from './keys';

/**
 * The reads and writes of the fingerprints' backfill: the posts that hold their text from the posts
 * table's feed index (published) and queue index (pending, hidden) — Queries, no Scan, each page
 * `pageSize` items —, and the fingerprints' rows (moderation table), one conditional PutItem each.
 */
export class DynamoFingerprintBackfillStore implements FingerprintBackfillStore {
  private readonly posts: DynamoPostRepository;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { posts: string; moderation: string },
  ) {
    this.posts = new DynamoPostRepository(client, tables.posts, tables.moderation);
  }

  async *holdingPosts(pageSize: number): AsyncIterable<StoredPost[]> {
    const partitions = [
      { indexName: POSTS_INDEX.feed, key: POSTS_KEYS.feed, value: FEED_PARTITION },
      { indexName: POSTS_INDEX.queue, key: POSTS_KEYS.queue, value: QUEUES.pending },
      { indexName: POSTS_INDEX.queue, key: POSTS_KEYS.queue, value: QUEUES.hidden },
    ];
    for (const partition of partitions) {
      const pages = paginateQuery(
        { client: this.client, pageSize },
        {
          TableName: this.tables.posts,
          IndexName: partition.indexName,
          ...keyIs(partition.key, partition.value),
        },
      );
      for await (const page of pages) {
        const items = postsFromItems(page.Items);
        if (items.length > 0) yield items;
      }
    }
  }

  get(id: string, options?: { consistent?: boolean }): Promise<StoredPost | undefined> {
    return this.posts.get(id, options);
  }

  holderOf(fingerprint: string): Promise<string | undefined> {
    return this.posts.holderOf(fingerprint);
  }

  async claim(claim: FingerprintClaim, postId: string, at: string): Promise<boolean> {
    try {
      await this.client.send(new PutCommand(fingerprintPut(this.tables.moderation, claim, postId, at)));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
