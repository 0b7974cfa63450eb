import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Begun, IdempotencyStore, StoredAnswer } from '../../domain/ports/idempotency';
import { IDEMPOTENCY_TABLE } from '../tables';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The idempotency table (functions/store/tables.ts): `{ key, state: running | done, leaseUntil,
 * answer?, expiresAt }`. Taking a record is one conditional PutItem, so of requests arriving at once
 * exactly one runs. DynamoDB's TTL deletes expired rows within days, not at once: the conditions treat
 * an expired row as absent.
 */
export class DynamoIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async begin(key: string, now: Date, leaseUntil: Date, expiresAt: Date): Promise<Begun> {
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: { key, state: 'running', leaseUntil: leaseUntil.getTime(), [IDEMPOTENCY_TABLE.ttlAttribute]: seconds(expiresAt) },
          ConditionExpression: 'attribute_not_exists(#key) OR #expires < :now OR (#state = :running AND leaseUntil < :nowMs)',
          ExpressionAttributeNames: { '#key': 'key', '#expires': IDEMPOTENCY_TABLE.ttlAttribute, '#state': 'state' },
          ExpressionAttributeValues: { ':now': seconds(now), ':nowMs': now.getTime(), ':running': 'running' },
        }),
      );
      return { state: 'started' };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { key }, ConsistentRead: true }));
    if (Item?.state === 'done' && typeof Item.answer === 'object' && Item.answer !== null)
      return { state: 'done', answer: Item.answer as StoredAnswer };
    // Running (or released between the two calls): the caller looks again.
    return { state: 'running' };
  }

  async finish(key: string, answer: StoredAnswer, expiresAt: Date): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { key },
        UpdateExpression: 'SET #state = :done, answer = :answer, #expires = :expires REMOVE leaseUntil',
        ExpressionAttributeNames: { '#state': 'state', '#expires': IDEMPOTENCY_TABLE.ttlAttribute },
        ExpressionAttributeValues: { ':done': 'done', ':answer': answer, ':expires': seconds(expiresAt) },
      }),
    );
  }

  async abandon(key: string): Promise<void> {
    await this.client
      .send(
        new DeleteCommand({
          TableName: this.tableName,
          Key: { key },
          ConditionExpression: '#state = :running',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':running': 'running' },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }
}
