/**
 * The audit's reads of the source tables (functions/domain/audit.ts): whole-table Scans, projected to
 * the few attributes compared. Scans are for this operator's tool only (like the search rebuild's),
 * never for a request: their cost grows with the tables, and an audit reads each table once. And its
 * repairs' writes (functions/domain/auditRepair.ts), each conditional on what the repair read.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetCommand,
  paginateScan,
  TransactWriteCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
  type ScanCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type {
  AccountRead,
  AuditRepairStore,
  AuditSourceStore,
  ClaimRead,
  CommentCounters,
  NameRowRead,
  PostCounters,
  RepairWrite,
} from '../../domain/ports/audit';
import { COMMENTS_KEYS, NAMES_TABLE } from '../tables';
import { bestRank } from './commentStore';
import { userRow } from './nameStore';
import { transactWrite } from './transactions';

type Item = Record<string, unknown>;

const count = (value: unknown) => (typeof value === 'number' ? value : 0);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

const NAMES_TTL = NAMES_TABLE.ttlAttribute;

/**
 * A condition that a counter is still `value` (names `#<attribute>`, values `:<attribute>`): a counter
 * never written reads as 0.
 */
function counterIs(attribute: string, value: number): { condition: string; names: Record<string, string>; values: Record<string, number> } {
  const name = `#${attribute}`;
  const placeholder = `:${attribute}`;
  return {
    condition: value === 0 ? `(attribute_not_exists(${name}) OR ${name} = ${placeholder})` : `${name} = ${placeholder}`,
    names: { [name]: attribute },
    values: { [placeholder]: value },
  };
}

/** A condition that an account row is still as read: its version, or (rows from before versions) its apodo; or still absent. */
function accountAsRead(account: AccountRead): { condition: string; names: Record<string, string>; values: Record<string, unknown> } {
  if (!account.exists) return { condition: 'attribute_not_exists(#k)', names: { '#k': 'key' }, values: {} };
  if (account.version > 0)
    return { condition: '#version = :version', names: { '#version': 'version' }, values: { ':version': account.version } };
  return account.nameKey === undefined
    ? { condition: 'attribute_not_exists(#version) AND attribute_not_exists(nameKey)', names: { '#version': 'version' }, values: {} }
    : {
        condition: 'attribute_not_exists(#version) AND nameKey = :nameKey',
        names: { '#version': 'version' },
        values: { ':nameKey': account.nameKey },
      };
}

export class DynamoAuditStore implements AuditSourceStore, AuditRepairStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: {
      posts: string;
      votes: string;
      comments: string;
      commentVotes: string;
      names: string;
      saved: string;
      notifications: string;
    },
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

  visibleComments(): AsyncIterable<Array<{ postId: string; parentId?: string }>> {
    return this.scan(
      {
        TableName: this.tables.comments,
        ProjectionExpression: 'postId, parentId',
        FilterExpression: '#status = :visible',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':visible': 'visible' },
      },
      (item) => {
        const postId = text(item.postId);
        const parentId = text(item.parentId);
        return postId === undefined ? undefined : { postId, ...(parentId === undefined ? {} : { parentId }) };
      },
    );
  }

  commentCounters(): AsyncIterable<CommentCounters[]> {
    return this.scan(
      {
        TableName: this.tables.comments,
        ProjectionExpression: 'id, parentId, #status, createdAt, up, down, replyCount',
        ExpressionAttributeNames: { '#status': 'status' },
      },
      (item): CommentCounters | undefined => {
        const id = text(item.id);
        const parentId = text(item.parentId);
        return id === undefined
          ? undefined
          : {
              id,
              ...(parentId === undefined ? {} : { parentId }),
              status: text(item.status) ?? '',
              createdAt: text(item.createdAt) ?? '',
              up: count(item.up),
              down: count(item.down),
              replyCount: count(item.replyCount),
            };
      },
    );
  }

  commentVoteRows(): AsyncIterable<Array<{ commentId: string; vote: string }>> {
    return this.scan({ TableName: this.tables.commentVotes, ProjectionExpression: 'commentId, vote' }, (item) => {
      const commentId = text(item.commentId);
      return commentId === undefined ? undefined : { commentId, vote: text(item.vote) ?? '' };
    });
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

  /** One conditional update; `changed` when its condition no longer holds. */
  private async update(input: UpdateCommandInput): Promise<RepairWrite> {
    try {
      await this.client.send(new UpdateCommand(input));
      return 'fixed';
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return 'changed';
      throw error;
    }
  }

  /** One transaction; `changed` when it is cancelled (a condition no longer holds, or a write raced it). */
  private async transact(items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>): Promise<RepairWrite> {
    return (await transactWrite(this.client, items)) ? 'changed' : 'fixed';
  }

  setPostVotes(postId: string, read: { agree: number; deserved: number }, to: { agree: number; deserved: number }): Promise<RepairWrite> {
    const agree = counterIs('agree', read.agree);
    const deserved = counterIs('deserved', read.deserved);
    return this.update({
      TableName: this.tables.posts,
      Key: { id: postId },
      UpdateExpression: 'SET #agree = :toAgree, #deserved = :toDeserved',
      ConditionExpression: `attribute_exists(id) AND ${agree.condition} AND ${deserved.condition}`,
      ExpressionAttributeNames: { ...agree.names, ...deserved.names },
      ExpressionAttributeValues: { ...agree.values, ...deserved.values, ':toAgree': to.agree, ':toDeserved': to.deserved },
    });
  }

  setPostComments(postId: string, read: number, to: number): Promise<RepairWrite> {
    const comments = counterIs('comments', read);
    return this.update({
      TableName: this.tables.posts,
      Key: { id: postId },
      UpdateExpression: 'SET #comments = :to',
      ConditionExpression: `attribute_exists(id) AND ${comments.condition}`,
      ExpressionAttributeNames: comments.names,
      ExpressionAttributeValues: { ...comments.values, ':to': to },
    });
  }

  setCommentVotes(comment: CommentCounters, to: { up: number; down: number }): Promise<RepairWrite> {
    const up = counterIs('up', comment.up);
    const down = counterIs('down', comment.down);
    // A visible top-level comment's place in «Mejores» moves with its score (commentStore.ts bestRank).
    const ranked = comment.status === 'visible' && comment.parentId === undefined;
    return this.update({
      TableName: this.tables.comments,
      Key: { id: comment.id },
      UpdateExpression: `SET #up = :toUp, #down = :toDown${ranked ? ', #rank = :rank' : ''}`,
      ConditionExpression: `attribute_exists(id) AND #status = :status AND ${up.condition} AND ${down.condition}`,
      ExpressionAttributeNames: {
        ...up.names,
        ...down.names,
        '#status': 'status',
        ...(ranked ? { '#rank': COMMENTS_KEYS.threadRank } : {}),
      },
      ExpressionAttributeValues: {
        ...up.values,
        ...down.values,
        ':status': comment.status,
        ':toUp': to.up,
        ':toDown': to.down,
        ...(ranked ? { ':rank': bestRank({ createdAt: comment.createdAt, ...to }) } : {}),
      },
    });
  }

  setReplyCount(commentId: string, read: number, to: number): Promise<RepairWrite> {
    const replies = counterIs('replyCount', read);
    return this.update({
      TableName: this.tables.comments,
      Key: { id: commentId },
      UpdateExpression: 'SET #replyCount = :to',
      ConditionExpression: `attribute_exists(id) AND ${replies.condition}`,
      ExpressionAttributeNames: replies.names,
      ExpressionAttributeValues: { ...replies.values, ':to': to },
    });
  }

  async claimOf(nameKey: string): Promise<ClaimRead | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.names, Key: { key: `name#${nameKey}` }, ConsistentRead: true }),
    );
    const userId = text(Item?.userId);
    return userId === undefined ? undefined : { userId, name: text(Item?.name) ?? '', former: Item?.[NAMES_TTL] !== undefined };
  }

  async accountOf(userId: string): Promise<AccountRead> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.names, Key: { key: userRow(userId) }, ConsistentRead: true }),
    );
    if (!Item) return { exists: false, version: 0, deleted: false };
    const name = text(Item.name);
    const nameKey = text(Item.nameKey);
    return {
      exists: true,
      version: count(Item.version),
      ...(name === undefined ? {} : { name }),
      ...(nameKey === undefined ? {} : { nameKey }),
      deleted: Item.deleted === true,
    };
  }

  freeClaim(
    nameKey: string,
    owner: { userId: string; account: AccountRead },
    how: { kind: 'former'; expiresAt: Date } | { kind: 'delete' },
  ): Promise<RepairWrite> {
    const asRead = accountAsRead(owner.account);
    // Still this account's current claim (not a former apodo's row, which a rename or another claim wrote since).
    const stillCurrent = {
      ConditionExpression: 'userId = :me AND attribute_not_exists(#ttl)',
      ExpressionAttributeNames: { '#ttl': NAMES_TTL },
      ExpressionAttributeValues: { ':me': owner.userId },
    };
    return this.transact([
      how.kind === 'former'
        ? {
            Update: {
              TableName: this.tables.names,
              Key: { key: `name#${nameKey}` },
              UpdateExpression: 'SET #ttl = :expires',
              ...stillCurrent,
              ExpressionAttributeValues: {
                ...stillCurrent.ExpressionAttributeValues,
                ':expires': Math.floor(how.expiresAt.getTime() / 1000),
              },
            },
          }
        : { Delete: { TableName: this.tables.names, Key: { key: `name#${nameKey}` }, ...stillCurrent } },
      {
        ConditionCheck: {
          TableName: this.tables.names,
          Key: { key: userRow(owner.userId) },
          ConditionExpression: asRead.condition,
          ExpressionAttributeNames: asRead.names,
          ...(Object.keys(asRead.values).length > 0 ? { ExpressionAttributeValues: asRead.values } : {}),
        },
      },
    ]);
  }

  claimFor(userId: string, account: AccountRead & { name: string; nameKey: string }): Promise<RepairWrite> {
    const asRead = accountAsRead(account);
    return this.transact([
      {
        Put: {
          TableName: this.tables.names,
          Item: { key: `name#${account.nameKey}`, userId, name: account.name },
          // Nobody's, or a former apodo's row (which a claim takes over, as a rename's claim does).
          ConditionExpression: 'attribute_not_exists(#k) OR attribute_exists(#ttl)',
          ExpressionAttributeNames: { '#k': 'key', '#ttl': NAMES_TTL },
        },
      },
      {
        ConditionCheck: {
          TableName: this.tables.names,
          Key: { key: userRow(userId) },
          ConditionExpression: `attribute_not_exists(deleted) AND ${asRead.condition}`,
          ExpressionAttributeNames: asRead.names,
          ...(Object.keys(asRead.values).length > 0 ? { ExpressionAttributeValues: asRead.values } : {}),
        },
      },
    ]);
  }

  /** A row deleted in one transaction with the check that its post does not exist. */
  private deleteOrphan(table: string, key: Record<string, string>, postId: string): Promise<RepairWrite> {
    const [first] = Object.keys(key);
    return this.transact([
      {
        Delete: {
          TableName: table,
          Key: key,
          ConditionExpression: 'attribute_exists(#first)',
          ExpressionAttributeNames: { '#first': first! },
        },
      },
      { ConditionCheck: { TableName: this.tables.posts, Key: { id: postId }, ConditionExpression: 'attribute_not_exists(id)' } },
    ]);
  }

  deleteSaved(userId: string, postId: string): Promise<RepairWrite> {
    return this.deleteOrphan(this.tables.saved, { userId, postId }, postId);
  }

  deleteNotification(accountId: string, key: string, postId: string): Promise<RepairWrite> {
    return this.deleteOrphan(this.tables.notifications, { accountId, key }, postId);
  }
}
