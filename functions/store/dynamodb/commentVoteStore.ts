import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { COMMENT_VOTE_KINDS, type CommentVoteKind } from '../../contract/comments';
import type { CommentVoteChange, CommentVoteStore, StoredCommentVote } from '../../domain/ports/commentVotes';
import { COMMENTS_KEYS } from '../tables';
import { RANK_STEP } from './commentStore';
import { decodeCancellation, failedCondition, isConflict } from './transactions';

/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_LIMIT = 100;

const isVoteKind = (value: unknown): value is CommentVoteKind =>
  typeof value === 'string' && (COMMENT_VOTE_KINDS as readonly string[]).includes(value);

export function commentVoteFromItem(item: Record<string, unknown>): StoredCommentVote | undefined {
  return typeof item.commentId === 'string' && isVoteKind(item.vote)
    ? { commentId: item.commentId, vote: item.vote, at: typeof item.at === 'string' ? item.at : '' }
    : undefined;
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * Comment votes in their own table (`userId` + `commentId`), each change written in one transaction
 * with the comment's counts (comments table), as post votes are (voteStore.ts):
 *
 * - the row: a new vote only if none exists; a change or a removal only if the stored vote is still
 *   the one read — so two requests of one account cannot both count;
 * - the comment: `ADD` its `up`/`down` (and a top-level comment's best-order rank by RANK_STEP per
 *   point), only while it is visible.
 *
 * Other accounts' votes never fail a condition (they only add), so a burst of voters settles with
 * DynamoDB's own transaction conflicts as the only retries.
 */
export class DynamoCommentVoteStore implements CommentVoteStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** `comments` only where votes are changed. */
    private readonly tables: { comments?: string; commentVotes: string },
  ) {}

  async get(userId: string, commentId: string): Promise<CommentVoteKind | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.tables.commentVotes,
        Key: { userId, commentId },
        ConsistentRead: true,
        ProjectionExpression: 'vote',
      }),
    );
    return isVoteKind(Item?.vote) ? Item.vote : undefined;
  }

  async of(userId: string, commentIds: string[]): Promise<Map<string, CommentVoteKind>> {
    const found = new Map<string, CommentVoteKind>();
    for (let start = 0; start < commentIds.length; start += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = commentIds
        .slice(start, start + BATCH_GET_LIMIT)
        .map((commentId) => ({ userId, commentId }));
      // Unprocessed keys (throttling) are asked for again; a few rounds always settle.
      for (let round = 0; keys && keys.length > 0 && round < 5; round++) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: { [this.tables.commentVotes]: { Keys: keys, ProjectionExpression: 'commentId, vote', ConsistentRead: true } },
          }),
        );
        for (const item of result.Responses?.[this.tables.commentVotes] ?? []) {
          if (typeof item.commentId === 'string' && isVoteKind(item.vote)) found.set(item.commentId, item.vote);
        }
        keys = result.UnprocessedKeys?.[this.tables.commentVotes]?.Keys;
      }
      if (keys && keys.length > 0) throw new Error('BatchGetItem left keys unprocessed after 5 rounds');
    }
    return found;
  }

  async change({ comment, userId, from, to, at }: CommentVoteChange): Promise<'recorded' | 'conflict' | 'gone'> {
    const commentsTable = this.tables.comments;
    if (!commentsTable) throw new Error('DynamoCommentVoteStore was built without the comments table, so it cannot change votes');
    const key = { userId, commentId: comment.id };
    let row: TransactItem;
    if (from === null && to !== null) {
      row = {
        Put: {
          TableName: this.tables.commentVotes,
          Item: { ...key, vote: to, postId: comment.postId, at: at.toISOString() },
          ConditionExpression: 'attribute_not_exists(commentId)',
        },
      };
    } else if (from !== null && to !== null) {
      row = {
        Update: {
          TableName: this.tables.commentVotes,
          Key: key,
          UpdateExpression: 'SET vote = :to, #at = :at',
          ConditionExpression: 'vote = :from',
          ExpressionAttributeNames: { '#at': 'at' },
          ExpressionAttributeValues: { ':to': to, ':from': from, ':at': at.toISOString() },
        },
      };
    } else if (from !== null) {
      row = {
        Delete: {
          TableName: this.tables.commentVotes,
          Key: key,
          ConditionExpression: 'vote = :from',
          ExpressionAttributeValues: { ':from': from },
        },
      };
    } else {
      return 'recorded';
    }
    const counters: Record<string, number> = {};
    if (from) counters[from] = (counters[from] ?? 0) - 1;
    if (to) counters[to] = (counters[to] ?? 0) + 1;
    const net = (counters.up ?? 0) - (counters.down ?? 0);
    // Only a top-level comment is ranked by its score (a reply's rank is its time).
    if (comment.parentId === undefined && net !== 0) counters[COMMENTS_KEYS.threadRank] = net * RANK_STEP;
    const adds = Object.entries(counters);
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':visible': 'visible' };
    adds.forEach(([attribute, delta], index) => {
      names[`#c${index}`] = attribute;
      values[`:c${index}`] = delta;
    });
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            row,
            {
              Update: {
                TableName: commentsTable,
                Key: { id: comment.id },
                UpdateExpression: `ADD ${adds.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
                ConditionExpression: '#status = :visible',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
          ],
        }),
      );
      return 'recorded';
    } catch (error) {
      // Actions: [0] the vote row, [1] the comment (visible).
      const cancelled = decodeCancellation(error);
      if (cancelled && failedCondition(cancelled, 1)) return 'gone';
      if (cancelled && isConflict(cancelled)) return 'conflict';
      throw error;
    }
  }
}
