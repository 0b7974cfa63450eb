import {
  BatchGetCommand,
  GetCommand,
  PutCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { madridDate } from '../../domain/periods';
import { MODERATION_MARGIN, REPORTS_TO_HIDE } from '../../contract/moderation';
import type { ModerationStore, ModerationVoteWrite, ReportWrite } from '../../domain/ports/moderation';
import type { GuardedWrite, StoredPost } from '../../domain/ports/posts';
import { rejectVoteAttribute, reportReasonAttribute, statusUpdate, updateParams, withCounters, type ItemUpdate } from './postItems';
import { failedCondition, transactWrite } from './transactions';

/**
 * The moderation table's key of one user's vote on, or report of, one post. A resent post's votes
 * are a second round (`vote#<post>#r2#<user>`): the first round's rows stay but no longer count, so
 * clearing a post's votes is one write however many there were.
 */
export const voteKey = (postId: string, userId: string, resent = false) =>
  resent ? `vote#${postId}#r2#${userId}` : `vote#${postId}#${userId}`;
export const reportKey = (postId: string, userId: string) => `report#${postId}#${userId}`;

/** One user's «Saltar» of one post, and one user's count of moderation votes on one Madrid day. */
export const skipKey = (postId: string, userId: string) => `skip#${postId}#${userId}`;
export const todayKey = (userId: string, day: string) => `today#${userId}#${day}`;

/** A day's vote count outlives its day by one, for whoever reads it late in their evening. */
const TODAY_TTL_SECONDS = 2 * 24 * 60 * 60;

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
    /** `posts` only for the functions that write votes and reports (the day's count is read without it). */
    private readonly tables: { posts?: string; moderation: string },
  ) {}

  async passedOn(userId: string, posts: Pick<StoredPost, 'id' | 'resent'>[], now: Date): Promise<Set<string>> {
    const passed = new Set<string>();
    // Two keys a post: its vote row in this round, and a skip.
    const keys = posts.flatMap((post) => [voteKey(post.id, userId, post.resent), skipKey(post.id, userId)]);
    const nowIso = now.toISOString();
    for (let start = 0; start < keys.length; start += BATCH_GET_LIMIT) {
      let batch: Record<string, unknown>[] | undefined = keys.slice(start, start + BATCH_GET_LIMIT).map((key) => ({ key }));
      // Unprocessed keys (throttling) are asked for again; a few rounds always settle.
      for (let round = 0; batch && batch.length > 0 && round < 5; round++) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: {
              [this.tables.moderation]: {
                Keys: batch,
                ProjectionExpression: 'itemId, kind, #until',
                ExpressionAttributeNames: { '#until': 'until' },
                ConsistentRead: true,
              },
            },
          }),
        );
        for (const item of result.Responses?.[this.tables.moderation] ?? []) {
          if (typeof item.itemId !== 'string') continue;
          // A skip counts until its time (TTL deletes expired rows late).
          if (item.kind === 'skip' && !(typeof item.until === 'string' && item.until > nowIso)) continue;
          passed.add(item.itemId);
        }
        batch = result.UnprocessedKeys?.[this.tables.moderation]?.Keys;
      }
      if (batch && batch.length > 0) throw new Error('BatchGetItem left keys unprocessed after 5 rounds');
    }
    return passed;
  }

  /** One PutItem, replacing an earlier skip of the same post. */
  async recordSkip(userId: string, postId: string, until: Date): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tables.moderation,
        Item: {
          key: skipKey(postId, userId),
          kind: 'skip',
          itemId: postId,
          userId,
          until: until.toISOString(),
          expiresAt: Math.ceil(until.getTime() / 1000),
        },
      }),
    );
  }

  async votesOn(userId: string, day: string): Promise<number> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.moderation, Key: { key: todayKey(userId, day) }, ConsistentRead: true }),
    );
    return typeof Item?.votes === 'number' ? Item.votes : 0;
  }

  async recordVote({ post, userId, vote, reason, at, outcome }: ModerationVoteWrite): Promise<GuardedWrite> {
    const delta = vote === 'publish' ? 1 : -1;
    // A reject vote also counts its reason on the post, in the same transaction.
    const counters = { modScore: delta, modVotes: 1, ...(vote === 'reject' ? { [rejectVoteAttribute(reason ?? 'otro')]: 1 } : {}) };
    const pending: ItemUpdate = { condition: '#status = :from', names: { '#status': 'status' }, values: { ':from': 'pending' } };
    const counted =
      outcome === 'pending'
        ? withCounters(pending, counters, `modScore ${delta > 0 ? '<' : '>'} :bound`, { ':bound': delta * (MODERATION_MARGIN - 1) })
        : withCounters(statusUpdate(post, outcome, at), counters, 'modScore = :score', { ':score': post.moderation.score });
    // Still in the round the vote's key belongs to (a resend between the read and this write starts another).
    const update: ItemUpdate = {
      ...counted,
      condition: `${counted.condition} AND ${post.resent ? '#resent = :resent' : 'attribute_not_exists(#resent)'}`,
      names: { ...counted.names, '#resent': 'resent' },
      values: { ...counted.values, ...(post.resent ? { ':resent': true } : {}) },
    };
    return this.write(
      {
        key: voteKey(post.id, userId, post.resent),
        kind: 'vote',
        itemId: post.id,
        userId,
        vote,
        ...(vote === 'reject' ? { reason: reason ?? 'otro' } : {}),
        at: at.toISOString(),
      },
      post.id,
      update,
      this.todayCount(userId, at),
    );
  }

  /** The voter's count of the day, moved in the vote's own transaction (no condition: it only adds). */
  private todayCount(userId: string, at: Date) {
    return {
      Update: {
        TableName: this.tables.moderation,
        Key: { key: todayKey(userId, madridDate(at)) },
        UpdateExpression: 'ADD votes :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ExpressionAttributeValues: { ':one': 1, ':expires': Math.ceil(at.getTime() / 1000) + TODAY_TTL_SECONDS },
      },
    };
  }

  async recordReport({ post, userId, reason, at, hide }: ReportWrite): Promise<GuardedWrite> {
    const published: ItemUpdate = { condition: '#status = :from', names: { '#status': 'status' }, values: { ':from': 'published' } };
    // Each report also counts its reason on the post, for the moderators' list.
    const counters = { reports: 1, [reportReasonAttribute(reason)]: 1 };
    const update = hide
      ? withCounters(statusUpdate(post, 'hidden', at), counters, 'reports = :count', { ':count': post.reports })
      : withCounters(published, counters, 'reports < :bound', { ':bound': REPORTS_TO_HIDE - 1 });
    return this.write(
      { key: reportKey(post.id, userId), kind: 'report', itemId: post.id, userId, reason, at: at.toISOString() },
      post.id,
      update,
    );
  }

  /** The row (only if new) and the post's update (and anything else given), in one transaction. */
  private async write(
    row: Record<string, unknown>,
    postId: string,
    update: ItemUpdate,
    ...more: NonNullable<TransactWriteCommandInput['TransactItems']>
  ): Promise<GuardedWrite> {
    if (this.tables.posts === undefined) throw new Error('DynamoModerationStore: votes and reports need the posts table');
    const cancelled = await transactWrite(this.client, [
      {
        Put: {
          TableName: this.tables.moderation,
          Item: row,
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': 'key' },
        },
      },
      { Update: { TableName: this.tables.posts, Key: { id: postId }, ...updateParams(update) } },
      ...more,
    ]);
    if (!cancelled) return 'recorded';
    // Actions: [0] the user's row, [1] the post.
    if (failedCondition(cancelled, 0)) return 'duplicate';
    if (failedCondition(cancelled, 1) || cancelled.raced) return 'conflict';
    throw cancelled.error;
  }
}
