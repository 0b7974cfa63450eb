import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { signatureOf } from '../../contract/accounts';
import { NOTIFICATION_TYPES, type NotificationType } from '../../contract/notifications';
import { REJECTION_REASONS, type RejectionReason } from '../../contract/posts';
import { expiryOf, listedAtOf } from '../../domain/notifications';
import type {
  CoalescedWrite,
  DayTopReader,
  NotificationPageQuery,
  NotificationStore,
  NotifiedPosts,
  StoredNotification,
} from '../../domain/ports/notifications';
import type { StoredPost } from '../../domain/ports/posts';
import { batchGetPosts } from './postBatch';
import { NOTIFICATIONS_INDEX, NOTIFICATIONS_KEYS, TOP_INDEX, TOP_KEYS } from '../tables';
import { failedCondition, transactWrite } from './transactions';
import { accountNotDeleted } from './nameStore';
import { keyIs } from './keys';

/** How long the mark of a counted comment is kept: far longer than a stream record is retried (an hour). */
const SEEN_TTL_SECONDS = 2 * 24 * 60 * 60;
/** Updates in flight at once when marking many read. */
const MARK_CONCURRENCY = 10;

const { accountId: ACCOUNT, key: KEY, listedAt: LISTED_AT, unreadAt: UNREAD_AT } = NOTIFICATIONS_KEYS;

/** The item of a notification: the listing key always, the unread key only while unread (sparse index). */
export function notificationItem(notification: StoredNotification): Record<string, unknown> {
  const listedAt = listedAtOf(notification);
  return {
    [ACCOUNT]: notification.accountId,
    [KEY]: notification.key,
    type: notification.type,
    postId: notification.postId,
    createdAt: notification.createdAt,
    [LISTED_AT]: listedAt,
    ...(notification.read ? {} : { [UNREAD_AT]: listedAt }),
    ...(notification.reason !== undefined ? { reason: notification.reason } : {}),
    ...(notification.name !== undefined ? { name: notification.name } : {}),
    ...(notification.count !== undefined ? { count: notification.count } : {}),
    ...(notification.decision !== undefined ? { decision: notification.decision } : {}),
    ...(notification.reply !== undefined ? { reply: notification.reply } : {}),
    version: notification.version,
    expiresAt: expiryOf(notification.createdAt),
  };
}

export function notificationFromItem(item: Record<string, unknown> | undefined): StoredNotification | undefined {
  if (!item || typeof item[KEY] !== 'string' || typeof item[LISTED_AT] !== 'string') return undefined;
  const type = item.type as NotificationType;
  if (!NOTIFICATION_TYPES.includes(type)) return undefined;
  return {
    accountId: item[ACCOUNT] as string,
    key: item[KEY],
    type,
    postId: item.postId as string,
    createdAt: item.createdAt as string,
    read: item[UNREAD_AT] === undefined,
    ...(REJECTION_REASONS.includes(item.reason as RejectionReason) ? { reason: item.reason as RejectionReason } : {}),
    ...(typeof item.name === 'string' ? { name: signatureOf(item.name) } : {}),
    ...(typeof item.count === 'number' ? { count: item.count } : {}),
    ...(item.decision === 'lift' || item.decision === 'uphold' ? { decision: item.decision } : {}),
    ...(typeof item.reply === 'string' ? { reply: item.reply } : {}),
    version: typeof item.version === 'number' ? item.version : 1,
  };
}

/**
 * The notifications table: an account's items under its id, listed newest first through the
 * recent-index (LSI), counted and marked read through the sparse unread-index (LSI, keys only),
 * both read strongly consistent, so a mark or a new notification shows in the next read.
 */
export class DynamoNotificationStore implements NotificationStore, NotifiedPosts {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /** The posts table, where a page of notifications finds its posts' words (the other uses need only this table). */
    private readonly postsTable?: string,
    /**
     * The names table, for the functions that write notifications: each write checks, in its own
     * transaction, that its owner's account is not marked deleted, so none is written (nor sent) for an
     * account once its deletion began; those written before go with the account (DELETE /me).
     */
    private readonly namesTable?: string,
  ) {}

  /** The check that the notification's owner is not deleted (an account with no row yet is not). */
  private ownerAlive(accountId: string) {
    if (!this.namesTable) throw new Error('DynamoNotificationStore was built without the names table, so it cannot write notifications');
    return accountNotDeleted(this.namesTable, accountId);
  }

  async posts(ids: readonly string[]): Promise<Map<string, StoredPost>> {
    if (!this.postsTable) throw new Error('DynamoNotificationStore was built without the posts table, so it cannot read posts');
    return batchGetPosts(this.client, this.postsTable, ids);
  }

  async add(notification: StoredNotification): Promise<boolean> {
    const cancelled = await transactWrite(this.client, [
      {
        Put: {
          TableName: this.tableName,
          Item: notificationItem(notification),
          ConditionExpression: 'attribute_not_exists(#k)',
          ExpressionAttributeNames: { '#k': KEY },
        },
      },
      this.ownerAlive(notification.accountId),
    ]);
    if (!cancelled) return true;
    // [0] written already (a record seen again), [1] the owner's account was deleted: nothing to send.
    if (failedCondition(cancelled, 0) || failedCondition(cancelled, 1)) return false;
    throw cancelled.error;
  }

  async get(accountId: string, key: string): Promise<StoredNotification | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { [ACCOUNT]: accountId, [KEY]: key }, ConsistentRead: true }),
    );
    return notificationFromItem(Item);
  }

  async putCoalesced(next: StoredNotification, expectedVersion: number | undefined, commentId: string): Promise<CoalescedWrite> {
    const now = Math.floor(Date.now() / 1000);
    const cancelled = await transactWrite(this.client, [
      {
        Put: {
          TableName: this.tableName,
          Item: { [ACCOUNT]: next.accountId, [KEY]: `seen#${commentId}`, expiresAt: now + SEEN_TTL_SECONDS },
          ConditionExpression: 'attribute_not_exists(#k)',
          ExpressionAttributeNames: { '#k': KEY },
        },
      },
      {
        Put: {
          TableName: this.tableName,
          Item: notificationItem(next),
          ...(expectedVersion === undefined
            ? { ConditionExpression: 'attribute_not_exists(#k)', ExpressionAttributeNames: { '#k': KEY } }
            : {
                ConditionExpression: '#v = :v',
                ExpressionAttributeNames: { '#v': 'version' },
                ExpressionAttributeValues: { ':v': expectedVersion },
              }),
        },
      },
      this.ownerAlive(next.accountId),
    ]);
    if (!cancelled) return 'written';
    if (failedCondition(cancelled, 0)) return 'seen';
    if (failedCondition(cancelled, 2)) return 'gone';
    return 'conflict';
  }

  async page({ accountId, limit, afterListedAt }: NotificationPageQuery): Promise<{ items: StoredNotification[]; hasMore: boolean }> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: NOTIFICATIONS_INDEX.recent,
        KeyConditionExpression: afterListedAt ? '#a = :a AND #l < :after' : '#a = :a',
        ExpressionAttributeNames: { '#a': ACCOUNT, ...(afterListedAt ? { '#l': LISTED_AT } : {}) },
        ExpressionAttributeValues: { ':a': accountId, ...(afterListedAt ? { ':after': afterListedAt } : {}) },
        ScanIndexForward: false,
        ConsistentRead: true,
        Limit: limit + 1,
      }),
    );
    const items = Items.map(notificationFromItem).filter((item): item is StoredNotification => item !== undefined);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  }

  async markRead(accountId: string, keys: readonly string[]): Promise<void> {
    await forEachLimited(keys, MARK_CONCURRENCY, (key) => this.markOne(accountId, key));
  }

  async markAllRead(accountId: string): Promise<void> {
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.tableName,
        IndexName: NOTIFICATIONS_INDEX.unread,
        ...keyIs(ACCOUNT, accountId),
        ConsistentRead: true,
      },
    );
    for await (const page of pages) {
      const keys = (page.Items ?? []).map((item): unknown => item[KEY]).filter((key): key is string => typeof key === 'string');
      await this.markRead(accountId, keys);
    }
  }

  async countUnread(accountId: string, cap: number): Promise<number> {
    const { Count = 0 } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: NOTIFICATIONS_INDEX.unread,
        ...keyIs(ACCOUNT, accountId),
        Select: 'COUNT',
        ConsistentRead: true,
        Limit: cap,
      }),
    );
    return Math.min(Count, cap);
  }

  /**
   * One notification read: its unread key removed and its version moved, so a comment being counted
   * at the same moment (which wrote against the older version) reads again and starts a new unread
   * count. Only an existing unread notification of this account is touched.
   */
  private async markOne(accountId: string, key: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { [ACCOUNT]: accountId, [KEY]: key },
          UpdateExpression: 'REMOVE #u ADD #v :one',
          ConditionExpression: 'attribute_exists(#u)',
          ExpressionAttributeNames: { '#u': UNREAD_AT, '#v': 'version' },
          ExpressionAttributeValues: { ':one': 1 },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}

/** The day's Top from the top table's «¡Vaya día!» ranking index. */
export class DynamoDayTopReader implements DayTopReader {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async first(bucket: string, limit: number): Promise<Array<{ postId: string; rank: string }>> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: TOP_INDEX.agree,
        KeyConditionExpression: '#b = :b',
        ExpressionAttributeNames: { '#b': TOP_KEYS.bucket, '#r': TOP_KEYS.agreeRank, '#id': 'postId' },
        ExpressionAttributeValues: { ':b': bucket },
        ProjectionExpression: '#id, #r',
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return Items.filter((row) => typeof row.postId === 'string' && typeof row[TOP_KEYS.agreeRank] === 'string').map((row) => ({
      postId: row.postId as string,
      rank: row[TOP_KEYS.agreeRank] as string,
    }));
  }
}

async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
