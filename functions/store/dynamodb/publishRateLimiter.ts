import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { RATE_LIMIT } from '../../contract';
import type { PublishRateLimiter } from '../../domain/ports';

const MAX_ATTEMPTS = 5;

/**
 * A sliding-window log per user (`times`: recent publish times in ms), updated with optimistic
 * locking on `version`, so concurrent publishes by one user cannot both take the last slot.
 * It needs no transactions (dynalite has none) and the TTL only tidies rows away.
 */
export class DynamoPublishRateLimiter implements PublishRateLimiter {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly limit: { count: number; windowMs: number } = RATE_LIMIT,
  ) {}

  async tryAcquire(userId: string, now: Date): Promise<boolean> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { Item } = await this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { userId }, ConsistentRead: true }),
      );
      const version = typeof Item?.version === 'number' ? Item.version : 0;
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
              version: version + 1,
              expiresAt: Math.ceil((now.getTime() + this.limit.windowMs) / 1000),
            },
            ConditionExpression: version === 0 ? 'attribute_not_exists(userId)' : 'version = :version',
            ExpressionAttributeValues: version === 0 ? undefined : { ':version': version },
          }),
        );
        return true;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
    }
    throw new Error(`Rate limit row for a user kept changing under ${MAX_ATTEMPTS} attempts`);
  }
}
