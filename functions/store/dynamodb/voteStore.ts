import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { VOTE_KINDS, type VoteKind } from '../../contract/votes';
import type { VoteChange, VoteStore } from '../../domain/ports/votes';
import { isConflict, transactWrite } from './transactions';
import { addCounters, voteDeltas, voteRowWrite, votesOf, type VoteTarget } from './voteRows';

const isVoteKind = (value: unknown): value is VoteKind => typeof value === 'string' && (VOTE_KINDS as readonly string[]).includes(value);

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

  of(userId: string, postIds: string[]): Promise<Map<string, VoteKind>> {
    return votesOf(this.client, this.votes(), userId, postIds, isVoteKind);
  }

  private votes(): VoteTarget {
    return { table: this.tables.votes, idAttribute: 'postId' };
  }

  async change({ post, userId, from, to, at }: VoteChange): Promise<boolean> {
    const postsTable = this.tables.posts;
    if (!postsTable) throw new Error('DynamoVoteStore was built without the posts table, so it cannot change votes');
    const row = voteRowWrite(this.votes(), { userId, id: post.id }, { from, to, at });
    if (!row) return true;
    const cancelled = await transactWrite(this.client, [row, addCounters(postsTable, post.id, voteDeltas(from, to), 'published')]);
    if (!cancelled) return true;
    if (isConflict(cancelled)) return false;
    throw cancelled.error;
  }
}
