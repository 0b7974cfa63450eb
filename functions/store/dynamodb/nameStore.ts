import { GetCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AccountName, NameAsRead, NameClaim, NameStore, StoredName } from '../../domain/ports/accounts';

import { FORMER_NAME_DAYS } from '../../contract/authors';
import { NAMES_TABLE } from '../tables';
import { failedCondition, transactWrite } from './transactions';

const NAMES_TTL_ATTRIBUTE = NAMES_TABLE.ttlAttribute;
const DAY_MS = 24 * 60 * 60 * 1000;
const nameRow = (key: string) => `name#${key}`;
/** An account's row in the names table (its apodo, version, suspension, deletion mark). */
export const userRow = (userId: string) => `user#${userId}`;

/**
 * A transaction's check that an account carries no deletion mark (an account with no row yet has
 * none): what a write made for an account (its post, its comment, a notification to it) takes with it,
 * so none lands once `DELETE /me` has marked the account, however late the write's request read it.
 */
export function accountNotDeleted(namesTable: string, accountId: string) {
  return {
    ConditionCheck: { TableName: namesTable, Key: { key: userRow(accountId) }, ConditionExpression: 'attribute_not_exists(deleted)' },
  };
}

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
    const suspensionId = typeof Item?.suspensionId === 'string' ? Item.suspensionId : undefined;
    const version = typeof Item?.version === 'number' ? Item.version : 0;
    const renames = Array.isArray(Item?.renames)
      ? (Item.renames as unknown[]).filter((time): time is string => typeof time === 'string')
      : [];
    return {
      name,
      deleted: Item?.deleted === true,
      ...(Item?.eraseContent === true ? { eraseContent: true } : {}),
      version,
      renames,
      ...(suspendedUntil ? { suspendedUntil } : {}),
      ...(suspensionId ? { suspensionId } : {}),
    };
  }

  /**
   * The account row's condition: still at the version read. Rows written before versions existed
   * (version 0) are checked as they were then, by the name they point at.
   */
  private stillAsRead(read: NameAsRead) {
    if (read.version > 0)
      return { ConditionExpression: '#version = :read', ExpressionAttributeValues: { ':read': read.version } as Record<string, unknown> };
    return read.name
      ? {
          ConditionExpression: 'attribute_not_exists(#version) AND nameKey = :previous',
          ExpressionAttributeValues: { ':previous': read.name.key } as Record<string, unknown>,
        }
      : { ConditionExpression: 'attribute_not_exists(#version) AND attribute_not_exists(nameKey)', ExpressionAttributeValues: {} };
  }

  async claim(userId: string, name: StoredName, read: NameAsRead, at: Date, renames: string[]): Promise<NameClaim> {
    const previous = read.name;
    const freesOld = previous !== undefined && previous.key !== name.key;
    const asRead = this.stillAsRead(read);
    const cancelled = await transactWrite(this.client, [
      {
        Put: {
          TableName: this.tableName,
          Item: { key: nameRow(name.key), userId, name: name.name },
          // Free, this account's, or another's former apodo (which a new claimer takes over).
          ConditionExpression: 'attribute_not_exists(#k) OR userId = :me OR attribute_exists(#ttl)',
          ExpressionAttributeNames: { '#k': 'key', '#ttl': NAMES_TTL_ATTRIBUTE },
          ExpressionAttributeValues: { ':me': userId },
        },
      },
      {
        // An update, not a whole item: what else the row holds (a suspension) stays.
        Update: {
          TableName: this.tableName,
          Key: { key: userRow(userId) },
          UpdateExpression: 'SET #name = :name, nameKey = :key, #version = :next, since = if_not_exists(since, :since), renames = :renames',
          ConditionExpression: `attribute_not_exists(deleted) AND (${asRead.ConditionExpression})`,
          ExpressionAttributeNames: { '#name': 'name', '#version': 'version' },
          ExpressionAttributeValues: {
            ...asRead.ExpressionAttributeValues,
            ':name': name.name,
            ':key': name.key,
            ':next': read.version + 1,
            ':since': at.toISOString(),
            ':renames': renames,
          },
        },
      },
      ...(freesOld
        ? [
            {
              // The old apodo stays the account's former one (its page answers 301) until it
              // expires or someone claims it.
              Put: {
                TableName: this.tableName,
                Item: {
                  key: nameRow(previous.key),
                  userId,
                  name: previous.name,
                  [NAMES_TTL_ATTRIBUTE]: Math.floor((at.getTime() + FORMER_NAME_DAYS * DAY_MS) / 1000),
                },
                ConditionExpression: 'userId = :me',
                ExpressionAttributeValues: { ':me': userId },
              },
            },
          ]
        : []),
    ]);
    if (!cancelled) return 'claimed';
    // Another account holds the name ([0]); anything else (our own row changed, a racing transaction) is read again.
    return failedCondition(cancelled, 0) ? 'taken' : 'conflict';
  }

  async markDeleted(userId: string, read: NameAsRead, expiresAt: Date, options: { eraseContent?: boolean } = {}): Promise<boolean> {
    const current = read.name;
    const asRead = this.stillAsRead(read);
    const cancelled = await transactWrite(this.client, [
      {
        Update: {
          TableName: this.tableName,
          Key: { key: userRow(userId) },
          UpdateExpression: `SET deleted = :true, #ttl = :ttl, #version = :next${options.eraseContent ? ', eraseContent = :true' : ''} REMOVE #name, nameKey, suspendedUntil, suspensionId`,
          ConditionExpression: asRead.ConditionExpression,
          ExpressionAttributeNames: { '#name': 'name', '#version': 'version', '#ttl': NAMES_TTL_ATTRIBUTE },
          ExpressionAttributeValues: {
            ...asRead.ExpressionAttributeValues,
            ':true': true,
            ':ttl': Math.floor(expiresAt.getTime() / 1000),
            ':next': read.version + 1,
          },
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
    ]);
    return cancelled === undefined;
  }
}
