import { GetCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { LoggedAction, StoredSuspension, SuspendOutcome, SuspensionStore } from '../../domain/ports/moderation';
import { MODERATION_INDEX, MODERATION_KEYS, MODERATION_LISTS } from '../tables';
import { logFromItem, logPut, suspensionFromItem, suspensionItem, suspensionKey } from './moderationLog';
import { failedCondition, transactWrite } from './transactions';

const userRow = (accountId: string) => `user#${accountId}`;

/**
 * The two writes that lift a suspension, for a transaction: [0] the account row, only if it still names
 * this suspension; [1] the suspension's record, only if not lifted yet (it leaves the list). A lift
 * by a moderator and one by an appeal's answer write the same.
 */
export function liftItems(tables: { moderation: string; names: string }, suspension: StoredSuspension, at: string) {
  const accountRow = {
    Update: {
      TableName: tables.names,
      Key: { key: userRow(suspension.accountId) },
      UpdateExpression: 'REMOVE suspendedUntil, suspensionId',
      ConditionExpression: 'suspensionId = :id',
      ExpressionAttributeValues: { ':id': suspension.id },
    },
  };
  const record = {
    Update: {
      TableName: tables.moderation,
      Key: { key: suspensionKey(suspension.id) },
      UpdateExpression: 'SET liftedAt = :at REMOVE #list, #listedAt',
      ConditionExpression: 'attribute_exists(#list)',
      ExpressionAttributeNames: { '#list': MODERATION_KEYS.list, '#listedAt': MODERATION_KEYS.listedAt },
      ExpressionAttributeValues: { ':at': at },
    },
  };
  return [accountRow, record] as const;
}

/**
 * Suspensions (moderation table) and the account rows they mark (names table: `suspendedUntil`,
 * `suspensionId`), with the moderation log. Every suspension and lift is one TransactWriteItems:
 *
 * - suspend: [0] the account row, only if it is not deleted and no suspension is in force
 *   (`suspendedUntil` absent or past: ISO times compare as strings), so twenty moderators at once
 *   make one suspension; [1] the suspension, new; [2] its log entry.
 * - lift: [0] the account row, only if it still names this suspension; [1] the suspension, only if
 *   not lifted yet (it leaves the list); [2] its log entry.
 *
 * The account row is only ever updated here (UpdateItem), never replaced, so its apodo stays.
 */
export class DynamoSuspensionStore implements SuspensionStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { moderation: string; names: string },
  ) {}

  async suspend(suspension: StoredSuspension, log: LoggedAction, now: Date): Promise<SuspendOutcome> {
    const cancelled = await transactWrite(this.client, [
      {
        Update: {
          TableName: this.tables.names,
          Key: { key: userRow(suspension.accountId) },
          UpdateExpression: 'SET suspendedUntil = :until, suspensionId = :id',
          ConditionExpression: 'attribute_not_exists(deleted) AND (attribute_not_exists(suspendedUntil) OR suspendedUntil <= :now)',
          ExpressionAttributeValues: { ':until': suspension.until, ':id': suspension.id, ':now': now.toISOString() },
        },
      },
      {
        Put: {
          TableName: this.tables.moderation,
          Item: suspensionItem(suspension),
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': 'key' },
        },
      },
      logPut(this.tables.moderation, log),
    ]);
    if (!cancelled) return 'suspended';
    if (!failedCondition(cancelled, 0)) throw cancelled.error;
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.names, Key: { key: userRow(suspension.accountId) }, ConsistentRead: true }),
    );
    return Item?.deleted === true ? 'gone' : 'already';
  }

  async get(id: string): Promise<StoredSuspension | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.moderation, Key: { key: suspensionKey(id) }, ConsistentRead: true }),
    );
    return suspensionFromItem(Item);
  }

  async lift(suspension: StoredSuspension, log: LoggedAction): Promise<boolean> {
    const [accountRow, record] = liftItems(this.tables, suspension, log.at);
    const cancelled = await transactWrite(this.client, [accountRow, record, logPut(this.tables.moderation, log)]);
    if (!cancelled) return true;
    // The account row no longer names this suspension (the account was deleted): only the record is lifted.
    if (!failedCondition(cancelled, 0) || failedCondition(cancelled, 1) || cancelled.raced) return false;
    return (await transactWrite(this.client, [record, logPut(this.tables.moderation, log)])) === undefined;
  }

  async suspensions(limit: number, after?: string): Promise<{ items: StoredSuspension[]; next?: string }> {
    const page = await this.list(MODERATION_LISTS.suspensions, limit, after);
    return { items: page.items.map(suspensionFromItem).filter((item) => item !== undefined), next: page.next };
  }

  async log(limit: number, after?: string): Promise<{ items: LoggedAction[]; next?: string }> {
    const page = await this.list(MODERATION_LISTS.log, limit, after);
    return { items: page.items.map(logFromItem).filter((item) => item !== undefined), next: page.next };
  }

  /** One Query of a list-index partition, newest first, strictly before `after` (a `listedAt`). */
  private async list(list: string, limit: number, after?: string): Promise<{ items: Record<string, unknown>[]; next?: string }> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.moderation,
        IndexName: MODERATION_INDEX.list,
        KeyConditionExpression: after ? '#l = :l AND #at < :after' : '#l = :l',
        ExpressionAttributeNames: { '#l': MODERATION_KEYS.list, ...(after ? { '#at': MODERATION_KEYS.listedAt } : {}) },
        ExpressionAttributeValues: { ':l': list, ...(after ? { ':after': after } : {}) },
        ScanIndexForward: false,
        Limit: limit + 1,
      }),
    );
    const items = Items.slice(0, limit);
    const last = items.at(-1);
    return { items, next: Items.length > limit && last ? String(last[MODERATION_KEYS.listedAt]) : undefined };
  }
}
