import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RATE_LIMIT } from '../../contract/posts';
import type { PublishRateLimiter } from '../../domain/ports/posts';

/**
 * A sliding-window log per user (`times`: recent publish times in ms), updated with optimistic
 * locking on `version`, so concurrent publishes by one user cannot both take the last slot.
 * The TTL only tidies rows away.
 */
export class DynamoPublishRateLimiter implements PublishRateLimiter {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly limit: { count: number; windowMs: number } = RATE_LIMIT,
    /** Prefixed to the user id in the row's key, so one table holds several limits (`comments#…`). */
    private readonly keyPrefix = '',
  ) {}

  async tryAcquire(user: string, now: Date): Promise<boolean> {
    const userId = `${this.keyPrefix}${user}`;
    // Each conflict means another publish by this user took a slot, so after `count` conflicts the
    // window is full and the next read refuses; a few more attempts cover times leaving the window.
    const maxAttempts = this.limit.count + 5;
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { userId }, ConsistentRead: true }));
      const version = typeof Item?.version === 'number' ? Item.version : undefined;
      const since = now.getTime() - this.limit.windowMs;
      const recent = (Array.isArray(Item?.times) ? (Item.times as unknown[]) : []).filter(
        (time): time is number => typeof time === 'number' && time > since,
      );
      if (recent.length >= this.limit.count) return false;
      try {
        await this.client.send(
          new PutCommand({
            TableName: this.tableName,
            Item: {
              userId,
              times: [...recent, now.getTime()],
              version: (version ?? 0) + 1,
              expiresAt: Math.ceil((now.getTime() + this.limit.windowMs) / 1000),
            },
            // Unchanged since it was read: the same version, or still no row (or a row without one).
            ConditionExpression:
              version !== undefined ? 'version = :version' : Item ? 'attribute_not_exists(version)' : 'attribute_not_exists(userId)',
            ExpressionAttributeValues: version !== undefined ? { ':version': version } : undefined,
          }),
        );
        return true;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        // Spread the retries of simultaneous publishes so they do not collide again in lockstep.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
      }
    }
    throw new Error(`Rate limit row for a user kept changing under ${maxAttempts} attempts`);
  }
}
