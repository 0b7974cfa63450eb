import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { untilSettled } from '../../domain/input';
import type { PushSubscriptionStore, StoredPushSubscription } from '../../domain/ports/push';
import { PUSH_SUBSCRIPTIONS_INDEX, PUSH_SUBSCRIPTIONS_KEYS, pushDevicesKey } from '../tables';
import { isConflict, transactWrite } from './transactions';
import { keyIs } from './keys';

const { endpointHash: HASH, accountId: ACCOUNT } = PUSH_SUBSCRIPTIONS_KEYS;

/** An account has a handful of devices; more than this many in one Query page are read on. */
const PAGE = 100;

function fromItem(item: Record<string, unknown>): StoredPushSubscription | undefined {
  const { endpointHash, accountId, endpoint, p256dh, auth, createdAt } = item;
  if ([endpointHash, accountId, endpoint, p256dh, auth, createdAt].some((value) => typeof value !== 'string')) return undefined;
  return { endpointHash, accountId, endpoint, p256dh, auth, createdAt } as StoredPushSubscription;
}

/** An account's list of devices as read: each device's endpoint hash → its `createdAt`, and the list's version (0: none yet). */
type Devices = { devices: Record<string, string>; version: number };

/**
 * The push-subscriptions table (functions/store/tables.ts): one row per endpoint, listed by account-index,
 * and per account one list of its devices (`account#<id>`), read consistently and written with its
 * version in the same transaction as the rows, so the cap on an account's devices holds under
 * concurrency (a GSI Query is eventually consistent and cannot count).
 */
export class DynamoPushSubscriptionStore implements PushSubscriptionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  /**
   * The row keyed by the endpoint (the same subscription twenty times at once is one row) and the
   * account's list of devices, in one transaction on the list's version: of racing subscriptions each
   * reads the list again and retries, so the account never ends with more than `maxDevices` rows. Past
   * the cap, entries that are no longer the account's (unsubscribed, gone, moved to another account) are
   * pruned first, then the oldest devices are deleted with the write (only while still the account's).
   */
  async put(subscription: StoredPushSubscription, maxDevices: number): Promise<number> {
    const { accountId, endpointHash } = subscription;
    return untilSettled(async () => {
      const read = await this.devicesOf(accountId);
      const devices = { ...read.devices, [endpointHash]: subscription.createdAt };
      const dropped: string[] = [];
      if (Object.keys(devices).length > maxDevices) {
        const others = Object.keys(devices).filter((hash) => hash !== endpointHash);
        const owned = await this.ownedBy(accountId, others);
        for (const hash of others) if (!owned.has(hash)) delete devices[hash];
        const oldestFirst = others
          .filter((hash) => owned.has(hash))
          .sort((a, b) => devices[a]!.localeCompare(devices[b]!) || a.localeCompare(b));
        while (Object.keys(devices).length > maxDevices) {
          const hash = oldestFirst.shift()!;
          delete devices[hash];
          dropped.push(hash);
        }
      }
      const cancelled = await transactWrite(this.client, [
        {
          Put: {
            TableName: this.tableName,
            Item: { [HASH]: pushDevicesKey(accountId), owner: accountId, devices, version: read.version + 1 },
            ...(read.version === 0
              ? { ConditionExpression: 'attribute_not_exists(#h)', ExpressionAttributeNames: { '#h': HASH } }
              : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': read.version } }),
          },
        },
        { Put: { TableName: this.tableName, Item: { ...subscription } } },
        ...dropped.map((hash) => ({
          Delete: {
            TableName: this.tableName,
            Key: { [HASH]: hash },
            // Never another account's device (it may have moved there since the read).
            ConditionExpression: 'attribute_not_exists(#h) OR #a = :a',
            ExpressionAttributeNames: { '#h': HASH, '#a': ACCOUNT },
            ExpressionAttributeValues: { ':a': accountId },
          },
        })),
      ]);
      if (!cancelled) return dropped.length;
      if (isConflict(cancelled)) return undefined;
      throw cancelled.error;
    }, 80);
  }

  /**
   * Every row of the account, found in its list of devices (consistent) and in account-index (rows
   * written before the list existed), each deleted while still the account's; then the list.
   */
  async removeAllOf(accountId: string): Promise<number> {
    const [listed, indexed] = await Promise.all([this.devicesOf(accountId), this.ofAccount(accountId)]);
    const hashes = new Set([...Object.keys(listed.devices), ...indexed.map((row) => row.endpointHash)]);
    const owned = await this.ownedBy(accountId, [...hashes]);
    await Promise.all([...owned].map((hash) => this.conditionalDelete(hash, '#a = :a', { ':a': accountId })));
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { [HASH]: pushDevicesKey(accountId) } }));
    return owned.size;
  }

  /** The account's list of devices, read consistently. */
  private async devicesOf(accountId: string): Promise<Devices> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { [HASH]: pushDevicesKey(accountId) }, ConsistentRead: true }),
    );
    const devices = Item?.devices && typeof Item.devices === 'object' ? (Item.devices as Record<string, string>) : {};
    return { devices, version: typeof Item?.version === 'number' ? Item.version : 0 };
  }

  /** Which of these rows exist and are the account's (consistent reads, 100 keys a request). */
  private async ownedBy(accountId: string, hashes: readonly string[]): Promise<Set<string>> {
    const owned = new Set<string>();
    for (let start = 0; start < hashes.length; start += 100) {
      let keys: Record<string, unknown>[] | undefined = hashes.slice(start, start + 100).map((hash) => ({ [HASH]: hash }));
      while (keys && keys.length > 0) {
        const answer: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: {
              [this.tableName]: {
                Keys: keys,
                ConsistentRead: true,
                ProjectionExpression: '#h, #a',
                ExpressionAttributeNames: { '#h': HASH, '#a': ACCOUNT },
              },
            },
          }),
        );
        for (const item of answer.Responses?.[this.tableName] ?? []) if (item[ACCOUNT] === accountId) owned.add(item[HASH] as string);
        keys = answer.UnprocessedKeys?.[this.tableName]?.Keys;
      }
    }
    return owned;
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
          ...keyIs(ACCOUNT, accountId),
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
