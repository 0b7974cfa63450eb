import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { APPEAL_DECISIONS } from '../../contract/appeals';
import { suspensionSchema } from '../../contract/moderation';
import { sortKeyOf } from '../../domain/cursor';
import type { AppealDecisionOutcome, AppealDecisionWrite, AppealStore, StoredAppeal } from '../../domain/ports/appeals';
import { MODERATION_INDEX, MODERATION_KEYS, MODERATION_LISTS } from '../tables';
import { logPut } from './moderationLog';
import { notificationItem } from './notificationStore';
import { liftItems } from './suspensionStore';
import { failedCondition, transactWrite } from './transactions';

export const appealKey = (id: string) => `appeal#${id}`;
const APPEAL_PREFIX = 'appeal#';

const storedAppealSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  suspension: suspensionSchema,
  text: z.string(),
  createdAt: z.string(),
  decision: z.nullable(z.enum(APPEAL_DECISIONS)),
  reply: z.nullable(z.string()),
  decidedBy: z.nullable(z.string()),
  decidedById: z.optional(z.string()),
  decidedAt: z.optional(z.string()),
});

function appealFromItem(item: Record<string, unknown> | undefined): StoredAppeal | undefined {
  const parsed = z.safeParse(storedAppealSchema, item);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Appeals in the moderation table: `appeal#<suspension id>` (so a suspension has one), carrying
 * `userId` (its author: the user-index finds an account's appeals) and, while open, the sparse
 * list-index entry `appeals` by `${createdAt}#${id}`, read oldest first. The answer is one
 * TransactWriteItems: [0] the appeal, only while open (it leaves the list); [1] the log entry; [2] the
 * author's notification, new; and to lift, [3] the account row and [4] the suspension's record, as a
 * moderator's lift writes them (functions/store/dynamodb/suspensionStore.ts).
 */
export class DynamoAppealStore implements AppealStore {
  /** `decisions`: the tables only an answer writes (a function that only reads or appeals has neither). */
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tables: { moderation: string },
    private readonly decisions?: { names: string; notifications: string },
  ) {}

  async create(appeal: StoredAppeal): Promise<boolean> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tables.moderation,
          Item: {
            key: appealKey(appeal.id),
            kind: 'appeal',
            ...appeal,
            [MODERATION_KEYS.userId]: appeal.accountId,
            [MODERATION_KEYS.list]: MODERATION_LISTS.appeals,
            [MODERATION_KEYS.listedAt]: sortKeyOf(appeal.createdAt, appeal.id),
          },
          ConditionExpression: 'attribute_not_exists(#key)',
          ExpressionAttributeNames: { '#key': 'key' },
        }),
      );
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
      throw error;
    }
  }

  async get(id: string): Promise<StoredAppeal | undefined> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tables.moderation, Key: { key: appealKey(id) }, ConsistentRead: true }),
    );
    return appealFromItem(Item);
  }

  async open(limit: number, after?: string): Promise<{ items: StoredAppeal[]; next?: string }> {
    const { Items = [] } = await this.client.send(
      new QueryCommand({
        TableName: this.tables.moderation,
        IndexName: MODERATION_INDEX.list,
        KeyConditionExpression: after ? '#l = :l AND #at > :after' : '#l = :l',
        ExpressionAttributeNames: { '#l': MODERATION_KEYS.list, ...(after ? { '#at': MODERATION_KEYS.listedAt } : {}) },
        ExpressionAttributeValues: { ':l': MODERATION_LISTS.appeals, ...(after ? { ':after': after } : {}) },
        ScanIndexForward: true,
        Limit: limit + 1,
      }),
    );
    const items = Items.slice(0, limit);
    const last = items.at(-1);
    return {
      items: items.map(appealFromItem).filter((item) => item !== undefined),
      next: Items.length > limit && last ? String(last[MODERATION_KEYS.listedAt]) : undefined,
    };
  }

  async decide({ decided, log, notification, lift }: AppealDecisionWrite): Promise<AppealDecisionOutcome> {
    if (!this.decisions) throw new Error('This appeal store was built without the tables an answer writes');
    const tables = { ...this.tables, ...this.decisions };
    const appeal = {
      Update: {
        TableName: this.tables.moderation,
        Key: { key: appealKey(decided.id) },
        UpdateExpression:
          'SET decision = :decision, reply = :reply, decidedBy = :by, decidedById = :byId, decidedAt = :at REMOVE #list, #listedAt',
        ConditionExpression: 'attribute_exists(#key) AND attribute_type(decision, :open)',
        ExpressionAttributeNames: { '#key': 'key', '#list': MODERATION_KEYS.list, '#listedAt': MODERATION_KEYS.listedAt },
        ExpressionAttributeValues: {
          ':decision': decided.decision,
          ':reply': decided.reply,
          ':by': decided.decidedBy,
          ':byId': decided.decidedById,
          ':at': decided.decidedAt,
          ':open': 'NULL',
        },
      },
    };
    const told = {
      Put: {
        TableName: tables.notifications,
        Item: notificationItem(notification),
        ConditionExpression: 'attribute_not_exists(#key)',
        ExpressionAttributeNames: { '#key': 'key' },
      },
    };
    const items = [appeal, logPut(this.tables.moderation, log), told, ...(lift ? liftItems(tables, lift, log.at) : [])];
    const cancelled = await transactWrite(this.client, items);
    if (!cancelled) return 'decided';
    if (failedCondition(cancelled, 0) || failedCondition(cancelled, 2)) return 'already';
    return 'conflict';
  }

  async ofAccount(accountId: string): Promise<StoredAppeal[]> {
    const ids = await this.idsOf(accountId);
    const appeals = await Promise.all(ids.map((id) => this.get(id)));
    return appeals.filter((appeal) => appeal !== undefined).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  async removeAllOf(accountId: string): Promise<void> {
    for (const id of await this.idsOf(accountId)) {
      await this.client.send(new DeleteCommand({ TableName: this.tables.moderation, Key: { key: appealKey(id) } }));
    }
  }

  /** The ids of an account's appeals: its user-index entries under `appeal#`, every page. */
  private async idsOf(accountId: string): Promise<string[]> {
    const ids: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new QueryCommand({
          TableName: this.tables.moderation,
          IndexName: MODERATION_INDEX.user,
          KeyConditionExpression: '#u = :u AND begins_with(#k, :prefix)',
          ExpressionAttributeNames: { '#u': MODERATION_KEYS.userId, '#k': MODERATION_KEYS.key },
          ExpressionAttributeValues: { ':u': accountId, ':prefix': APPEAL_PREFIX },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of page.Items ?? []) if (typeof item.key === 'string') ids.push(item.key.slice(APPEAL_PREFIX.length));
      start = page.LastEvaluatedKey;
    } while (start !== undefined);
    return ids;
  }
}
