import { BatchGetCommand, TransactWriteCommand, type BatchGetCommandOutput, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MODERATION_MARGIN, REPORTS_TO_HIDE } from '../../contract/moderation';
import type { ModerationStore, ModerationVoteWrite, ReportWrite } from '../../domain/ports/moderation';
import type { GuardedWrite } from '../../domain/ports/posts';
import { rejectVoteAttribute, statusUpdate, updateParams, withCounters, type ItemUpdate } from './postItems';
import { decodeCancellation, failedCondition } from './transactions';

/** The moderation table's key of one user's vote on, or report of, one post. */
export const voteKey = (postId: string, userId: string) => `vote#${postId}#${userId}`;
export const reportKey = (postId: string, userId: string) => `report#${postId}#${userId}`;

/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_LIMIT = 100;

/**
 * Votes and reports in the moderation table, each written in one transaction with the post it
 * counts toward (posts table): the row only if it does not exist yet (one per user and post), the
 * post only if it is still as read. Items are conditioned as follows:
 *
 * - A vote that leaves the post pending adds to its tally while the post is pending and the tally
 *   stays strictly inside ±MODERATION_MARGIN, whatever other votes did meanwhile; a vote that
 *   decides it needs the exact tally it was computed from, so exactly one vote decides a post.
 * - Reports likewise: below the threshold they add up freely; the hiding report needs the exact count.
 */
export class DynamoModerationStore implements ModerationStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { posts: string; moderation: string },
  ) {}

  async votedOn(userId: string, postIds: string[]): Promise<Set<string>> {
    const voted = new Set<string>();
    for (let start = 0; start < postIds.length; start += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = postIds
        .slice(start, start + BATCH_GET_LIMIT)
        .map((id) => ({ key: voteKey(id, userId) }));
      // Unprocessed keys (throttling) are asked for again; a few rounds always settle.
      for (let round = 0; keys && keys.length > 0 && round < 5; round++) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: { [this.tables.moderation]: { Keys: keys, ProjectionExpression: 'itemId', ConsistentRead: true } },
          }),
        );
        for (const item of result.Responses?.[this.tables.moderation] ?? []) if (typeof item.itemId === 'string') voted.add(item.itemId);
        keys = result.UnprocessedKeys?.[this.tables.moderation]?.Keys;
      }
      if (keys && keys.length > 0) throw new Error('BatchGetItem left keys unprocessed after 5 rounds');
    }
    return voted;
  }

  async recordVote({ post, userId, vote, reason, at, outcome }: ModerationVoteWrite): Promise<GuardedWrite> {
    const delta = vote === 'publish' ? 1 : -1;
    // A reject vote also counts its reason on the post, in the same transaction.
    const counters = { modScore: delta, modVotes: 1, ...(vote === 'reject' ? { [rejectVoteAttribute(reason ?? 'otro')]: 1 } : {}) };
    const pending: ItemUpdate = { condition: '#status = :from', names: { '#status': 'status' }, values: { ':from': 'pending' } };
    const update =
      outcome === 'pending'
        ? withCounters(pending, counters, `modScore ${delta > 0 ? '<' : '>'} :bound`, { ':bound': delta * (MODERATION_MARGIN - 1) })
        : withCounters(statusUpdate(post, outcome, at), counters, 'modScore = :score', { ':score': post.moderation.score });
    return this.write(
      {
        key: voteKey(post.id, userId),
        kind: 'vote',
        itemId: post.id,
        userId,
        vote,
        ...(vote === 'reject' ? { reason: reason ?? 'otro' } : {}),
        at: at.toISOString(),
      },
      post.id,
      update,
    );
  }

  async recordReport({ post, userId, reason, at, hide }: ReportWrite): Promise<GuardedWrite> {
    const published: ItemUpdate = { condition: '#status = :from', names: { '#status': 'status' }, values: { ':from': 'published' } };
    const update = hide
      ? withCounters(statusUpdate(post, 'hidden', at), { reports: 1 }, 'reports = :count', { ':count': post.reports })
      : withCounters(published, { reports: 1 }, 'reports < :bound', { ':bound': REPORTS_TO_HIDE - 1 });
    return this.write(
      { key: reportKey(post.id, userId), kind: 'report', itemId: post.id, userId, reason, at: at.toISOString() },
      post.id,
      update,
    );
  }

  /** The row (only if new) and the post's update, in one transaction. */
  private async write(row: Record<string, unknown>, postId: string, update: ItemUpdate): Promise<GuardedWrite> {
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tables.moderation,
                Item: row,
                ConditionExpression: 'attribute_not_exists(#key)',
                ExpressionAttributeNames: { '#key': 'key' },
              },
            },
            { Update: { TableName: this.tables.posts, Key: { id: postId }, ...updateParams(update) } },
          ],
        }),
      );
      return 'recorded';
    } catch (error) {
      // Actions: [0] the user's row, [1] the post.
      const cancelled = decodeCancellation(error);
      if (cancelled && failedCondition(cancelled, 0)) return 'duplicate';
      if (cancelled && (failedCondition(cancelled, 1) || cancelled.raced)) return 'conflict';
      throw error;
    }
  }
}
