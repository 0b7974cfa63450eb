import {
  BatchGetCommand,
  GetCommand,
  TransactWriteCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { VOTE_KINDS, type VoteKind } from '../../contract/votes';
import type { VoteChange, VoteStore } from '../../domain/ports/votes';
import { decodeCancellation, isConflict } from './transactions';

/** BatchGetItem takes at most 100 keys. */
const BATCH_GET_LIMIT = 100;

const isVoteKind = (value: unknown): value is VoteKind => typeof value === 'string' && (VOTE_KINDS as readonly string[]).includes(value);

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * Votes in the votes table (`userId` + `postId`), each change written in one transaction with the
 * post's counters (posts table):
 *
 * - the row: a new vote only if none exists; a change or a removal only if the stored vote is still
 *   the one read — so two requests of one account cannot both count;
 * - the post: `ADD` its counters (one down and the other up for a change), only while it is published.
 *
 * Other accounts' votes never conflict with the conditions (they only add), so a burst of voters
 * settles with DynamoDB's own transaction conflicts as the only retries.
 */
export class DynamoVoteStore implements VoteStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /** `posts` only where votes are changed (reading a user's votes needs the votes table alone). */
    private readonly tables: { posts?: string; votes: string },
  ) {}

  async get(userId: string, postId: string): Promise<VoteKind | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.votes, Key: { userId, postId }, ConsistentRead: true, ProjectionExpression: 'vote' }),
    );
    return isVoteKind(Item?.vote) ? Item.vote : undefined;
  }

  async of(userId: string, postIds: string[]): Promise<Map<string, VoteKind>> {
    const found = new Map<string, VoteKind>();
    for (let start = 0; start < postIds.length; start += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = postIds.slice(start, start + BATCH_GET_LIMIT).map((postId) => ({ userId, postId }));
      // Unprocessed keys (throttling) are asked for again; a few rounds always settle.
      for (let round = 0; keys && keys.length > 0 && round < 5; round++) {
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: { [this.tables.votes]: { Keys: keys, ProjectionExpression: 'postId, vote', ConsistentRead: true } },
          }),
        );
        for (const item of result.Responses?.[this.tables.votes] ?? []) {
          if (typeof item.postId === 'string' && isVoteKind(item.vote)) found.set(item.postId, item.vote);
        }
        keys = result.UnprocessedKeys?.[this.tables.votes]?.Keys;
      }
      if (keys && keys.length > 0) throw new Error('BatchGetItem left keys unprocessed after 5 rounds');
    }
    return found;
  }

  async change({ post, userId, from, to, at }: VoteChange): Promise<boolean> {
    const postsTable = this.tables.posts;
    if (!postsTable) throw new Error('DynamoVoteStore was built without the posts table, so it cannot change votes');
    const key = { userId, postId: post.id };
    let row: TransactItem;
    if (from === null && to !== null) {
      row = {
        Put: {
          TableName: this.tables.votes,
          Item: { ...key, vote: to, at: at.toISOString() },
          ConditionExpression: 'attribute_not_exists(postId)',
        },
      };
    } else if (from !== null && to !== null) {
      row = {
        Update: {
          TableName: this.tables.votes,
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
          TableName: this.tables.votes,
          Key: key,
          ConditionExpression: 'vote = :from',
          ExpressionAttributeValues: { ':from': from },
        },
      };
    } else {
      return true;
    }
    const counters: Record<string, number> = {};
    if (from) counters[from] = (counters[from] ?? 0) - 1;
    if (to) counters[to] = (counters[to] ?? 0) + 1;
    const adds = Object.entries(counters);
    const names: Record<string, string> = { '#status': 'status' };
    const values: Record<string, unknown> = { ':published': 'published' };
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
                TableName: postsTable,
                Key: { id: post.id },
                UpdateExpression: `ADD ${adds.map((_, index) => `#c${index} :c${index}`).join(', ')}`,
                ConditionExpression: '#status = :published',
                ExpressionAttributeNames: names,
                ExpressionAttributeValues: values,
              },
            },
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
}
