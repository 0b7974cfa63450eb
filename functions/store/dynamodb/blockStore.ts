import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  QueryCommand,
  type BatchGetCommandOutput,
  type DynamoDBDocumentClient,
  type QueryCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import type { NamedAccount } from '../../domain/ports/authors';
import type { BlockStore, BlockWrite } from '../../domain/ports/blocks';
import { BLOCKS_INDEX } from '../tables';
import { namedAccount } from './authorStore';
import { accountNotDeleted, userRow } from './nameStore';
import { failedCondition, transactWrite } from './transactions';

const BATCH_GET_LIMIT = 100;
const ROUNDS = 8;
/** Tries of a block whose transaction collided with another one on the same row (twenty at once). */
const MAX_ATTEMPTS = 20;

/**
 * The blocks table (functions/store/tables.ts): `accountId` + `blockedId`, who blocked an account on
 * blocked-index; with the names table, for finding an account by its apodo and the apodos of blocked
 * accounts (a function that only checks blocks needs no names).
 */
export class DynamoBlockStore implements BlockStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
    private readonly namesTable?: string,
  ) {}

  private names(): string {
    if (!this.namesTable) throw new Error('DynamoBlockStore was built without the names table, so it cannot read apodos');
    return this.namesTable;
  }

  accountByNameKey(key: string): Promise<NamedAccount | undefined> {
    return namedAccount(this.client, this.names(), key);
  }

  async isBlocked(accountId: string, blockedId: string): Promise<boolean> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.tableName, Key: { accountId, blockedId }, ProjectionExpression: 'blockedId' }),
    );
    return Item !== undefined;
  }

  /**
   * One TransactWriteItems: the row put unless it is there (a second block, twenty at once included,
   * changes nothing), with the checks that neither account is marked deleted — a token's account state
   * is trusted for a few seconds, so a block sent just after `DELETE /me` never leaves a row behind it.
   * A transaction that collides with another on the same row is tried again.
   */
  async block(accountId: string, blockedId: string, at: Date): Promise<BlockWrite> {
    const names = this.names();
    for (let attempt = 0; ; attempt++) {
      const cancelled = await transactWrite(this.client, [
        {
          Put: {
            TableName: this.tableName,
            Item: { accountId, blockedId, at: at.toISOString() },
            ConditionExpression: 'attribute_not_exists(blockedId)',
          },
        },
        accountNotDeleted(names, accountId),
        accountNotDeleted(names, blockedId),
      ]);
      if (!cancelled) return 'blocked';
      if (failedCondition(cancelled, 1)) return 'deleted';
      if (failedCondition(cancelled, 2)) return 'gone';
      if (failedCondition(cancelled, 0)) return 'exists';
      if (!cancelled.raced || attempt >= MAX_ATTEMPTS) throw cancelled.error;
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** Math.min(attempt, 5) * Math.random()));
    }
  }

  async unblock(accountId: string, blockedId: string): Promise<void> {
    await this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { accountId, blockedId } }));
  }

  async blockedBy(accountId: string): Promise<string[]> {
    return this.queryAll({ KeyConditionExpression: 'accountId = :a', ExpressionAttributeValues: { ':a': accountId } }, 'blockedId');
  }

  async namesOf(accountIds: readonly string[]): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const unique = [...new Set(accountIds)];
    const table = this.names();
    for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) {
      let keys: Record<string, unknown>[] | undefined = unique.slice(start, start + BATCH_GET_LIMIT).map((id) => ({ key: userRow(id) }));
      for (let round = 0; keys && keys.length > 0 && round < ROUNDS; round++) {
        if (round > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** round));
        const result: BatchGetCommandOutput = await this.client.send(
          new BatchGetCommand({
            RequestItems: {
              [table]: { Keys: keys, ProjectionExpression: '#k, #n, deleted', ExpressionAttributeNames: { '#k': 'key', '#n': 'name' } },
            },
          }),
        );
        for (const item of result.Responses?.[table] ?? []) {
          if (item.deleted === true || typeof item.name !== 'string' || typeof item.key !== 'string') continue;
          names.set(item.key.slice(userRow('').length), item.name);
        }
        keys = result.UnprocessedKeys?.[table]?.Keys;
      }
      if (keys && keys.length > 0) throw new Error('BatchGetItem left account rows unprocessed');
    }
    return names;
  }

  /** Its own rows (a Query of its partition), then the rows of those who blocked it (blocked-index), each deleted. */
  async forget(accountId: string): Promise<number> {
    const own = await this.blockedBy(accountId);
    const of = await this.queryAll(
      { IndexName: BLOCKS_INDEX.blocked, KeyConditionExpression: 'blockedId = :b', ExpressionAttributeValues: { ':b': accountId } },
      'accountId',
    );
    for (const blockedId of own) await this.unblock(accountId, blockedId);
    for (const blocker of of) await this.unblock(blocker, accountId);
    return own.length + of.length;
  }

  private async queryAll(
    query: { IndexName?: string; KeyConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> },
    attribute: 'accountId' | 'blockedId',
  ): Promise<string[]> {
    const found: string[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page: QueryCommandOutput = await this.client.send(
        new QueryCommand({ TableName: this.tableName, ...query, ProjectionExpression: attribute, ExclusiveStartKey: start }),
      );
      for (const item of page.Items ?? []) if (typeof item[attribute] === 'string') found.push(item[attribute]);
      start = page.LastEvaluatedKey;
    } while (start);
    return found;
  }
}
