import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { PushSubscriptionStore, StoredPushSubscription } from '../../domain/ports/push';
import { PUSH_SUBSCRIPTIONS_INDEX, PUSH_SUBSCRIPTIONS_KEYS } from '../tables';

const { endpointHash: HASH, accountId: ACCOUNT } = PUSH_SUBSCRIPTIONS_KEYS;

/** An account has a handful of devices; more than this many in one Query page are read on. */
const PAGE = 100;

function fromItem(item: Record<string, unknown>): StoredPushSubscription | undefined {
  const { endpointHash, accountId, endpoint, p256dh, auth, createdAt } = item;
  if ([endpointHash, accountId, endpoint, p256dh, auth, createdAt].some((value) => typeof value !== 'string')) return undefined;
  return { endpointHash, accountId, endpoint, p256dh, auth, createdAt } as StoredPushSubscription;
}

/** The push-subscriptions table (functions/store/tables.ts): one row per endpoint, listed by account-index. */
export class DynamoPushSubscriptionStore implements PushSubscriptionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /** One PutItem keyed by the endpoint: the same subscription twenty times at once is one row. */
  async put(subscription: StoredPushSubscription): Promise<void> {
    await this.client.send(new PutCommand({ TableName: this.tableName, Item: { ...subscription } }));
  }

  async remove(endpointHash: string, accountId: string): Promise<void> {
    await this.conditionalDelete(endpointHash, '#a = :a', { ':a': accountId });
  }

  async removeGone(subscription: StoredPushSubscription): Promise<void> {
    await this.conditionalDelete(subscription.endpointHash, '#a = :a AND #e = :e', {
      ':a': subscription.accountId,
      ':e': subscription.endpoint,
    });
  }

  async ofAccount(accountId: string): Promise<StoredPushSubscription[]> {
    const found: StoredPushSubscription[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: PUSH_SUBSCRIPTIONS_INDEX.account,
          KeyConditionExpression: '#a = :a',
          ExpressionAttributeNames: { '#a': ACCOUNT },
          ExpressionAttributeValues: { ':a': accountId },
          Limit: PAGE,
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) {
        const subscription = fromItem(item);
        if (subscription) found.push(subscription);
      }
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  }

  private async conditionalDelete(endpointHash: string, condition: string, values: Record<string, string>): Promise<void> {
    try {
      await this.client.send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { [HASH]: endpointHash },
          ConditionExpression: condition,
          ExpressionAttributeNames: { '#a': ACCOUNT, ...(':e' in values ? { '#e': 'endpoint' } : {}) },
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
