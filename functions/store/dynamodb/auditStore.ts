/**
 * The audit's reads of the source tables (functions/domain/audit.ts): whole-table Scans, projected to
 * the few attributes compared. Scans are for this operator's tool only (like the search rebuild's),
 * never for a request: their cost grows with the tables, and an audit reads each table once.
 */
import { paginateScan, type DynamoDBDocumentClient, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AuditSourceStore, NameRowRead, PostCounters } from '../../domain/ports/audit';
import { NAMES_TABLE } from '../tables';

type Item = Record<string, unknown>;

const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

export class DynamoAuditStore implements AuditSourceStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { posts: string; votes: string; comments: string; names: string; saved: string; notifications: string },
  ) {}

  /** A whole table, a page at a time, each item mapped (undefined: left out). */
  private async *scan<T>(input: ScanCommandInput, map: (item: Item) => T | undefined): AsyncIterable<T[]> {
    for await (const page of paginateScan({ client: this.client, pageSize: 500 }, { ConsistentRead: true, ...input })) {
      const rows = (page.Items ?? []).flatMap((item) => {
        const row = map(item);
        return row === undefined ? [] : [row];
      });
      if (rows.length > 0) yield rows;
    }
  }

  postCounters(): AsyncIterable<PostCounters[]> {
    return this.scan({ TableName: this.tables.posts, ProjectionExpression: 'id, agree, deserved, comments' }, (item) => {
      const id = text(item.id);
      return id === undefined
        ? undefined
        : { id, agree: count(item.agree), deserved: count(item.deserved), comments: count(item.comments) };
    });
  }

  voteRows(): AsyncIterable<Array<{ postId: string; vote: string }>> {
    return this.scan({ TableName: this.tables.votes, ProjectionExpression: 'postId, vote' }, (item) => {
      const postId = text(item.postId);
      return postId === undefined ? undefined : { postId, vote: text(item.vote) ?? '' };
    });
  }

  visibleComments(): AsyncIterable<Array<{ postId: string }>> {
    return this.scan(
      {
        TableName: this.tables.comments,
        ProjectionExpression: 'postId',
        FilterExpression: '#status = :visible',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':visible': 'visible' },
      },
      (item) => {
        const postId = text(item.postId);
        return postId === undefined ? undefined : { postId };
      },
    );
  }

  nameRows(): AsyncIterable<NameRowRead[]> {
    return this.scan(
      {
        TableName: this.tables.names,
        ProjectionExpression: '#k, userId, nameKey, deleted, #ttl',
        ExpressionAttributeNames: { '#k': 'key', '#ttl': NAMES_TABLE.ttlAttribute },
      },
      (item): NameRowRead | undefined => {
        const key = text(item.key) ?? '';
        if (key.startsWith('name#')) {
          const userId = text(item.userId);
          return userId === undefined
            ? undefined
            : { kind: 'name', nameKey: key.slice('name#'.length), userId, former: item[NAMES_TABLE.ttlAttribute] !== undefined };
        }
        if (key.startsWith('user#')) {
          return { kind: 'account', userId: key.slice('user#'.length), nameKey: text(item.nameKey), deleted: item.deleted === true };
        }
        return undefined;
      },
    );
  }

  savedRows(): AsyncIterable<Array<{ userId: string; postId: string }>> {
    return this.scan({ TableName: this.tables.saved, ProjectionExpression: 'userId, postId' }, (item) => {
      const userId = text(item.userId);
      const postId = text(item.postId);
      return userId === undefined || postId === undefined ? undefined : { userId, postId };
    });
  }

  notificationRows(): AsyncIterable<Array<{ accountId: string; key: string; postId: string }>> {
    return this.scan(
      { TableName: this.tables.notifications, ProjectionExpression: 'accountId, #k, postId', ExpressionAttributeNames: { '#k': 'key' } },
      (item) => {
        const accountId = text(item.accountId);
        const key = text(item.key);
        const postId = text(item.postId);
        // `seen#` marks name no post: they only remember the comments counted.
        return accountId === undefined || key === undefined || postId === undefined ? undefined : { accountId, key, postId };
      },
    );
  }
}
