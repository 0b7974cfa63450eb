import { DeleteCommand, PutCommand, paginateQuery, paginateScan, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountConnections, ConnectionRepository, PostWatchers, ScanSegment } from '../../domain/ports/connections';
import { CONNECTION_TTL_SECONDS, CONNECTIONS_INDEX, CONNECTIONS_KEYS } from '../tables';

export class DynamoConnectionRepository implements ConnectionRepository, PostWatchers, AccountConnections {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async add(connectionId: string, now: Date, watching?: string, account?: string): Promise<void> {
    const seconds = Math.floor(now.getTime() / 1000);
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: {
          connectionId,
          connectedAt: now.toISOString(),
          expiresAt: seconds + CONNECTION_TTL_SECONDS,
          ...(watching !== undefined ? { [CONNECTIONS_KEYS.watching]: watching } : {}),
          ...(account !== undefined ? { [CONNECTIONS_KEYS.account]: account } : {}),
        },
      }),
    );
  }

  async remove(connectionId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { connectionId } }));
  }

  async *list(segment?: ScanSegment): AsyncIterable<string[]> {
    const pages = paginateScan(
      { client: this.client },
      {
        TableName: this.tableName,
        ProjectionExpression: 'connectionId',
        ...(segment ? { Segment: segment.segment, TotalSegments: segment.totalSegments } : {}),
      },
    );
    for await (const page of pages) yield connectionIds(page.Items);
  }

  async *watching(postId: string): AsyncIterable<string[]> {
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        IndexName: CONNECTIONS_INDEX.watching,
        KeyConditionExpression: '#w = :post',
        ExpressionAttributeNames: { '#w': CONNECTIONS_KEYS.watching },
        ExpressionAttributeValues: { ':post': postId },
        ProjectionExpression: 'connectionId',
      },
    );
    for await (const page of pages) yield connectionIds(page.Items);
  }

  async *ofAccount(accountId: string): AsyncIterable<string[]> {
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        IndexName: CONNECTIONS_INDEX.account,
        KeyConditionExpression: '#a = :account',
        ExpressionAttributeNames: { '#a': CONNECTIONS_KEYS.account },
        ExpressionAttributeValues: { ':account': accountId },
        ProjectionExpression: 'connectionId',
      },
    );
    for await (const page of pages) yield connectionIds(page.Items);
  }

  async countSegment(segment: ScanSegment): Promise<number> {
    let count = 0;
    const pages = paginateScan(
      { client: this.client },
      { TableName: this.tableName, Select: 'COUNT', Segment: segment.segment, TotalSegments: segment.totalSegments },
    );
    for await (const page of pages) count += page.Count ?? 0;
    return count;
  }
}

function connectionIds(items: Record<string, unknown>[] | undefined): string[] {
  return (items ?? []).map((item): unknown => item.connectionId).filter((id): id is string => typeof id === 'string');
}
