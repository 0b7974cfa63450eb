import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Begun, IdempotencyStore, StoredAnswer } from '../../domain/ports/idempotency';
import { IDEMPOTENCY_TABLE } from '../tables';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The idempotency table (functions/store/tables.ts): `{ key, state: running | done | free, generation,
 * leaseUntil, answer?, expiresAt }`. Taking a record is one conditional write, so of requests arriving
 * at once exactly one runs. DynamoDB's TTL deletes expired rows within days, not at once: the
 * conditions treat an expired row as absent, and remaking it starts a new generation, so what the old
 * one wrote is never found again under the key.
 */
export class DynamoIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async begin(key: string, now: Date, leaseUntil: Date, expiresAt: Date): Promise<Begun> {
    const generation = randomUUID();
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            key,
            state: 'running',
            generation,
            leaseUntil: leaseUntil.getTime(),
            [IDEMPOTENCY_TABLE.ttlAttribute]: seconds(expiresAt),
          },
          ConditionExpression: 'attribute_not_exists(#key) OR #expires < :now',
          ExpressionAttributeNames: { '#key': 'key', '#expires': IDEMPOTENCY_TABLE.ttlAttribute },
          ExpressionAttributeValues: { ':now': seconds(now) },
        }),
      );
      return { state: 'started', generation };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    // A record in its window: taken over when free or when its request's lease is over (the function died).
    try {
      const { Attributes } = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { key },
          UpdateExpression: 'SET #state = :running, leaseUntil = :lease',
          ConditionExpression: '#expires >= :now AND (#state = :free OR (#state = :running AND leaseUntil < :nowMs))',
          ExpressionAttributeNames: { '#expires': IDEMPOTENCY_TABLE.ttlAttribute, '#state': 'state' },
          ExpressionAttributeValues: {
            ':running': 'running',
            ':free': 'free',
            ':lease': leaseUntil.getTime(),
            ':now': seconds(now),
            ':nowMs': now.getTime(),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { state: 'started', generation: typeof Attributes?.generation === 'string' ? Attributes.generation : '' };
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
    const { Item } = await this.client.send(new GetCommand({ TableName: this.tableName, Key: { key }, ConsistentRead: true }));
    if (Item?.state === 'done' && typeof Item.answer === 'object' && Item.answer !== null)
      return { state: 'done', answer: Item.answer as StoredAnswer };
    // Running (or changed between the calls): the caller looks again.
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

  async release(key: string): Promise<void> {
    await this.client
      .send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { key },
          UpdateExpression: 'SET #state = :free REMOVE leaseUntil',
          ConditionExpression: '#state = :running',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':running': 'running', ':free': 'free' },
        }),
      )
      .catch((error: unknown) => {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      });
  }
}
