import {
  BatchWriteCommand,
  paginateScan,
  QueryCommand,
  type BatchWriteCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { Category } from '../../contract/posts';
import type { StoredPost } from '../../domain/ports/posts';
import type { IndexEntry, IndexKey, IndexWork, Posting, SearchIndexReader, SearchRebuildStore } from '../../domain/ports/search';
import { SEARCH_INDEX, SEARCH_KEYS } from '../tables';
import { batchGetPosts, publishedPostPages } from './postBatch';

/** BatchWriteItem takes at most 25 requests; unprocessed ones (throttling) are sent again a few times. */
const BATCH_WRITE_LIMIT = 25;
const ROUNDS = 8;

/** The item of an index entry. */
export function searchItem(entry: IndexEntry): Record<string, unknown> {
  return {
    [SEARCH_KEYS.term]: entry.term,
    [SEARCH_KEYS.postKey]: entry.postKey,
    [SEARCH_KEYS.termCategory]: `${entry.term}#${entry.category}`,
    tf: entry.tf,
    len: entry.length,
  };
}

/**
 * The search index table (functions/store/tables.ts SEARCH_TABLE): entries written and deleted with
 * BatchWriteItem, one term's newest entries read with one Query (of term-category-index for a
 * category), the page's posts with one BatchGetItem of the posts table.
 */
export class DynamoSearchStore implements SearchIndexReader, SearchRebuildStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { search: string; posts?: string },
  ) {}

  async postings(term: string, { category, limit }: { category?: Category; limit: number }): Promise<Posting[]> {
    const partition = category ? { name: SEARCH_KEYS.termCategory, value: `${term}#${category}` } : { name: SEARCH_KEYS.term, value: term };
    const postings: Posting[] = [];
    let start: Record<string, unknown> | undefined;
    // One Query: a 1 MB page holds ~10,000 entries, more than `limit`; a further page only if not.
    do {
      const page: QueryCommandOutput = await this.client.send(
        new QueryCommand({
          TableName: this.tables.search,
          ...(category ? { IndexName: SEARCH_INDEX.termCategory } : {}),
          KeyConditionExpression: '#p = :p',
          ExpressionAttributeNames: { '#p': partition.name, '#k': SEARCH_KEYS.postKey },
          ExpressionAttributeValues: { ':p': partition.value },
          ProjectionExpression: '#k, tf, len',
          ScanIndexForward: false,
          Limit: limit - postings.length,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const postKey: unknown = item[SEARCH_KEYS.postKey];
        if (typeof postKey !== 'string' || typeof item.tf !== 'number' || typeof item.len !== 'number') continue;
        postings.push({ postKey, tf: item.tf, length: item.len });
      }
      start = page.LastEvaluatedKey;
    } while (start && postings.length < limit);
    return postings;
  }

  async posts(ids: readonly string[]): Promise<Map<string, StoredPost>> {
    if (!this.tables.posts) throw new Error('DynamoSearchStore was built without the posts table, so it cannot read posts');
    return ids.length === 0 ? new Map() : batchGetPosts(this.client, this.tables.posts, ids);
  }

  async apply({ put, remove }: IndexWork): Promise<void> {
    const requests: Record<string, unknown>[] = [
      ...put.map((entry) => ({ PutRequest: { Item: searchItem(entry) } })),
      ...remove.map(({ term, postKey }) => ({ DeleteRequest: { Key: { [SEARCH_KEYS.term]: term, [SEARCH_KEYS.postKey]: postKey } } })),
    ];
    const table = this.tables.search;
    for (let start = 0; start < requests.length; start += BATCH_WRITE_LIMIT) {
      let pending: Record<string, unknown>[] | undefined = requests.slice(start, start + BATCH_WRITE_LIMIT);
      for (let round = 0; pending && pending.length > 0 && round < ROUNDS; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** round));
        const result: BatchWriteCommandOutput = await this.client.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = result.UnprocessedItems?.[table];
      }
      // Thrown, so the stream batch is retried (and bisected) rather than the index left behind silently.
      if (pending && pending.length > 0) throw new Error(`BatchWriteItem left ${pending.length} search entries unprocessed`);
    }
  }

  /** Published posts from the posts table's feed index (no Scan of the posts). */
  async *publishedPosts(): AsyncIterable<StoredPost[]> {
    if (!this.tables.posts) throw new Error('DynamoSearchStore was built without the posts table');
    yield* publishedPostPages(this.client, this.tables.posts, 100);
  }

  /** Every entry's key: a Scan of the index table (the rebuild only). */
  async *allEntries(): AsyncIterable<IndexKey[]> {
    const pages = paginateScan(
      { client: this.client, pageSize: 500 },
      {
        TableName: this.tables.search,
        ProjectionExpression: '#t, #k',
        ExpressionAttributeNames: { '#t': SEARCH_KEYS.term, '#k': SEARCH_KEYS.postKey },
      },
    );
    for await (const page of pages) {
      const keys = (page.Items ?? []).flatMap((item) =>
        typeof item[SEARCH_KEYS.term] === 'string' && typeof item[SEARCH_KEYS.postKey] === 'string'
          ? [{ term: item[SEARCH_KEYS.term] as string, postKey: item[SEARCH_KEYS.postKey] as string }]
          : [],
      );
      if (keys.length > 0) yield keys;
    }
  }
}
