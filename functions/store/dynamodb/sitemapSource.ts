import { QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { SitemapEntry, SitemapSource } from '../../domain/ports/documents';
import { FEED_PARTITION, POSTS_INDEX, POSTS_KEYS } from '../tables';

/**
 * The sitemap's reads of the feed index (published posts only: it is sparse), projecting ids and
 * publication times. Each read is one Query, or for a day a few pages of one key range up to its
 * limit: bounded whatever the table size.
 */
export class DynamoSitemapSource implements SitemapSource {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  private query(input: Partial<QueryCommandInput>) {
    return this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: POSTS_INDEX.feed,
        KeyConditionExpression: '#p = :p',
        ProjectionExpression: 'id, publishedAt',
        ...input,
        ExpressionAttributeNames: { '#p': POSTS_KEYS.feed, ...input.ExpressionAttributeNames },
        ExpressionAttributeValues: { ':p': FEED_PARTITION, ...input.ExpressionAttributeValues },
      }),
    );
  }

  async newest(limit: number): Promise<{ entries: SitemapEntry[]; more: boolean }> {
    const { Items = [], LastEvaluatedKey } = await this.query({ ScanIndexForward: false, Limit: limit + 1 });
    const entries = entriesOf(Items);
    return { entries: entries.slice(0, limit), more: entries.length > limit || LastEvaluatedKey !== undefined };
  }

  async oldestPublishedAt(): Promise<string | undefined> {
    const { Items = [] } = await this.query({ ScanIndexForward: true, Limit: 1 });
    return entriesOf(Items)[0]?.publishedAt;
  }

  async publishedOn(day: string, limit: number): Promise<SitemapEntry[]> {
    const entries: SitemapEntry[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const { Items = [], LastEvaluatedKey } = await this.query({
        KeyConditionExpression: '#p = :p AND begins_with(#s, :day)',
        ExpressionAttributeNames: { '#s': POSTS_KEYS.sortKey },
        ExpressionAttributeValues: { ':day': `${day}T` },
        ScanIndexForward: true,
        Limit: limit - entries.length,
        ExclusiveStartKey: start,
      });
      entries.push(...entriesOf(Items));
      start = LastEvaluatedKey;
    } while (start && entries.length < limit);
    return entries;
  }
}

function entriesOf(items: Record<string, unknown>[]): SitemapEntry[] {
  return items.flatMap((item) =>
    typeof item.id === 'string' && typeof item.publishedAt === 'string' ? [{ id: item.id, publishedAt: item.publishedAt }] : [],
  );
}
