import { GetCommand, QueryCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { REPORTS_TO_HIDE } from '../../contract/moderation';
import { sortKeyOf } from '../../domain/cursor';
import type { CommentPageQuery, CommentReportWrite, CommentStatus, CommentStore, StoredComment } from '../../domain/ports/comments';
import type { GuardedWrite, Page, RateSlot } from '../../domain/ports/posts';
import { COMMENTS_INDEX, COMMENTS_KEYS, QUEUES } from '../tables';
import type { LoggedAction } from '../../domain/ports/moderation';
import { signAuthorItems } from './authorNames';
import { logPut } from './moderationLog';
import { accountNotDeleted } from './nameStore';
import { slotPut } from './rateLimiter';
import { REPORT_REASON_ATTRIBUTES, reportReasonAttribute, reportReasonsOf, updateParams, type ItemUpdate } from './postItems';
import { decodeCancellation, failedCondition, isConflict } from './transactions';
import type { Signature } from '../../domain/ports/accounts';

/** The moderation table's key of one user's report of one comment. */
export const commentReportKey = (commentId: string, userId: string) => `comment-report#${commentId}#${userId}`;

const COMMENT_STATUSES = ['visible', 'hidden', 'removed'] as const satisfies readonly CommentStatus[];

const itemSchema = z.object({
  id: z.string(),
  postId: z.string(),
  authorId: z.string(),
  name: z.string(),
  text: z.string(),
  createdAt: z.string(),
  status: z.enum(COMMENT_STATUSES),
  reports: z._default(z.number(), 0),
});

export function commentFromItem(item: Record<string, unknown> | undefined): StoredComment | undefined {
  const parsed = z.safeParse(itemSchema, item);
  return parsed.success ? { ...parsed.data, ...reportReasonsOf(item!) } : undefined;
}

function commentsFromItems(items: Record<string, unknown>[] | undefined): StoredComment[] {
  return (items ?? []).map(commentFromItem).filter((comment): comment is StoredComment => comment !== undefined);
}

/** The index keys a status brings and those it takes away: listed while visible, queued while hidden. */
function statusAttributes(comment: StoredComment, status: CommentStatus, at: string): { set: Record<string, unknown>; remove: string[] } {
  const { listedKey, queue, queuedAt } = COMMENTS_KEYS;
  if (status === 'visible') return { set: { [listedKey]: sortKeyOf(comment.createdAt, comment.id) }, remove: [queue, queuedAt] };
  if (status === 'hidden') return { set: { [queue]: QUEUES.hidden, [queuedAt]: sortKeyOf(at, comment.id) }, remove: [listedKey] };
  return { set: {}, remove: [listedKey, queue, queuedAt] };
}

/** The comment's move to `to`, on the condition that its status is still the one read. */
function statusUpdate(comment: StoredComment, to: CommentStatus, at: Date): ItemUpdate {
  const iso = at.toISOString();
  const { set, remove } = statusAttributes(comment, to, iso);
  const restored = comment.status === 'hidden' && to === 'visible';
  return {
    // Restored by a moderator: reports (and their reasons) start again from zero.
    set: { status: to, statusAt: iso, ...set, ...(restored ? { reports: 0 } : {}) },
    remove: restored ? [...remove, ...REPORT_REASON_ATTRIBUTES] : remove,
    condition: '#status = :from',
    names: { '#status': 'status' },
    values: { ':from': comment.status },
  };
}

/** How a change of visibility moves the post's count: +1 into view, −1 out of it, 0 otherwise. */
function countDelta(from: CommentStatus, to: CommentStatus): number {
  return Number(to === 'visible') - Number(from === 'visible');
}

/**
 * Comments in their own table; each change of visibility is one transaction with the post's
 * `comments` count (posts table), and a report also with its row in the moderation table.
 */
export class DynamoCommentStore implements CommentStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /**
     * `moderation` only for the functions that record reports or moderators' actions (the log);
     * `rateLimits` only for the one that adds comments (the author's slot is taken with the comment),
     * and `names` with it (the author's account must not be marked deleted when the comment lands).
     */
    private readonly tables: { comments: string; posts: string; moderation?: string; rateLimits?: string; names?: string },
  ) {}

  /** One TransactWriteItems: the comment, its post's count and the author's rate-limit slot (rateLimiter.ts slotPut). */
  async add(comment: StoredComment, slot: RateSlot): Promise<'recorded' | 'unpublished' | 'conflict' | 'exists' | 'deleted'> {
    if (this.tables.rateLimits === undefined) throw new Error('DynamoCommentStore: new comments need the rate-limits table');
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tables.comments,
                Item: { ...comment, ...statusAttributes(comment, comment.status, comment.createdAt).set },
                ConditionExpression: 'attribute_not_exists(id)',
              },
            },
            this.countUpdate(comment.postId, 1, true),
            { Put: slotPut(this.tables.rateLimits, slot) },
            ...(this.tables.names ? [accountNotDeleted(this.tables.names, comment.authorId)] : []),
          ],
        }),
      );
      return 'recorded';
    } catch (error) {
      // Actions: [0] the comment, [1] its post's count (which needs the post published), [2] the slot,
      // [3] the author's account not marked deleted.
      const cancelled = decodeCancellation(error);
      if (cancelled && failedCondition(cancelled, 0)) return 'exists';
      if (cancelled && this.tables.names && failedCondition(cancelled, 3)) return 'deleted';
      if (cancelled && failedCondition(cancelled, 1)) return 'unpublished';
      if (cancelled && isConflict(cancelled)) return 'conflict';
      throw error;
    }
  }

  async get(id: string, options: { consistent?: boolean } = {}): Promise<StoredComment | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.comments, Key: { id }, ConsistentRead: options.consistent }),
    );
    return commentFromItem(Item);
  }

  /** One Query on the (sparse) post index; one extra item says whether more exist. */
  async page({ postId, limit, afterKey }: CommentPageQuery): Promise<Page<StoredComment>> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.comments,
        IndexName: COMMENTS_INDEX.post,
        KeyConditionExpression: afterKey ? '#p = :p AND #s > :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': COMMENTS_KEYS.postId, ...(afterKey ? { '#s': COMMENTS_KEYS.listedKey } : {}) },
        ExpressionAttributeValues: { ':p': postId, ...(afterKey ? { ':after': afterKey } : {}) },
        ScanIndexForward: true,
        Limit: limit + 1,
      }),
    );
    const items = commentsFromItems(Items);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  }

  async hidden(limit: number): Promise<StoredComment[]> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.comments,
        IndexName: COMMENTS_INDEX.queue,
        KeyConditionExpression: '#q = :q',
        ExpressionAttributeNames: { '#q': COMMENTS_KEYS.queue },
        ExpressionAttributeValues: { ':q': QUEUES.hidden },
        ScanIndexForward: true,
        Limit: limit,
      }),
    );
    return commentsFromItems(Items);
  }

  /** With a log entry (a moderator's action), the entry is written in the same transaction. */
  async changeStatus(comment: StoredComment, to: CommentStatus, at: Date, options: { log?: LoggedAction } = {}): Promise<boolean> {
    const delta = countDelta(comment.status, to);
    if (options.log && this.tables.moderation === undefined)
      throw new Error('DynamoCommentStore: a logged change needs the moderation table');
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            { Update: { TableName: this.tables.comments, Key: { id: comment.id }, ...updateParams(statusUpdate(comment, to, at)) } },
            ...(delta !== 0 ? [this.countUpdate(comment.postId, delta, false)] : []),
            ...(options.log && this.tables.moderation ? [logPut(this.tables.moderation, options.log)] : []),
          ],
        }),
      );
      return true;
    } catch (error) {
      const cancelled = decodeCancellation(error);
      if (cancelled && isConflict(cancelled)) return false;
      throw error;
    }
  }

  async recordReport({ comment, userId, reason, at, hide }: CommentReportWrite): Promise<GuardedWrite> {
    if (this.tables.moderation === undefined) throw new Error('DynamoCommentStore: reports need the moderation table');
    const visible: ItemUpdate = { condition: '#status = :from', names: { '#status': 'status' }, values: { ':from': 'visible' } };
    // Below the threshold reports add up freely; the hiding report needs the exact count it read.
    const update: ItemUpdate = hide
      ? {
          ...statusUpdate(comment, 'hidden', at),
          add: { reports: 1, [reportReasonAttribute(reason)]: 1 },
          condition: '#status = :from AND reports = :count',
          values: { ':from': 'visible', ':count': comment.reports },
        }
      : {
          ...visible,
          add: { reports: 1, [reportReasonAttribute(reason)]: 1 },
          condition: '#status = :from AND (attribute_not_exists(reports) OR reports < :bound)',
          values: { ':from': 'visible', ':bound': REPORTS_TO_HIDE - 1 },
        };
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tables.moderation,
                Item: {
                  key: commentReportKey(comment.id, userId),
                  kind: 'comment-report',
                  itemId: comment.id,
                  userId,
                  reason,
                  at: at.toISOString(),
                },
                ConditionExpression: 'attribute_not_exists(#key)',
                ExpressionAttributeNames: { '#key': 'key' },
              },
            },
            { Update: { TableName: this.tables.comments, Key: { id: comment.id }, ...updateParams(update) } },
            ...(hide ? [this.countUpdate(comment.postId, -1, false)] : []),
          ],
        }),
      );
      return 'recorded';
    } catch (error) {
      // Actions: [0] the user's report row, then the comment.
      const cancelled = decodeCancellation(error);
      if (cancelled && failedCondition(cancelled, 0)) return 'duplicate';
      if (cancelled && isConflict(cancelled)) return 'conflict';
      throw error;
    }
  }

  async setAuthorName(authorId: string, signature: Signature): Promise<void> {
    await signAuthorItems(
      this.client,
      { tableName: this.tables.comments, indexName: COMMENTS_INDEX.author, authorAttribute: COMMENTS_KEYS.authorId },
      authorId,
      signature,
    );
  }

  /** The post's count of visible comments moves by `delta`; a new comment needs its post published. */
  private countUpdate(postId: string, delta: number, requirePublished: boolean) {
    return {
      Update: {
        TableName: this.tables.posts,
        Key: { id: postId },
        UpdateExpression: 'ADD #comments :delta',
        ConditionExpression: requirePublished ? '#status = :published' : 'attribute_exists(id)',
        ExpressionAttributeNames: { '#comments': 'comments', ...(requirePublished ? { '#status': 'status' } : {}) },
        ExpressionAttributeValues: { ':delta': delta, ...(requirePublished ? { ':published': 'published' } : {}) },
      },
    };
  }
}
