import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { signatureOf } from '../../contract/accounts';
import { REPORTS_TO_HIDE } from '../../contract/moderation';
import { sortKeyOf } from '../../domain/cursor';
import type {
  BestPageQuery,
  CommentPageQuery,
  CommentReportWrite,
  CommentStatus,
  CommentStore,
  RankedPage,
  ReplyPageQuery,
  StoredComment,
} from '../../domain/ports/comments';
import type { GuardedWrite, Page, RateSlot } from '../../domain/ports/posts';
import { COMMENTS_INDEX, COMMENTS_KEYS, QUEUES } from '../tables';
import type { LoggedAction } from '../../domain/ports/moderation';
import { signAuthorItems } from './authorNames';
import { logPut } from './moderationLog';
import { accountNotDeleted } from './nameStore';
import { slotPut } from './rateLimiter';
import { REPORT_REASON_ATTRIBUTES, reportReasonAttribute, reportReasonsOf, updateParams, type ItemUpdate } from './postItems';
import { failedCondition, isConflict, transactWrite } from './transactions';
import type { Signature } from '../../domain/ports/accounts';
import { keyIs } from './keys';

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
  parentId: z.optional(z.string()),
  answers: z.optional(z.string()),
  up: z.optional(z.number()),
  down: z.optional(z.number()),
  replyCount: z.optional(z.number()),
});

/**
 * A top-level comment's `threadRank` in its post's `best#` partition: the net score times RANK_STEP,
 * plus the seconds before 2286 it was written at, so a higher score comes first and, among equals,
 * the older. A vote moves it by ±RANK_STEP with `ADD`, which needs no read: concurrent voters never
 * conflict on a condition. (Comments of the same second and score come in no set order.)
 */
export const RANK_STEP = 10_000_000_000;

export function bestRank(comment: Pick<StoredComment, 'createdAt' | 'up' | 'down'>): number {
  const net = (comment.up ?? 0) - (comment.down ?? 0);
  return net * RANK_STEP + (RANK_STEP - Math.floor(Date.parse(comment.createdAt) / 1000));
}

/** The `thread-index` partition and rank of a visible comment: its post's `best#`, or its parent's `reply#`. */
export function threadOf(comment: StoredComment): { thread: string; threadRank: number } {
  return comment.parentId === undefined
    ? { thread: `best#${comment.postId}`, threadRank: bestRank(comment) }
    : { thread: `reply#${comment.parentId}`, threadRank: Date.parse(comment.createdAt) };
}

export function commentFromItem(item: Record<string, unknown> | undefined): StoredComment | undefined {
  const parsed = z.safeParse(itemSchema, item);
  return parsed.success ? { ...parsed.data, name: signatureOf(parsed.data.name), ...reportReasonsOf(item!) } : undefined;
}

function commentsFromItems(items: Record<string, unknown>[] | undefined): StoredComment[] {
  return (items ?? []).map(commentFromItem).filter((comment): comment is StoredComment => comment !== undefined);
}

/** The index keys a status brings and those it takes away: listed while visible, queued while hidden. */
function statusAttributes(comment: StoredComment, status: CommentStatus, at: string): { set: Record<string, unknown>; remove: string[] } {
  const { listedKey, queue, queuedAt, thread, threadRank } = COMMENTS_KEYS;
  if (status === 'visible') {
    // Only top-level comments are listed under their post; replies are read through their parent.
    const listed = comment.parentId === undefined ? { [listedKey]: sortKeyOf(comment.createdAt, comment.id) } : {};
    return { set: { ...listed, ...threadOf(comment) }, remove: [queue, queuedAt] };
  }
  if (status === 'hidden')
    return { set: { [queue]: QUEUES.hidden, [queuedAt]: sortKeyOf(at, comment.id) }, remove: [listedKey, thread, threadRank] };
  return { set: {}, remove: [listedKey, queue, queuedAt, thread, threadRank] };
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
  async add(
    comment: StoredComment,
    slot: RateSlot,
  ): Promise<'recorded' | 'unpublished' | 'conflict' | 'exists' | 'deleted' | 'parentGone'> {
    if (this.tables.rateLimits === undefined) throw new Error('DynamoCommentStore: new comments need the rate-limits table');
    const parentAt = this.tables.names ? 4 : 3;
    const cancelled = await transactWrite(this.client, [
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
      ...(comment.parentId !== undefined ? [this.replyCountUpdate(comment.parentId, 1, comment.postId)] : []),
    ]);
    if (!cancelled) return 'recorded';
    // Actions: [0] the comment, [1] its post's count (which needs the post published), [2] the slot,
    // [3] the author's account not marked deleted, then a reply's parent (visible, top-level, same post).
    if (failedCondition(cancelled, 0)) return 'exists';
    if (this.tables.names && failedCondition(cancelled, 3)) return 'deleted';
    if (comment.parentId !== undefined && failedCondition(cancelled, parentAt)) return 'parentGone';
    if (failedCondition(cancelled, 1)) return 'unpublished';
    if (isConflict(cancelled)) return 'conflict';
    throw cancelled.error;
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

  /** One Query of the post's `best#` partition on the thread index, highest rank first. */
  async best({ postId, limit, after }: BestPageQuery): Promise<RankedPage> {
    return this.thread(`best#${postId}`, limit, false, after);
  }

  /** One Query of the parent's `reply#` partition on the thread index, oldest first. */
  async replies({ parentId, limit, after }: ReplyPageQuery): Promise<RankedPage> {
    return this.thread(`reply#${parentId}`, limit, true, after);
  }

  private async thread(thread: string, limit: number, forward: boolean, after?: { rank: number; id: string }): Promise<RankedPage> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.comments,
        IndexName: COMMENTS_INDEX.thread,
        ...keyIs(COMMENTS_KEYS.thread, thread),
        ScanIndexForward: forward,
        Limit: limit + 1,
        ExclusiveStartKey: after ? { id: after.id, [COMMENTS_KEYS.thread]: thread, [COMMENTS_KEYS.threadRank]: after.rank } : undefined,
      }),
    );
    const page = (Items ?? []).slice(0, limit);
    const lastItem = page.at(-1);
    const last =
      lastItem && typeof lastItem.id === 'string' && typeof lastItem[COMMENTS_KEYS.threadRank] === 'number'
        ? { id: lastItem.id, rank: lastItem[COMMENTS_KEYS.threadRank] as number }
        : undefined;
    return { items: commentsFromItems(page), hasMore: (Items ?? []).length > limit, last };
  }

  async hidden(limit: number): Promise<StoredComment[]> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.comments,
        IndexName: COMMENTS_INDEX.queue,
        ...keyIs(COMMENTS_KEYS.queue, QUEUES.hidden),
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
    const cancelled = await transactWrite(this.client, [
      { Update: { TableName: this.tables.comments, Key: { id: comment.id }, ...updateParams(statusUpdate(comment, to, at)) } },
      ...(delta !== 0 ? [this.countUpdate(comment.postId, delta, false)] : []),
      ...(delta !== 0 && comment.parentId !== undefined ? [this.replyCountUpdate(comment.parentId, delta)] : []),
      ...(options.log && this.tables.moderation ? [logPut(this.tables.moderation, options.log)] : []),
    ]);
    if (!cancelled) return true;
    if (isConflict(cancelled)) return false;
    throw cancelled.error;
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
    const cancelled = await transactWrite(this.client, [
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
      ...(hide && comment.parentId !== undefined ? [this.replyCountUpdate(comment.parentId, -1)] : []),
    ]);
    if (!cancelled) return 'recorded';
    // Actions: [0] the user's report row, then the comment.
    if (failedCondition(cancelled, 0)) return 'duplicate';
    if (isConflict(cancelled)) return 'conflict';
    throw cancelled.error;
  }

  /**
   * Pages through the parent's `reply#` partition (no reply joins it now: a new reply needs its parent
   * visible); each reply is read again and moved on its own status, retried when it changed meanwhile.
   */
  async removeReplies(parentId: string, at: Date): Promise<void> {
    let after: { rank: number; id: string } | undefined;
    do {
      const page = await this.replies({ parentId, limit: 100, after });
      for (const reply of page.items) {
        for (let attempt = 0; attempt < 10; attempt++) {
          const current = await this.get(reply.id, { consistent: true });
          if (current?.status !== 'visible' || (await this.changeStatus(current, 'removed', at))) break;
        }
      }
      after = page.hasMore ? page.last : undefined;
    } while (after);
  }

  async setAuthorName(authorId: string, signature: Signature): Promise<void> {
    await signAuthorItems(
      this.client,
      { tableName: this.tables.comments, indexName: COMMENTS_INDEX.author, authorAttribute: COMMENTS_KEYS.authorId },
      authorId,
      signature,
    );
  }

  /**
   * The parent's count of visible replies moves by `delta`. A new reply (`postId` given) needs its
   * parent visible, top-level and of the same post; any other change only needs the parent stored.
   */
  private replyCountUpdate(parentId: string, delta: number, postId?: string) {
    return {
      Update: {
        TableName: this.tables.comments,
        Key: { id: parentId },
        UpdateExpression: 'ADD replyCount :delta',
        ConditionExpression:
          postId === undefined ? 'attribute_exists(id)' : '#status = :visible AND postId = :post AND attribute_not_exists(parentId)',
        ExpressionAttributeNames: postId === undefined ? undefined : { '#status': 'status' },
        ExpressionAttributeValues: { ':delta': delta, ...(postId === undefined ? {} : { ':visible': 'visible', ':post': postId }) },
      },
    };
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
