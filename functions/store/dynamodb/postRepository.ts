import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PostStatus } from '../../contract/posts';
import type {
  AuthorPageQuery,
  Page,
  PageQuery,
  FingerprintClaim,
  PostEdit,
  PostRepository,
  QueueQuery,
  RateSlot,
  SubmissionStore,
  StatusChangeOptions,
  StoredPost,
} from '../../domain/ports/posts';
import { logPut } from './moderationLog';
import { failedCondition, isConflict, transactWrite } from './transactions';
import { FEED_PARTITION, POSTS_INDEX, POSTS_KEYS, QUEUES } from '../tables';
import { postFromItem, postItem, postsFromItems, resendUpdate, statusUpdate, updateParams } from './postItems';
import { signAuthorItems } from './authorNames';
import { accountNotDeleted } from './nameStore';
import { slotPut } from './rateLimiter';
import type { Signature } from '../../domain/ports/accounts';
import { keyIs } from './keys';

/** The moderation table's row of one text fingerprint (domain/fingerprint.ts): `{ postId, at }`. */
export const fingerprintKey = (fingerprint: string) => `fingerprint#${fingerprint}`;

/**
 * The Put of a fingerprint's row (moderation table) naming `postId`, on the condition that its holder
 * is still the one read: none (`attribute_not_exists`), or that post.
 */
export function fingerprintPut(tableName: string, claim: FingerprintClaim, postId: string, at: string) {
  const condition: {
    ConditionExpression: string;
    ExpressionAttributeNames: Record<string, string>;
    ExpressionAttributeValues?: Record<string, unknown>;
  } =
    claim.holder === undefined
      ? { ConditionExpression: 'attribute_not_exists(#key)', ExpressionAttributeNames: { '#key': 'key' } }
      : {
          ConditionExpression: '#postId = :holder',
          ExpressionAttributeNames: { '#postId': 'postId' },
          ExpressionAttributeValues: { ':holder': claim.holder },
        };
  return { TableName: tableName, Item: { key: fingerprintKey(claim.fingerprint), kind: 'fingerprint', postId, at }, ...condition };
}

export class DynamoPostRepository implements PostRepository, SubmissionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    /**
     * The moderation table, for the functions whose status changes are logged (moderators' actions)
     * and for the submitting ones (the text fingerprints' rows).
     */
    private readonly logTable?: string,
    /** The rate-limits table, for the function that sends new posts (the author's slot is taken with the post). */
    private readonly rateLimitsTable?: string,
    /** The names table, for the same function: the author's account must not be marked deleted when the post lands. */
    private readonly namesTable?: string,
  ) {}

  async insert(post: StoredPost): Promise<void> {
    await this.client.send(
      new PutCommand({
        TableName: this.tableName,
        Item: postItem(post),
        ConditionExpression: 'attribute_not_exists(id)',
      }),
    );
  }

  async get(id: string, options: { consistent?: boolean } = {}): Promise<StoredPost | undefined> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: options.consistent }));
    return postFromItem(Item);
  }

  /** One Query on the feed or category index (published posts only: both are sparse); one extra item says whether more exist. */
  async page({ category, limit, afterSortKey }: PageQuery): Promise<Page> {
    const partition = category ? { name: POSTS_KEYS.category, value: category } : { name: POSTS_KEYS.feed, value: FEED_PARTITION };
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: category ? POSTS_INDEX.category : POSTS_INDEX.feed,
        KeyConditionExpression: afterSortKey ? '#p = :p AND #s < :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': partition.name, ...(afterSortKey ? { '#s': POSTS_KEYS.sortKey } : {}) },
        ExpressionAttributeValues: { ':p': partition.value, ...(afterSortKey ? { ':after': afterSortKey } : {}) },
        ScanIndexForward: false,
        Limit: limit + 1,
      }),
    );
    const items = postsFromItems(Items);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  }

  /** At most two single-item queries on the (sparse) random index, whatever the table size. */
  async random(): Promise<StoredPost | undefined> {
    const point = randomBytes(8).toString('hex');
    const query = (atOrAfter?: string) =>
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: POSTS_INDEX.random,
          KeyConditionExpression: atOrAfter ? '#p = :p AND #r >= :r' : '#p = :p',
          ExpressionAttributeNames: { '#p': POSTS_KEYS.feed, ...(atOrAfter ? { '#r': POSTS_KEYS.rand } : {}) },
          ExpressionAttributeValues: { ':p': FEED_PARTITION, ...(atOrAfter ? { ':r': atOrAfter } : {}) },
          Limit: 1,
        }),
      );
    const found = postsFromItems((await query(point)).Items)[0];
    if (found) return found;
    // Past the largest key: wrap around to the smallest.
    return postsFromItems((await query()).Items)[0];
  }

  /** One Query on the author index, newest first. */
  async byAuthor({ authorId, limit, afterKey }: AuthorPageQuery): Promise<Page> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: POSTS_INDEX.author,
        KeyConditionExpression: afterKey ? '#p = :p AND #s < :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': POSTS_KEYS.authorId, ...(afterKey ? { '#s': POSTS_KEYS.createdKey } : {}) },
        ExpressionAttributeValues: { ':p': authorId, ...(afterKey ? { ':after': afterKey } : {}) },
        ScanIndexForward: false,
        Limit: limit + 1,
      }),
    );
    const items = postsFromItems(Items);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  }

  /** One Query of at most `limit` entries of the pending queue, oldest first, leaving one author's out. */
  async pendingQueue({ excludeAuthorId, limit, after }: QueueQuery): Promise<{ items: StoredPost[]; next?: string }> {
    const { Items, LastEvaluatedKey } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: POSTS_INDEX.queue,
        KeyConditionExpression: '#q = :q',
        FilterExpression: '#author <> :author',
        ExpressionAttributeNames: { '#q': POSTS_KEYS.queue, '#author': POSTS_KEYS.authorId },
        ExpressionAttributeValues: { ':q': QUEUES.pending, ':author': excludeAuthorId },
        ScanIndexForward: true,
        Limit: limit,
        ExclusiveStartKey: after ? (JSON.parse(after) as Record<string, unknown>) : undefined,
      }),
    );
    return { items: postsFromItems(Items), next: LastEvaluatedKey ? JSON.stringify(LastEvaluatedKey) : undefined };
  }

  /** One Query of the pending queue, oldest first, from strictly after `after` (a `queuedAt`). */
  async pendingPage(limit: number, after?: string): Promise<{ items: StoredPost[]; next?: string }> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: POSTS_INDEX.queue,
        KeyConditionExpression: after ? '#q = :q AND #at > :after' : '#q = :q',
        ExpressionAttributeNames: { '#q': POSTS_KEYS.queue, ...(after ? { '#at': POSTS_KEYS.queuedAt } : {}) },
        ExpressionAttributeValues: { ':q': QUEUES.pending, ...(after ? { ':after': after } : {}) },
        ScanIndexForward: true,
        Limit: limit + 1,
      }),
    );
    const page = (Items ?? []).slice(0, limit);
    const last: unknown = page.at(-1)?.[POSTS_KEYS.queuedAt];
    return { items: postsFromItems(page), next: (Items ?? []).length > limit && typeof last === 'string' ? last : undefined };
  }

  /** One Query of the hidden queue, oldest first. */
  async hidden(limit: number): Promise<StoredPost[]> {
    const { Items } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: POSTS_INDEX.queue,
        ...keyIs(POSTS_KEYS.queue, QUEUES.hidden),
        ScanIndexForward: true,
        Limit: limit,
      }),
    );
    return postsFromItems(Items);
  }

  /**
   * One conditional UpdateItem; with a log entry, one TransactWriteItems of the post's update and the
   * entry, so a moderator's action is never applied without its record (nor recorded undone).
   */
  async changeStatus(post: StoredPost, to: PostStatus, at: Date, options: StatusChangeOptions = {}): Promise<boolean> {
    const update = statusUpdate(post, to, at);
    if (options.rejectedFor) update.set = { ...update.set, rejectedFor: options.rejectedFor };
    const params = { TableName: this.tableName, Key: { id: post.id }, ...updateParams(update) };
    if (options.log) {
      if (this.logTable === undefined) throw new Error('DynamoPostRepository: a logged change needs the moderation table');
      const cancelled = await transactWrite(this.client, [{ Update: params }, logPut(this.logTable, options.log)]);
      if (!cancelled) return true;
      if (isConflict(cancelled)) return false;
      throw cancelled.error;
    }
    try {
      await this.client.send(new UpdateCommand(params));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** One consistent GetItem of the fingerprint's row (moderation table). */
  async holderOf(fingerprint: string): Promise<string | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.moderationTable(), Key: { key: fingerprintKey(fingerprint) }, ConsistentRead: true }),
    );
    return typeof Item?.postId === 'string' ? Item.postId : undefined;
  }

  /** One TransactWriteItems: the new post (only if its id is free) and its fingerprint's row (only if as read). */
  /** One TransactWriteItems: the post, its fingerprint's row and the author's rate-limit slot (rateLimiter.ts slotPut). */
  async submit(post: StoredPost, claim: FingerprintClaim, slot: RateSlot): Promise<'stored' | 'exists' | 'taken' | 'deleted'> {
    if (this.rateLimitsTable === undefined) throw new Error('DynamoPostRepository: new posts need the rate-limits table');
    const cancelled = await transactWrite(this.client, [
      { Put: { TableName: this.tableName, Item: postItem(post), ConditionExpression: 'attribute_not_exists(id)' } },
      this.claimPut(claim, post.id, post.createdAt),
      { Put: slotPut(this.rateLimitsTable, slot) },
      ...(this.namesTable ? [accountNotDeleted(this.namesTable, post.authorId)] : []),
    ]);
    if (!cancelled) return 'stored';
    if (failedCondition(cancelled, 0)) return 'exists';
    if (this.namesTable && failedCondition(cancelled, 3)) return 'deleted';
    if (isConflict(cancelled)) return 'taken';
    throw cancelled.error;
  }

  /** One TransactWriteItems: the post's update (resendUpdate: still rejected, never resent) and its new fingerprint's row. */
  async resend(post: StoredPost, edit: PostEdit, at: Date, claim: FingerprintClaim): Promise<boolean> {
    const cancelled = await transactWrite(this.client, [
      { Update: { TableName: this.tableName, Key: { id: post.id }, ...updateParams(resendUpdate(post, edit, at)) } },
      this.claimPut(claim, post.id, at.toISOString()),
    ]);
    if (!cancelled) return true;
    if (isConflict(cancelled)) return false;
    throw cancelled.error;
  }

  /** The fingerprint row naming `postId`, on the condition that its holder is still the one read. */
  private claimPut(claim: FingerprintClaim, postId: string, at: string) {
    return { Put: fingerprintPut(this.moderationTable(), claim, postId, at) };
  }

  private moderationTable(): string {
    if (this.logTable === undefined) throw new Error('DynamoPostRepository: fingerprints need the moderation table');
    return this.logTable;
  }

  /** One Query of the author index, keeping the pending posts (a suspension rejects them). */
  async pendingOf(authorId: string, after?: string): Promise<{ items: StoredPost[]; next?: string }> {
    const { Items, LastEvaluatedKey } = await this.client.send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: POSTS_INDEX.author,
        KeyConditionExpression: '#p = :p',
        FilterExpression: '#status = :pending',
        ExpressionAttributeNames: { '#p': POSTS_KEYS.authorId, '#status': 'status' },
        ExpressionAttributeValues: { ':p': authorId, ':pending': 'pending' },
        Limit: 100,
        ExclusiveStartKey: after ? (JSON.parse(after) as Record<string, unknown>) : undefined,
      }),
    );
    return { items: postsFromItems(Items), next: LastEvaluatedKey ? JSON.stringify(LastEvaluatedKey) : undefined };
  }

  /**
   * Pages through the author index and updates each post's `name`, ten at a time, each
   * conditioned on the post still being this author's. Posts already signed so are left untouched.
   */
  async setAuthorName(authorId: string, signature: Signature): Promise<number> {
    return signAuthorItems(
      this.client,
      { tableName: this.tableName, indexName: POSTS_INDEX.author, authorAttribute: POSTS_KEYS.authorId },
      authorId,
      signature,
    );
  }
}
