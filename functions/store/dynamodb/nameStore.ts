import { GetCommand, TransactWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountName, NameClaim, NameStore, StoredName } from '../../domain/ports/accounts';

import { NAMES_TABLE } from '../tables';
import { decodeCancellation, failedCondition } from './transactions';

const NAMES_TTL_ATTRIBUTE = NAMES_TABLE.ttlAttribute;
const nameRow = (key: string) => `name#${key}`;
const userRow = (userId: string) => `user#${userId}`;

/**
 * The names table (functions/store/tables.ts): a name row per apodo, keyed by its unique form, and
 * an account row per user. Every change writes both in one TransactWriteItems whose conditions
 * guarantee that a name row belongs to one account and that the account row still says what was read.
 */
export class DynamoNameStore implements NameStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async accountOf(userId: string, options: { consistent?: boolean } = {}): Promise<AccountName> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { key: userRow(userId) }, ConsistentRead: options.consistent }),
    );
    const name = typeof Item?.name === 'string' && typeof Item.nameKey === 'string' ? { name: Item.name, key: Item.nameKey } : undefined;
    const suspendedUntil = typeof Item?.suspendedUntil === 'string' ? Item.suspendedUntil : undefined;
    return { name, deleted: Item?.deleted === true, ...(suspendedUntil ? { suspendedUntil } : {}) };
  }

  async claim(userId: string, name: StoredName, previous: StoredName | undefined): Promise<NameClaim> {
    const freesOld = previous !== undefined && previous.key !== name.key;
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                Item: { key: nameRow(name.key), userId, name: name.name },
                ConditionExpression: 'attribute_not_exists(#k) OR userId = :me',
                ExpressionAttributeNames: { '#k': 'key' },
                ExpressionAttributeValues: { ':me': userId },
              },
            },
            {
              // An update, not a Put: the row may also hold a suspension (`suspendedUntil`,
              // `suspensionId`), which a rename must keep.
              Update: {
                TableName: this.tableName,
                Key: { key: userRow(userId) },
                UpdateExpression: 'SET #name = :name, nameKey = :nameKey',
                ...(previous
                  ? {
                      ConditionExpression: 'nameKey = :previous',
                      ExpressionAttributeValues: { ':name': name.name, ':nameKey': name.key, ':previous': previous.key },
                    }
                  : {
                      ConditionExpression: 'attribute_not_exists(nameKey) AND attribute_not_exists(deleted)',
                      ExpressionAttributeValues: { ':name': name.name, ':nameKey': name.key },
                    }),
                ExpressionAttributeNames: { '#name': 'name' },
              },
            },
            ...(freesOld
              ? [
                  {
                    Delete: {
                      TableName: this.tableName,
                      Key: { key: nameRow(previous.key) },
                      ConditionExpression: 'userId = :me',
                      ExpressionAttributeValues: { ':me': userId },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return 'claimed';
    } catch (error) {
      const cancelled = decodeCancellation(error);
      if (!cancelled) throw error;
      // Another account holds the name ([0]); anything else (our own row changed, a racing transaction) is read again.
      return failedCondition(cancelled, 0) ? 'taken' : 'conflict';
    }
  }

  async markDeleted(userId: string, current: StoredName | undefined, expiresAt: Date): Promise<boolean> {
    try {
      await this.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.tableName,
                // A Put: the deleted mark replaces everything the row held (a suspension included).
                Item: { key: userRow(userId), deleted: true, [NAMES_TTL_ATTRIBUTE]: Math.floor(expiresAt.getTime() / 1000) },
                ...(current
                  ? { ConditionExpression: 'nameKey = :current', ExpressionAttributeValues: { ':current': current.key } }
                  : { ConditionExpression: 'attribute_not_exists(nameKey) AND attribute_not_exists(deleted)' }),
              },
            },
            ...(current
              ? [
                  {
                    Delete: {
                      TableName: this.tableName,
                      Key: { key: nameRow(current.key) },
                      ConditionExpression: 'attribute_not_exists(#k) OR userId = :me',
                      ExpressionAttributeNames: { '#k': 'key' },
                      ExpressionAttributeValues: { ':me': userId },
                    },
                  },
                ]
              : []),
          ],
        }),
      );
      return true;
    } catch (error) {
      if (decodeCancellation(error)) return false;
      throw error;
    }
  }
}
