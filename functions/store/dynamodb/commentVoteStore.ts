import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { COMMENT_VOTE_KINDS, type CommentVoteKind } from '../../contract/comments';
import type { CommentVoteChange, CommentVoteStore, StoredCommentVote } from '../../domain/ports/commentVotes';
import { COMMENTS_KEYS } from '../tables';
import { RANK_STEP } from './commentStore';
import { failedCondition, isConflict, transactWrite } from './transactions';
import { addCounters, voteDeltas, voteRowWrite, votesOf, type VoteTarget } from './voteRows';

const isVoteKind = (value: unknown): value is CommentVoteKind =>
  typeof value === 'string' && (COMMENT_VOTE_KINDS as readonly string[]).includes(value);

export function commentVoteFromItem(item: Record<string, unknown>): StoredCommentVote | undefined {
  return typeof item.commentId === 'string' && isVoteKind(item.vote)
    ? { commentId: item.commentId, vote: item.vote, at: typeof item.at === 'string' ? item.at : '' }
    : undefined;
}

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

  of(userId: string, commentIds: string[]): Promise<Map<string, CommentVoteKind>> {
    return votesOf(this.client, this.votes(), userId, commentIds, isVoteKind);
  }

  private votes(): VoteTarget {
    return { table: this.tables.commentVotes, idAttribute: 'commentId' };
  }

  async change({ comment, userId, from, to, at }: CommentVoteChange): Promise<'recorded' | 'conflict' | 'gone'> {
    const commentsTable = this.tables.comments;
    if (!commentsTable) throw new Error('DynamoCommentVoteStore was built without the comments table, so it cannot change votes');
    const row = voteRowWrite(this.votes(), { userId, id: comment.id }, { from, to, at }, { postId: comment.postId });
    if (!row) return 'recorded';
    const counters = voteDeltas(from, to);
    const net = (counters.up ?? 0) - (counters.down ?? 0);
    // Only a top-level comment is ranked by its score (a reply's rank is its time).
    if (comment.parentId === undefined && net !== 0) counters[COMMENTS_KEYS.threadRank] = net * RANK_STEP;
    const cancelled = await transactWrite(this.client, [row, addCounters(commentsTable, comment.id, counters, 'visible')]);
    if (!cancelled) return 'recorded';
    // Actions: [0] the vote row, [1] the comment (visible).
    if (failedCondition(cancelled, 1)) return 'gone';
    if (isConflict(cancelled)) return 'conflict';
    throw cancelled.error;
  }
}
