import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RATE_LIMIT } from '../../contract/posts';
import type { ActionCounter, RateLimiter, RateSlot } from '../../domain/ports/posts';

/**
 * A sliding-window log per account in the rate-limits table (`times`: recent send times in ms, and a
 * `version` that each send moves up). The limiter only reads: the send's own transaction writes the
 * slot (slotPut), on the condition that the row is still at the version read, so simultaneous sends by
 * one account cannot both take the last slot, and a send that stores nothing takes none. The TTL only
 * tidies rows away.
 */
export class DynamoRateLimiter implements RateLimiter {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly limit: { count: number; windowMs: number } = RATE_LIMIT,
    /** Prefixed to the account's id in the row's key, so one table holds several limits (`comments#…`). */
    private readonly keyPrefix = '',
  ) {}

  async slotFor(user: string, now: Date): Promise<RateSlot | undefined> {
    const key = `${this.keyPrefix}${user}`;
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { userId: key }, ConsistentRead: true }));
    const since = now.getTime() - this.limit.windowMs;
    const recent = (Array.isArray(Item?.times) ? (Item.times as unknown[]) : []).filter(
      (time): time is number => typeof time === 'number' && time > since,
    );
    if (recent.length >= this.limit.count) return undefined;
    return {
      key,
      times: [...recent, now.getTime()],
      version: typeof Item?.version === 'number' ? Item.version : undefined,
      existed: Item !== undefined,
      expiresAt: Math.ceil((now.getTime() + this.limit.windowMs) / 1000),
    };
  }
}

/**
 * The Put (for a TransactWriteItems) that takes `slot` in the rate-limits table `tableName`, on the
 * condition that the row is unchanged since it was read: the same version, or still no row (or a row
 * without one).
 */
export function slotPut(tableName: string, slot: RateSlot) {
  const { key, times, version, existed, expiresAt } = slot;
  return {
    TableName: tableName,
    Item: { userId: key, times, version: (version ?? 0) + 1, expiresAt },
    ...(version !== undefined
      ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': version } }
      : { ConditionExpression: existed ? 'attribute_not_exists(version)' : 'attribute_not_exists(userId)' }),
  };
}

/**
 * A fixed-window counter per account in the rate-limits table (`<prefix><user>#<window start>`): one
 * conditional UpdateItem adds one while the count is under the limit, so of requests at once exactly
 * `count` pass. Cheaper than the sliding log, for actions that change a state rather than add content;
 * a burst across two windows may reach twice the limit, which is still a bound. The TTL tidies rows away.
 */
export class DynamoActionCounter implements ActionCounter {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly limit: { count: number; windowMs: number },
    private readonly keyPrefix: string,
  ) {}

  async take(user: string, now: Date): Promise<boolean> {
    const start = Math.floor(now.getTime() / this.limit.windowMs) * this.limit.windowMs;
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { userId: `${this.keyPrefix}${user}#${start}` },
          UpdateExpression: 'ADD #taken :one SET expiresAt = :expires',
          ConditionExpression: 'attribute_not_exists(#taken) OR #taken < :count',
          ExpressionAttributeNames: { '#taken': 'taken' },
          ExpressionAttributeValues: {
            ':one': 1,
            ':count': this.limit.count,
            ':expires': Math.ceil((start + 2 * this.limit.windowMs) / 1000),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
