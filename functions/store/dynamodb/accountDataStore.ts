import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  TransactWriteCommand,
  paginateQuery,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_NAME } from '../../contract/accounts';
import { EXPORT_RATE_LIMIT, type AccountExport } from '../../contract/accountData';
import { REPORT_REASONS, type ReportReason } from '../../contract/moderation';
import { VOTE_KINDS, type VoteKind } from '../../contract/votes';
import { fingerprintOf } from '../../contract/fingerprint';
import { notificationKey } from '../../domain/notifications';
import type { AccountDataReader, AccountEnding, AccountErasure, ExportLimiter } from '../../domain/ports/accountData';
import type { StoredComment } from '../../domain/ports/comments';
import type { StoredNotification } from '../../domain/ports/notifications';
import type { StoredPost } from '../../domain/ports/posts';
import {
  COMMENTS_INDEX,
  COMMENTS_KEYS,
  CONNECTIONS_INDEX,
  CONNECTIONS_KEYS,
  MODERATION_INDEX,
  MODERATION_KEYS,
  NOTIFICATIONS_INDEX,
  NOTIFICATIONS_KEYS,
  POSTS_INDEX,
  POSTS_KEYS,
  PUSH_SUBSCRIPTIONS_INDEX,
  SAVED_INDEX,
} from '../tables';
import { commentFromItem, DynamoCommentStore } from './commentStore';
import { commentVoteFromItem } from './commentVoteStore';
import type { StoredCommentVote } from '../../domain/ports/commentVotes';
import { fingerprintKey } from './postRepository';
import { postFromItem } from './postItems';
import { DynamoRateLimiter, slotPut } from './rateLimiter';
import { notificationFromItem } from './notificationStore';
import { decodeCancellation, failedCondition } from './transactions';
import { keyIs } from './keys';

/** The tables an account's data is read from or erased in; each use needs only its own. */
export type AccountTables = {
  posts?: string;
  comments?: string;
  votes?: string;
  commentVotes?: string;
  saved?: string;
  notifications?: string;
  moderation?: string;
  pushSubscriptions?: string;
  connections?: string;
};

/** Pages of one Query, read whole: every call here reads one account's own partitions, small and bounded by what it did. */
async function queryAll(client: DynamoDBDocumentClient, input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of paginateQuery({ client, pageSize: 100 }, input)) items.push(...(page.Items ?? []));
  return items;
}

function need(name: string | undefined, what: string): string {
  if (name === undefined) throw new Error(`The account data store was built without the ${what} table`);
  return name;
}

/**
 * One account's rows in every table it wrote to, read through its own partitions and its entries of
 * the author indexes (never a Scan), for `GET /me/export`; and their deletion, when an account is
 * deleted with its content and in any case for what ends with it.
 */
export class DynamoAccountData implements AccountDataReader, AccountErasure, AccountEnding {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: AccountTables,
    private readonly account: {
      createdAt?: (username: string) => Promise<string | null>;
      /** Closes one socket through the WebSocket API's management endpoint (a gone one is not an error). */
      close?: (connectionId: string) => Promise<void>;
    } = {},
  ) {}

  async createdAt(username: string): Promise<string | null> {
    return this.account.createdAt ? this.account.createdAt(username) : null;
  }

  async posts(accountId: string): Promise<StoredPost[]> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.posts, 'posts'),
      IndexName: POSTS_INDEX.author,
      ...keyIs(POSTS_KEYS.authorId, accountId),
      ScanIndexForward: false,
    });
    return items.map(postFromItem).filter((post): post is StoredPost => post !== undefined && post.authorId === accountId);
  }

  postsOf(accountId: string): Promise<StoredPost[]> {
    return this.posts(accountId);
  }

  async comments(accountId: string): Promise<StoredComment[]> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.comments, 'comments'),
      IndexName: COMMENTS_INDEX.author,
      ...keyIs(COMMENTS_KEYS.authorId, accountId),
    });
    return items
      .map(commentFromItem)
      .filter((comment): comment is StoredComment => comment !== undefined && comment.authorId === accountId)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  commentsOf(accountId: string): Promise<StoredComment[]> {
    return this.comments(accountId);
  }

  async commentVotes(accountId: string): Promise<StoredCommentVote[]> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.commentVotes, 'commentVotes'),
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': accountId },
    });
    return items.map(commentVoteFromItem).filter((vote): vote is StoredCommentVote => vote !== undefined);
  }

  async votes(accountId: string): Promise<AccountExport['votes']> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.votes, 'votes'),
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': accountId },
    });
    return items
      .filter((item) => typeof item.postId === 'string' && VOTE_KINDS.includes(item.vote as VoteKind))
      .map((item) => ({ postId: item.postId as string, vote: item.vote as VoteKind }));
  }

  async saved(accountId: string): Promise<string[]> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.saved, 'saved'),
      IndexName: SAVED_INDEX.byTime,
      KeyConditionExpression: 'userId = :u',
      ExpressionAttributeValues: { ':u': accountId },
      ScanIndexForward: false,
    });
    return items.filter((item) => typeof item.postId === 'string').map((item) => item.postId as string);
  }

  async notifications(accountId: string): Promise<StoredNotification[]> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.notifications, 'notifications'),
      IndexName: NOTIFICATIONS_INDEX.recent,
      ...keyIs(NOTIFICATIONS_KEYS.accountId, accountId),
      ScanIndexForward: false,
    });
    return items.map(notificationFromItem).filter((notification): notification is StoredNotification => notification !== undefined);
  }

  async reports(accountId: string): Promise<AccountExport['reports']> {
    const items = await queryAll(this.client, {
      TableName: need(this.tables.moderation, 'moderation'),
      IndexName: MODERATION_INDEX.user,
      ...keyIs(MODERATION_KEYS.userId, accountId),
    });
    return items
      .filter(
        (item) =>
          (item.kind === 'report' || item.kind === 'comment-report') &&
          typeof item.itemId === 'string' &&
          REPORT_REASONS.includes(item.reason as ReportReason),
      )
      .map((item) => ({
        target: { type: item.kind === 'report' ? ('post' as const) : ('comment' as const), id: item.itemId as string },
        reason: item.reason as ReportReason,
        at: typeof item.at === 'string' ? item.at : '',
      }))
      .sort((a, b) => a.at.localeCompare(b.at));
  }

  async pushDevices(accountId: string): Promise<number> {
    let count = 0;
    for await (const page of paginateQuery(
      { client: this.client, pageSize: 100 },
      {
        TableName: need(this.tables.pushSubscriptions, 'push-subscriptions'),
        IndexName: PUSH_SUBSCRIPTIONS_INDEX.account,
        KeyConditionExpression: 'accountId = :a',
        ExpressionAttributeValues: { ':a': accountId },
        Select: 'COUNT',
      },
    )) {
      count += page.Count ?? 0;
    }
    return count;
  }

  async erasePost(post: StoredPost): Promise<boolean> {
    try {
      // The post's deletion reaches the posts stream: a published one is broadcast gone and leaves the
      // Top and the search index there, as when it is removed.
      await this.client.send(
        new DeleteCommand({
          TableName: need(this.tables.posts, 'posts'),
          Key: { id: post.id },
          ConditionExpression: '#a = :a',
          ExpressionAttributeNames: { '#a': POSTS_KEYS.authorId },
          ExpressionAttributeValues: { ':a': post.authorId },
        }),
      );
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
    // The text's fingerprint (what a copy of it is recognised by) goes too, when it still names this post.
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: need(this.tables.moderation, 'moderation'),
          Key: { key: fingerprintKey(fingerprintOf(post.post)) },
          ConditionExpression: 'postId = :p',
          ExpressionAttributeValues: { ':p': post.id },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    return true;
  }

  async eraseComment(comment: StoredComment): Promise<boolean> {
    const commentsTable = need(this.tables.comments, 'comments');
    for (let attempt = 0; attempt < 10; attempt++) {
      const { Item } = await this.client.send(new GetCommand({ TableName: commentsTable, Key: { id: comment.id }, ConsistentRead: true }));
      const stored = commentFromItem(Item);
      if (!stored || stored.authorId !== comment.authorId) return false;
      const remove = {
        Delete: {
          TableName: commentsTable,
          Key: { id: stored.id },
          ConditionExpression: '#s = :s',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: { ':s': stored.status },
        },
      };
      // A visible comment is counted on its post: the count comes down with it, while the post exists.
      const count = {
        Update: {
          TableName: need(this.tables.posts, 'posts'),
          Key: { id: stored.postId },
          UpdateExpression: 'ADD #c :minus',
          ConditionExpression: 'attribute_exists(id)',
          ExpressionAttributeNames: { '#c': 'comments' },
          ExpressionAttributeValues: { ':minus': -1 },
        },
      };
      // A visible reply is counted on its top-level comment too.
      const replyCount =
        stored.parentId === undefined
          ? undefined
          : {
              Update: {
                TableName: commentsTable,
                Key: { id: stored.parentId },
                UpdateExpression: 'ADD replyCount :minus',
                ConditionExpression: 'attribute_exists(id)',
                ExpressionAttributeValues: { ':minus': -1 },
              },
            };
      const counts = stored.status === 'visible' ? [count, ...(replyCount ? [replyCount] : [])] : [];
      try {
        await this.client.send(new TransactWriteCommand({ TransactItems: [remove, ...counts] }));
        await this.eraseReplies(stored);
        return true;
      } catch (error) {
        const cancelled = decodeCancellation(error);
        if (!cancelled) throw error;
        // Its post or its top-level comment is gone (the account's own, erased first, or deleted): the
        // comment is deleted with the counts still there.
        const gone = counts.map((_, index) => failedCondition(cancelled, index + 1));
        if (gone.some(Boolean) && !failedCondition(cancelled, 0)) {
          const left = counts.filter((_, index) => !gone[index]);
          await this.client.send(new TransactWriteCommand({ TransactItems: [remove, ...left] })).catch((retry: unknown) => {
            if (!decodeCancellation(retry)) throw retry;
          });
        }
        // Otherwise its status changed (a report hid it) or a transaction raced it: read it again.
      }
    }
    throw new Error(`The comment ${comment.id} kept changing while it was being erased`);
  }

  /** A top-level comment's replies (others' words) leave with it, each counted out of its post. */
  private async eraseReplies(comment: StoredComment): Promise<void> {
    if (comment.parentId !== undefined) return;
    const comments = new DynamoCommentStore(this.client, {
      comments: need(this.tables.comments, 'comments'),
      posts: need(this.tables.posts, 'posts'),
    });
    await comments.removeReplies(comment.id, new Date());
  }

  async unquote(postId: string, accountId: string, names: ReadonlySet<string>, count: number): Promise<void> {
    const table = need(this.tables.notifications, 'notifications');
    const { Item: post } = await this.client.send(new GetCommand({ TableName: need(this.tables.posts, 'posts'), Key: { id: postId } }));
    const owner = typeof post?.authorId === 'string' ? post.authorId : undefined;
    if (owner === undefined || owner === accountId) return;
    const key = { [NOTIFICATIONS_KEYS.accountId]: owner, [NOTIFICATIONS_KEYS.key]: notificationKey.comment(postId) };
    for (let attempt = 0; attempt < 10; attempt++) {
      const { Item } = await this.client.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
      const notification = notificationFromItem(Item);
      if (!notification || notification.name === undefined || !names.has(notification.name)) return;
      const left = (notification.count ?? 1) - count;
      const version = { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': notification.version } };
      try {
        if (left <= 0) {
          await this.client.send(new DeleteCommand({ TableName: table, Key: key, ...version }));
        } else {
          await this.client.send(
            new PutCommand({
              TableName: table,
              Item: { ...Item, name: ANONYMOUS_NAME, count: left, version: notification.version + 1 },
              ...version,
            }),
          );
        }
        return;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
  }

  async removeNotifications(accountId: string): Promise<number> {
    const table = need(this.tables.notifications, 'notifications');
    const items = await queryAll(this.client, {
      TableName: table,
      KeyConditionExpression: '#a = :a',
      ExpressionAttributeNames: { '#a': NOTIFICATIONS_KEYS.accountId, '#k': NOTIFICATIONS_KEYS.key },
      ExpressionAttributeValues: { ':a': accountId },
      ProjectionExpression: '#a, #k',
    });
    for (let i = 0; i < items.length; i += 10) {
      await Promise.all(
        items.slice(i, i + 10).map((item) =>
          this.client.send(
            new DeleteCommand({
              TableName: table,
              Key: { [NOTIFICATIONS_KEYS.accountId]: accountId, [NOTIFICATIONS_KEYS.key]: item[NOTIFICATIONS_KEYS.key] },
            }),
          ),
        ),
      );
    }
    return items.length;
  }

  async closeConnections(accountId: string): Promise<number> {
    const table = need(this.tables.connections, 'connections');
    const items = await queryAll(this.client, {
      TableName: table,
      IndexName: CONNECTIONS_INDEX.account,
      ...keyIs(CONNECTIONS_KEYS.account, accountId),
    });
    for (const item of items) {
      const connectionId = item.connectionId as string;
      await this.account.close?.(connectionId);
      await this.client.send(new DeleteCommand({ TableName: table, Key: { connectionId } }));
    }
    return items.length;
  }
}

/**
 * EXPORT_RATE_LIMIT per account (`export#<sub>` in the rate-limits table): the window read, then the
 * slot taken by a Put on the condition that the row is still at the version read, so of twenty
 * downloads at once exactly the limit get a slot (the others read again and find none left).
 */
export class DynamoExportLimiter implements ExportLimiter {
  private readonly window: DynamoRateLimiter;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {
    this.window = new DynamoRateLimiter(client, tableName, EXPORT_RATE_LIMIT, 'export#');
  }

  async take(accountId: string, now: Date): Promise<boolean> {
    for (let attempt = 0; attempt < 60; attempt++) {
      const slot = await this.window.slotFor(accountId, now);
      if (!slot) return false;
      try {
        await this.client.send(new PutCommand(slotPut(this.tableName, slot)));
        return true;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 10 + attempt * 5)));
      }
    }
    throw new Error('The export limit kept changing');
  }
}
